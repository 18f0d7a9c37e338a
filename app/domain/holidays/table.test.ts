import { describe, expect, it } from "vitest";
import { easterSunday, holidaysByRule, movedByArticle6, NATIONAL_CALENDAR, weekday } from "./calendar";
import { NATIONAL_HOLIDAYS, TABLE_YEARS } from "./table";

const days = (year: number, kind?: string) =>
  (NATIONAL_HOLIDAYS[year] ?? []).filter((holiday) => !kind || holiday.kind === kind).map((holiday) => holiday.day);

/** What every year of the table must agree with: Ley 27.399 arts. 2, 6 and 7. */
function checkYear(year: number) {
  const table = NATIONAL_HOLIDAYS[year] ?? [];
  const rule = holidaysByRule(year);
  // Every "inamovible" of the law is in the table, on its day.
  expect(days(year, "inamovible")).toEqual(rule.filter((h) => h.kind === "inamovible").map((h) => h.day));
  // Each movable holiday once; where art. 6 moves it (Tuesday to Friday) it sits on the Monday it names.
  const movable = table.filter((h) => h.kind === "trasladable");
  expect(movable).toHaveLength(4);
  for (const holiday of movable) {
    const wd = weekday(holiday.day);
    expect([0, 1, 5, 6], holiday.day).toContain(wd);
  }
  // At most three tourism days, each a Monday or a Friday (art. 7).
  const tourism = days(year, "turistico");
  expect(tourism.length).toBeLessThanOrEqual(3);
  for (const day of tourism) expect([1, 5], day).toContain(weekday(day));
  // Sorted, no day twice, all in the year.
  const all = table.map((h) => h.day);
  expect(all).toEqual([...all].sort());
  expect(new Set(all).size).toBe(all.length);
  expect(all.every((day) => day.startsWith(`${year}-`))).toBe(true);
}

describe("the national holidays table", () => {
  it("covers 2025 to 2027", () => {
    expect(TABLE_YEARS).toEqual([2025, 2026, 2027]);
  });

  it("2025: art. 6 moves, 12/10 to Friday 10 (Res. JGM 139/2025), the tourism days of Decreto 1027/2024", () => {
    expect(easterSunday(2025)).toBe("2025-04-20");
    checkYear(2025);
    expect(days(2025, "trasladable")).toEqual(["2025-06-16", "2025-08-17", "2025-10-10", "2025-11-24"]);
    expect(days(2025, "turistico")).toEqual(["2025-05-02", "2025-08-15", "2025-11-21"]);
    // The weekend ones are not moved by art. 6 itself; Güemes (Tuesday) and Soberanía (Thursday) are.
    expect(movedByArticle6("2025-06-17")).toBe("2025-06-16");
    expect(movedByArticle6("2025-11-20")).toBe("2025-11-24");
    expect(movedByArticle6("2025-10-12")).toBe("2025-10-12");
  });

  it("2026: Güemes on Monday 15/6 and Soberanía on Monday 23/11, the tourism days of Res. JGM 164/2025", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    checkYear(2026);
    expect(days(2026, "trasladable")).toEqual(["2026-06-15", "2026-08-17", "2026-10-12", "2026-11-23"]);
    expect(days(2026, "turistico")).toEqual(["2026-03-23", "2026-07-10", "2026-12-07"]);
    // 2026 had no weekend movable holiday: the table is the law's rule plus the tourism days.
    expect(days(2026).filter((day) => !days(2026, "turistico").includes(day))).toEqual(
      holidaysByRule(2026).map((h) => h.day),
    );
  });

  it("2027: the law's rule (tourism days and a move of Saturday 20/11 not set yet: Ajustes adds them)", () => {
    expect(easterSunday(2027)).toBe("2027-03-28");
    checkYear(2027);
    expect(days(2027, "trasladable")).toEqual(["2027-06-21", "2027-08-16", "2027-10-11", "2027-11-20"]);
    expect(days(2027)).toEqual(holidaysByRule(2027).map((h) => h.day));
  });

  it("a year past the table is computed from the law", () => {
    expect(NATIONAL_CALENDAR.holidayName("2028-02-28")).toBe("Carnaval");
    // 17/6/2028 is a Saturday: art. 6 leaves it there. 20/11/2028 is a Monday; 12/10/2028 a Thursday.
    expect(NATIONAL_CALENDAR.holidayName("2028-06-17")).toContain("Güemes");
    expect(NATIONAL_CALENDAR.holidayName("2028-10-16")).toContain("Diversidad Cultural");
    expect(NATIONAL_CALENDAR.isNonWorkingDay("2028-06-16")).toBe(false);
  });
});
