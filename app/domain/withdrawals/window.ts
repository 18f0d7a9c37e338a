import { addDays } from "~/lib/dates";

/**
 * The withdrawal window (Ley 24.240 art. 34, CCyC art. 1110, Disposición 954/2025), read as
 * docs/decisions/0020-withdrawal-window.md records: 10 calendar days counted from the day after the
 * delivery or pickup (CCyC art. 6: the day of the delivery is left out), so the last day is the delivery
 * day + 10, all of it (Buenos Aires time); when that day is a Saturday, a Sunday or a national holiday
 * the shop can name for certain, the window runs on to the next working day (CCyC art. 1110). Before
 * delivery there is no deadline at all. Framework-free: the page and the mails may quote it.
 */
export const WITHDRAWAL_DAYS = 10;

/** Fixed national holidays (Ley 27.399, "inamovibles"), as "MM-DD". */
const FIXED_HOLIDAYS = new Set(["01-01", "03-24", "04-02", "05-01", "05-25", "06-20", "07-09", "12-08", "12-25"]);

/** Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm), as "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A day no one works by law that the shop can compute: weekends, the fixed holidays, Carnival (Monday and
 * Tuesday) and Good Friday. Movable holidays and bridge days set by decree each year are not known here,
 * which only ever makes the window end earlier than the law's on those rare days: the decision records it.
 */
export function isNonWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  if (FIXED_HOLIDAYS.has(day.slice(5))) return true;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day === addDays(easter, -48) || day === addDays(easter, -47) || day === addDays(easter, -2);
}

/** The last day ("YYYY-MM-DD", Buenos Aires) a withdrawal is on time for an order delivered on `deliveredDay`. */
export function withdrawalDeadline(deliveredDay: string): string {
  let last = addDays(deliveredDay, WITHDRAWAL_DAYS);
  while (isNonWorkingDay(last)) last = addDays(last, 1);
  return last;
}
