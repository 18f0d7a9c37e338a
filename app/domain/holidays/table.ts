/**
 * Argentina's national holidays and "días no laborables con fines turísticos", 2025–2027, as they fall.
 * Framework-free and client-safe: the withdrawal window (pages and mails quote it) reads it.
 *
 * The rules (docs/decisions/0020-withdrawal-window.md cites each source and says which are secondary):
 * - Ley 27.399 art. 2: the "inamovibles" (1/1, Carnival Monday and Tuesday, 24/3, Good Friday, 2/4, 1/5,
 *   25/5, 20/6, 9/7, 8/12, 25/12) fall on their day, whatever the weekday.
 * - Ley 27.399 art. 6: the "trasladables" (17/6 Güemes, 17/8 San Martín, 12/10 Diversidad Cultural,
 *   20/11 Soberanía Nacional) on a Tuesday or Wednesday move to the Monday before; on a Thursday or
 *   Friday to the Monday after. Decreto 614/2025 art. 1: on a Saturday or Sunday the Jefatura de Gabinete
 *   may move them to the Friday before or the Monday after (2025: 12/10 moved to Friday 10/10 by
 *   Resolución JGM 139/2025; 17/8 stayed on Sunday).
 * - Ley 27.399 art. 7: up to three "días no laborables con fines turísticos" a year, on a Monday or a
 *   Friday, set each year (2025: Decreto 1027/2024; 2026: Resolución JGM 164/2025).
 *
 * MAINTAIN: when the government sets 2027's tourism days or moves 20/11/2027 (a Saturday), add them here
 * (and the year after, a new year); until a release carries them the admin adds them in Ajustes →
 * Feriados, which every count reads as well. table.test.ts checks each year against the rules above.
 */
export type HolidayKind = "inamovible" | "trasladable" | "turistico";

export interface Holiday {
  /** "YYYY-MM-DD", the day it is observed (a moved holiday: the day it was moved to). */
  day: string;
  name: string;
  kind: HolidayKind;
}

const h = (day: string, name: string, kind: HolidayKind = "inamovible"): Holiday => ({ day, name, kind });

export const NATIONAL_HOLIDAYS: Readonly<Record<number, readonly Holiday[]>> = {
  2025: [
    h("2025-01-01", "Año Nuevo"),
    h("2025-03-03", "Carnaval"),
    h("2025-03-04", "Carnaval"),
    h("2025-03-24", "Día Nacional de la Memoria por la Verdad y la Justicia"),
    h("2025-04-02", "Día del Veterano y de los Caídos en la Guerra de Malvinas"),
    h("2025-04-18", "Viernes Santo"),
    h("2025-05-01", "Día del Trabajador"),
    h("2025-05-02", "Día no laborable con fines turísticos (Decreto 1027/2024)", "turistico"),
    h("2025-05-25", "Día de la Revolución de Mayo"),
    h("2025-06-16", "Paso a la Inmortalidad del General Martín Miguel de Güemes (del 17/6)", "trasladable"),
    h("2025-06-20", "Paso a la Inmortalidad del General Manuel Belgrano"),
    h("2025-07-09", "Día de la Independencia"),
    h("2025-08-15", "Día no laborable con fines turísticos (Decreto 1027/2024)", "turistico"),
    h("2025-08-17", "Paso a la Inmortalidad del General José de San Martín", "trasladable"),
    h("2025-10-10", "Día del Respeto a la Diversidad Cultural (del 12/10, Resolución JGM 139/2025)", "trasladable"),
    h("2025-11-21", "Día no laborable con fines turísticos (Decreto 1027/2024)", "turistico"),
    h("2025-11-24", "Día de la Soberanía Nacional (del 20/11)", "trasladable"),
    h("2025-12-08", "Día de la Inmaculada Concepción de María"),
    h("2025-12-25", "Navidad"),
  ],
  2026: [
    h("2026-01-01", "Año Nuevo"),
    h("2026-02-16", "Carnaval"),
    h("2026-02-17", "Carnaval"),
    h("2026-03-23", "Día no laborable con fines turísticos (Resolución JGM 164/2025)", "turistico"),
    h("2026-03-24", "Día Nacional de la Memoria por la Verdad y la Justicia"),
    h("2026-04-02", "Día del Veterano y de los Caídos en la Guerra de Malvinas"),
    h("2026-04-03", "Viernes Santo"),
    h("2026-05-01", "Día del Trabajador"),
    h("2026-05-25", "Día de la Revolución de Mayo"),
    h("2026-06-15", "Paso a la Inmortalidad del General Martín Miguel de Güemes (del 17/6)", "trasladable"),
    h("2026-06-20", "Paso a la Inmortalidad del General Manuel Belgrano"),
    h("2026-07-09", "Día de la Independencia"),
    h("2026-07-10", "Día no laborable con fines turísticos (Resolución JGM 164/2025)", "turistico"),
    h("2026-08-17", "Paso a la Inmortalidad del General José de San Martín", "trasladable"),
    h("2026-10-12", "Día del Respeto a la Diversidad Cultural", "trasladable"),
    h("2026-11-23", "Día de la Soberanía Nacional (del 20/11)", "trasladable"),
    h("2026-12-07", "Día no laborable con fines turísticos (Resolución JGM 164/2025)", "turistico"),
    h("2026-12-08", "Día de la Inmaculada Concepción de María"),
    h("2026-12-25", "Navidad"),
  ],
  // 2027's tourism days were not set when this was written, and 20/11/2027 falls on a Saturday (Decreto
  // 614/2025 lets the Jefatura de Gabinete move it, or not): both go in Ajustes until the table has them.
  2027: [
    h("2027-01-01", "Año Nuevo"),
    h("2027-02-08", "Carnaval"),
    h("2027-02-09", "Carnaval"),
    h("2027-03-24", "Día Nacional de la Memoria por la Verdad y la Justicia"),
    h("2027-03-26", "Viernes Santo"),
    h("2027-04-02", "Día del Veterano y de los Caídos en la Guerra de Malvinas"),
    h("2027-05-01", "Día del Trabajador"),
    h("2027-05-25", "Día de la Revolución de Mayo"),
    h("2027-06-20", "Paso a la Inmortalidad del General Manuel Belgrano"),
    h("2027-06-21", "Paso a la Inmortalidad del General Martín Miguel de Güemes (del 17/6)", "trasladable"),
    h("2027-07-09", "Día de la Independencia"),
    h("2027-08-16", "Paso a la Inmortalidad del General José de San Martín (del 17/8)", "trasladable"),
    h("2027-10-11", "Día del Respeto a la Diversidad Cultural (del 12/10)", "trasladable"),
    h("2027-11-20", "Día de la Soberanía Nacional", "trasladable"),
    h("2027-12-08", "Día de la Inmaculada Concepción de María"),
    h("2027-12-25", "Navidad"),
  ],
};

/** The years the table above covers; other years are computed from the laws (./calendar.ts). */
export const TABLE_YEARS = Object.keys(NATIONAL_HOLIDAYS).map(Number);
