import { addDays } from "~/lib/dates";
import { type Holiday, NATIONAL_HOLIDAYS } from "./table";

/**
 * Which days are working days in Argentina (Buenos Aires): weekends, the national holidays of ./table.ts
 * (computed from Ley 27.399 for a year the table lacks) and the dates the admin adds in Ajustes →
 * Feriados. Framework-free and client-safe: every count of "días hábiles" goes through `WorkingCalendar`.
 */

/** A date the admin adds (a tourism day decreed after this release, a holiday moved by resolution). */
export interface ExtraHoliday {
  day: string;
  name: string;
}

/** Ley 27.399 art. 2's fixed dates ("MM-DD"); Carnival and Good Friday follow Easter. */
const FIXED: readonly [string, string][] = [
  ["01-01", "Año Nuevo"],
  ["03-24", "Día Nacional de la Memoria por la Verdad y la Justicia"],
  ["04-02", "Día del Veterano y de los Caídos en la Guerra de Malvinas"],
  ["05-01", "Día del Trabajador"],
  ["05-25", "Día de la Revolución de Mayo"],
  ["06-20", "Paso a la Inmortalidad del General Manuel Belgrano"],
  ["07-09", "Día de la Independencia"],
  ["12-08", "Día de la Inmaculada Concepción de María"],
  ["12-25", "Navidad"],
];

/** Ley 27.399 art. 2's "trasladables", moved by art. 6. */
const MOVABLE: readonly [string, string][] = [
  ["06-17", "Paso a la Inmortalidad del General Martín Miguel de Güemes"],
  ["08-17", "Paso a la Inmortalidad del General José de San Martín"],
  ["10-12", "Día del Respeto a la Diversidad Cultural"],
  ["11-20", "Día de la Soberanía Nacional"],
];

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

/** 0 Sunday … 6 Saturday. */
export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * Where Ley 27.399 art. 6 puts a movable holiday: Tuesday or Wednesday → the Monday before; Thursday or
 * Friday → the Monday after; Monday, Saturday or Sunday → its own day (a weekend one moves only if the
 * Jefatura de Gabinete says so, Decreto 614/2025, which the table or Ajustes then records).
 */
export function movedByArticle6(day: string): string {
  const wd = weekday(day);
  if (wd === 2 || wd === 3) return addDays(day, 1 - wd);
  if (wd === 4 || wd === 5) return addDays(day, 8 - wd);
  return day;
}

/** A year's holidays from the laws alone (no tourism days: those are set each year by the executive). */
export function holidaysByRule(year: number): Holiday[] {
  const easter = easterSunday(year);
  const list: Holiday[] = FIXED.map(([md, name]) => ({ day: `${year}-${md}`, name, kind: "inamovible" }));
  list.push(
    { day: addDays(easter, -48), name: "Carnaval", kind: "inamovible" },
    { day: addDays(easter, -47), name: "Carnaval", kind: "inamovible" },
    { day: addDays(easter, -2), name: "Viernes Santo", kind: "inamovible" },
  );
  for (const [md, name] of MOVABLE) {
    const original = `${year}-${md}`;
    const day = movedByArticle6(original);
    list.push({
      day,
      name: day === original ? name : `${name} (del ${md.slice(3)}/${Number(md.slice(0, 2))})`,
      kind: "trasladable",
    });
  }
  return list.sort((x, y) => x.day.localeCompare(y.day));
}

/** The national holidays of a year: the maintained table when it covers the year, else the laws' rules. */
export const nationalHolidays = (year: number): readonly Holiday[] => NATIONAL_HOLIDAYS[year] ?? holidaysByRule(year);

export interface WorkingCalendar {
  /** The holiday's name, or null for a weekday that is not one (weekends are not named). */
  holidayName(day: string): string | null;
  isNonWorkingDay(day: string): boolean;
  /** `day` itself when it is a working day, else the next one. */
  nextWorkingDay(day: string): string;
}

/** A calendar of the national holidays plus `extra` (Ajustes → Feriados). */
export function workingCalendar(extra: readonly ExtraHoliday[] = []): WorkingCalendar {
  const byYear = new Map<number, Map<string, string>>();
  const namesOf = (year: number) => {
    let names = byYear.get(year);
    if (!names) {
      names = new Map(nationalHolidays(year).map((holiday) => [holiday.day, holiday.name]));
      for (const added of extra)
        if (added.day.startsWith(`${year}-`) && !names.has(added.day)) names.set(added.day, added.name);
      byYear.set(year, names);
    }
    return names;
  };
  const holidayName = (day: string) => namesOf(Number(day.slice(0, 4))).get(day) ?? null;
  const isNonWorkingDay = (day: string) => {
    const wd = weekday(day);
    return wd === 0 || wd === 6 || holidayName(day) !== null;
  };
  return {
    holidayName,
    isNonWorkingDay,
    nextWorkingDay(day) {
      let next = day;
      while (isNonWorkingDay(next)) next = addDays(next, 1);
      return next;
    },
  };
}

/** The national calendar without the admin's dates (pages that quote the law, tests). */
export const NATIONAL_CALENDAR = /* @__PURE__ */ workingCalendar();
