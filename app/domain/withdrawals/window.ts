import { NATIONAL_CALENDAR, type WorkingCalendar } from "~/domain/holidays/calendar";
import { addDays } from "~/lib/dates";

/**
 * The withdrawal window (Ley 24.240 art. 34, CCyC art. 1110, Disposición 954/2025), read as
 * docs/decisions/0020-withdrawal-window.md records: 10 calendar days counted from the day after the
 * delivery or pickup of goods, or after the contract of a service (the Caja Rizoma's subscription) (CCyC
 * art. 6: the first day is left out), so the last day is that day + 10, all of it (Buenos Aires time);
 * when that day is a Saturday, a Sunday, a national holiday (movable ones where they fall that year), a
 * "día no laborable con fines turísticos" or a date the admin added in Ajustes → Feriados, the window
 * runs on to the next working day (CCyC art. 1110). Before delivery there is no deadline at all.
 * Framework-free: the page and the mails may quote it.
 */
export const WITHDRAWAL_DAYS = 10;

/**
 * The last day ("YYYY-MM-DD", Buenos Aires) a withdrawal is on time for goods delivered (or a service
 * contracted) on `startDay`. `calendar` carries the admin's extra dates (holidays/calendar.server.ts).
 */
export function withdrawalDeadline(startDay: string, calendar: WorkingCalendar = NATIONAL_CALENDAR): string {
  return calendar.nextWorkingDay(addDays(startDay, WITHDRAWAL_DAYS));
}
