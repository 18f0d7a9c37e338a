import { describe, expect, it } from "vitest";
import {
  addDays,
  dayMonthTime,
  endOfDay,
  isCalendarDay,
  longDate,
  longDateTime,
  longDayMonthTime,
  mediumDateTime,
  monthYear,
  numericDate,
  numericDateTime,
  shortDate,
  shortDateTime,
  startOfDay,
  todayInBuenosAires,
} from "./dates";

/** 14:30 in Buenos Aires (17:30 UTC). */
const afternoon = new Date("2026-11-24T17:30:00Z");
/** The last second of the 24th in Buenos Aires: already the 25th in UTC. */
const lastSecond = new Date("2026-11-25T02:59:59Z");
/** Midnight starting the 25th in Buenos Aires. */
const midnight = new Date("2026-11-25T03:00:00Z");

describe("Buenos Aires calendar days", () => {
  it("takes the day in Buenos Aires, not in UTC or the server's zone", () => {
    expect(todayInBuenosAires(afternoon)).toBe("2026-11-24");
    expect(todayInBuenosAires(lastSecond)).toBe("2026-11-24");
    expect(todayInBuenosAires(midnight)).toBe("2026-11-25");
    expect(todayInBuenosAires("2026-11-25T02:59:59Z")).toBe("2026-11-24");
    expect(todayInBuenosAires(midnight.getTime())).toBe("2026-11-25");
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-11-24", 7)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-11-24", 0)).toBe("2026-11-24");
  });

  it("knows which days exist", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-02-31")).toBe(false);
    expect(isCalendarDay("2026-2-3")).toBe(false);
    expect(isCalendarDay("2026-11-24T10:00")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });

  it("bounds a day in Buenos Aires time", () => {
    expect(startOfDay("2026-11-25").toISOString()).toBe(midnight.toISOString());
    expect(endOfDay("2026-11-24").toISOString()).toBe("2026-11-25T02:59:59.999Z");
  });
});

describe("es-AR formats", () => {
  it("writes each format exactly as the pages show it", () => {
    expect(longDate(afternoon)).toBe("24 de noviembre de 2026");
    expect(shortDate(afternoon)).toBe("24 de nov de 2026");
    expect(numericDate(afternoon)).toBe("24/11/2026");
    expect(monthYear(afternoon)).toBe("noviembre de 2026");
    expect(dayMonthTime(afternoon)).toBe("24 nov, 02:30 p. m.");
    expect(longDayMonthTime(afternoon)).toBe("24 de noviembre a las 02:30 p. m.");
    expect(shortDateTime(afternoon)).toBe("24 de nov de 2026, 02:30 p. m.");
    expect(mediumDateTime(afternoon)).toBe("24 nov 2026, 2:30 p. m.");
    expect(numericDateTime(afternoon)).toBe("24/11/26, 2:30 p. m.");
    expect(longDateTime(afternoon)).toBe("24 de noviembre de 2026 a las 2:30 p. m.");
  });

  it("writes Buenos Aires time around midnight, whatever the server's zone", () => {
    expect(longDate(lastSecond)).toBe("24 de noviembre de 2026");
    expect(longDate(midnight)).toBe("25 de noviembre de 2026");
    expect(dayMonthTime(lastSecond)).toBe("24 nov, 11:59 p. m.");
    expect(dayMonthTime(midnight)).toBe("25 nov, 12:00 a. m.");
    expect(numericDate(lastSecond)).toBe("24/11/2026");
    expect(numericDateTime(midnight)).toBe("25/11/26, 12:00 a. m.");
    expect(monthYear(new Date("2026-12-01T02:59:59Z"))).toBe("noviembre de 2026");
    expect(monthYear(new Date("2026-12-01T03:00:00Z"))).toBe("diciembre de 2026");
  });

  it("takes ISO timestamps, epoch milliseconds and calendar days", () => {
    expect(dayMonthTime("2026-11-24T17:30:00.000Z")).toBe("24 nov, 02:30 p. m.");
    expect(dayMonthTime(afternoon.getTime())).toBe("24 nov, 02:30 p. m.");
    // A calendar day is that day everywhere (not UTC midnight, which is the day before in Buenos Aires).
    expect(longDate("2026-11-23")).toBe("23 de noviembre de 2026");
    expect(longDate("2027-01-01")).toBe("1 de enero de 2027");
    expect(shortDate("2026-09-05")).toBe("5 de sept de 2026");
    expect(monthYear("2026-12-15")).toBe("diciembre de 2026");
  });
});
