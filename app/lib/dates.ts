/**
 * The shop's dates: Buenos Aires calendar days (DESIGN §7: business dates are Buenos Aires dates, whatever
 * the server's time zone) and every es-AR format that pages, mails and exports show. Framework-free, so
 * the UI, the domain, the db layer and scripts share it.
 *
 * Every formatter names the time zone, so the server and the browser write the same text (no hydration
 * mismatch). The formats differ on purpose (a list wants "24 nov, 02:30 p. m.", a mail a full date):
 * each function's comment shows its exact output, pinned in dates.test.ts.
 */

export const SHOP_TIME_ZONE = "America/Argentina/Buenos_Aires";
/** Buenos Aires is UTC-3 all year (no daylight saving since 2009). */
const OFFSET = "-03:00";

/**
 * What a formatter takes: an instant (a Date, epoch milliseconds or an ISO timestamp), or a Buenos Aires
 * calendar day "YYYY-MM-DD", read as its noon so that no time zone moves it to the day before or after.
 */
export type When = Date | string | number;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(when: When): Date {
  if (when instanceof Date) return when;
  if (typeof when === "string" && DAY.test(when)) return new Date(`${when}T12:00:00${OFFSET}`);
  return new Date(when);
}

/** A formatter made on first use: pages that import one format do not build the others. */
function esAR(options: Intl.DateTimeFormatOptions, locale = "es-AR"): (when: When) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (when) => {
    formatter ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    return formatter.format(instant(when));
  };
}

// ---- Calendar days ("YYYY-MM-DD", which sorts and compares as text) ----

const isoDay = /* @__PURE__ */ esAR({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");

/** The Buenos Aires calendar day of an instant (today by default) as "YYYY-MM-DD". */
export function todayInBuenosAires(now: When = new Date()): string {
  return isoDay(now);
}

/** "YYYY-MM-DD" `days` after the given calendar day (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** True for "YYYY-MM-DD" that exists on the calendar (no 31 de febrero). */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** "2026-09-05" -> "05/09" (Intl writes "5/9" for two-digit day and month without a year). */
export function dayMonth(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The first instant of a Buenos Aires calendar day. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00${OFFSET}`);
}

/** The last instant (to the millisecond) of a Buenos Aires calendar day: "valid until" that day. */
export function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999${OFFSET}`);
}

// ---- es-AR formats (outputs for 2026-11-24 14:30 in Buenos Aires) ----

/** "24 de noviembre de 2026": release dates, legal pages' "updated", a subscription's dates. */
export const longDate = /* @__PURE__ */ esAR({ day: "numeric", month: "long", year: "numeric" });

/** "24 de nov de 2026": admin lists (discount validity, subscribers, box subscriptions). */
export const shortDate = /* @__PURE__ */ esAR({ day: "numeric", month: "short", year: "numeric" });

/** "24/11/2026": spreadsheet columns (newsletter export). */
export const numericDate = /* @__PURE__ */ esAR({ day: "2-digit", month: "2-digit", year: "numeric" });

/** "noviembre de 2026": a month (expenses, the box a payment pays for). */
export const monthYear = /* @__PURE__ */ esAR({ month: "long", year: "numeric" });

/** "24 nov, 02:30 p. m.": admin lists of recent things (orders, mails, special orders, audit). */
export const dayMonthTime = /* @__PURE__ */ esAR({
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "24 de noviembre a las 02:30 p. m.": the customer's order page. */
export const longDayMonthTime = /* @__PURE__ */ esAR({
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

/** "24 de nov de 2026, 02:30 p. m.": QR codes in the admin. */
export const shortDateTime = /* @__PURE__ */ esAR({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "24 nov 2026, 2:30 p. m.": one mail or special order in the admin. */
export const mediumDateTime = /* @__PURE__ */ esAR({ dateStyle: "medium", timeStyle: "short" });

/** "24/11/26, 2:30 p. m.": Tienda Nube sync times, the QR winners export. */
export const numericDateTime = /* @__PURE__ */ esAR({ dateStyle: "short", timeStyle: "short" });

/** "24 de noviembre de 2026 a las 2:30 p. m.": the prize mail. */
export const longDateTime = /* @__PURE__ */ esAR({ dateStyle: "long", timeStyle: "short" });

/** "14:30": a moment of a day already named (the cash closing's sales). */
export const clockTime = /* @__PURE__ */ esAR({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
