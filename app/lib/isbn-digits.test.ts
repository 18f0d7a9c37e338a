import { describe, expect, it } from "vitest";
import { parseIsbn } from "./isbn";
import { hasValidCheckDigit, isIsbnLength } from "./isbn-digits";

describe("ISBN check digits (the browser's check before a lookup)", () => {
  it("takes ISBN-13 and ISBN-10 (with X) with hyphens or spaces, and refuses a wrong check digit", () => {
    expect(hasValidCheckDigit("978-950-07-0300-0")).toBe(true);
    expect(hasValidCheckDigit("978 950 07 0300 1")).toBe(false);
    expect(hasValidCheckDigit("0-8044-2957-x")).toBe(true);
    expect(hasValidCheckDigit("080442957X1")).toBe(false);
    expect(hasValidCheckDigit("X804429570")).toBe(false);
  });

  it("tells a complete length from a number still being typed", () => {
    expect(isIsbnLength("978950070300")).toBe(false);
    expect(isIsbnLength("9789500703000")).toBe(true);
  });

  it("agrees with parseIsbn", () => {
    for (const raw of ["9789500703000", "9789500703001", "080442957X", "0804429571", "9791234567896"]) {
      expect(hasValidCheckDigit(raw)).toBe(parseIsbn(raw) !== null);
    }
  });
});
