/** Business dates are Buenos Aires dates (DESIGN §7), whatever the server's time zone. */
const formatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Argentina/Buenos_Aires",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Buenos Aires as "YYYY-MM-DD" (sorts and compares as text). */
export function todayInBuenosAires(now: Date = new Date()): string {
  return formatter.format(now);
}

/** "YYYY-MM-DD" `days` after the given Buenos Aires date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
