import { describe, expect, it } from "vitest";
import { longSpanishDate } from "./spanish-dates";

describe("longSpanishDate", () => {
  it("writes the date in Spanish", () => {
    expect(longSpanishDate("2026-11-23")).toBe("23 de noviembre de 2026");
    expect(longSpanishDate("2027-01-01")).toBe("1 de enero de 2027");
  });
});
