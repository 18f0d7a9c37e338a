import { describe, expect, it } from "vitest";
import {
  addDays,
  dayMonth,
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
    const days = [afternoon, lastSecond, midnight, "2026-11-25T02:59:59Z", midnight.getTime()].map((when) =>
      todayInBuenosAires(when),
    );
    expect(days).toEqual(["2026-11-24", "2026-11-24", "2026-11-25", "2026-11-24", "2026-11-25"]);
  });

  it("adds days across months, years and leap days", () => {
    const sums = [
      addDays("2026-11-24", 7),
      addDays("2026-12-31", 1),
      addDays("2028-03-01", -1),
      addDays("2026-11-24", 0),
    ];
    expect(sums).toEqual(["2026-12-01", "2027-01-01", "2028-02-29", "2026-11-24"]);
  });

  it("knows which days exist", () => {
    const texts = ["2028-02-29", "2026-02-29", "2026-02-31", "2026-2-3", "2026-11-24T10:00", "", "2026-11-24"];
    expect(texts.filter(isCalendarDay)).toEqual(["2028-02-29", "2026-11-24"]);
  });

  it("bounds a day in Buenos Aires time", () => {
    expect(startOfDay("2026-11-25").toISOString()).toBe(midnight.toISOString());
    expect(endOfDay("2026-11-24").toISOString()).toBe("2026-11-25T02:59:59.999Z");
  });
});

/** Every format of one instant, so a test reads as the table of what the pages show. */
const formats = (when: Parameters<typeof longDate>[0]) => ({
  longDate: longDate(when),
  shortDate: shortDate(when),
  numericDate: numericDate(when),
  monthYear: monthYear(when),
  dayMonthTime: dayMonthTime(when),
  longDayMonthTime: longDayMonthTime(when),
  shortDateTime: shortDateTime(when),
  mediumDateTime: mediumDateTime(when),
  numericDateTime: numericDateTime(when),
  longDateTime: longDateTime(when),
});

describe("es-AR formats", () => {
  it("writes each format exactly as the pages show it", () => {
    expect(formats(afternoon)).toEqual({
      longDate: "24 de noviembre de 2026",
      shortDate: "24 de nov de 2026",
      numericDate: "24/11/2026",
      monthYear: "noviembre de 2026",
      dayMonthTime: "24 nov, 02:30 p. m.",
      longDayMonthTime: "24 de noviembre a las 02:30 p. m.",
      shortDateTime: "24 de nov de 2026, 02:30 p. m.",
      mediumDateTime: "24 nov 2026, 2:30 p. m.",
      numericDateTime: "24/11/26, 2:30 p. m.",
      longDateTime: "24 de noviembre de 2026 a las 2:30 p. m.",
    });
  });

  it("writes Buenos Aires time around midnight, whatever the server's zone", () => {
    expect(formats(lastSecond)).toMatchObject({
      longDate: "24 de noviembre de 2026",
      numericDate: "24/11/2026",
      dayMonthTime: "24 nov, 11:59 p. m.",
      numericDateTime: "24/11/26, 11:59 p. m.",
    });
    expect(formats(midnight)).toMatchObject({
      longDate: "25 de noviembre de 2026",
      dayMonthTime: "25 nov, 12:00 a. m.",
      numericDateTime: "25/11/26, 12:00 a. m.",
    });
    // The last second of November in Buenos Aires is December in UTC.
    expect(monthYear(new Date("2026-12-01T02:59:59Z"))).toBe("noviembre de 2026");
    expect(monthYear(new Date("2026-12-01T03:00:00Z"))).toBe("diciembre de 2026");
  });

  it("takes ISO timestamps, epoch milliseconds and calendar days", () => {
    expect(formats("2026-11-24T17:30:00.000Z")).toEqual(formats(afternoon));
    expect(formats(afternoon.getTime())).toEqual(formats(afternoon));
    // A calendar day is that day everywhere (not UTC midnight, which is the day before in Buenos Aires).
    expect(formats("2026-11-23")).toMatchObject({
      longDate: "23 de noviembre de 2026",
      shortDate: "23 de nov de 2026",
    });
    expect(formats("2027-01-01")).toMatchObject({ longDate: "1 de enero de 2027", numericDate: "01/01/2027" });
    expect(formats("2026-09-05")).toMatchObject({ shortDate: "5 de sept de 2026", monthYear: "septiembre de 2026" });
    expect(dayMonth("2026-09-05")).toBe("05/09");
  });
});
