import { todayInBuenosAires } from "~/lib/dates";

/**
 * Which box a payment pays for: paid on days 1-9 (Buenos Aires) -> this month's box, else next month's.
 * Boxes are delivered between the 15th and the 25th; the box's date is its month's 15th ("YYYY-MM-15").
 */
export function boxDateFor(paidAt: Date): string {
  const [year, month, day] = todayInBuenosAires(paidAt).split("-").map(Number) as [number, number, number];
  const next = day <= 9 ? { year, month } : month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, "0")}-15`;
}
