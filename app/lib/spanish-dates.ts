import { format } from "date-fns";
import { es } from "date-fns/locale";

/** Spanish date-fns options: the `es` locale, weeks from Monday (DESIGN §1). */
export const ES = { locale: es, weekStartsOn: 1 } as const;

/** "2026-11-23" -> "23 de noviembre de 2026". */
export function longSpanishDate(isoDate: string): string {
  return format(new Date(`${isoDate}T12:00:00`), "d 'de' MMMM 'de' yyyy", ES);
}
