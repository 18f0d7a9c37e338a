import { describe, expect, it } from "vitest";
import { parseValidUntil } from "./input";

describe("expiry dates", () => {
  it("reads a date as the end of that day in Buenos Aires, and date-times as given", () => {
    expect(parseValidUntil("2026-03-01")?.toISOString()).toBe("2026-03-02T02:59:59.999Z");
    expect(parseValidUntil("2026-03-01T10:30")?.toISOString()).toBe("2026-03-01T13:30:00.000Z");
    expect(parseValidUntil("2026-03-01T10:30:00Z")?.toISOString()).toBe("2026-03-01T10:30:00.000Z");
    expect(parseValidUntil("2026-03-01T10:30:00.5-05:00")?.toISOString()).toBe("2026-03-01T15:30:00.500Z");
    for (const bad of ["2026-02-30", "1999-12-31", "2026-3-1", "2026-03-01T25:00", "01/03/2026"]) {
      expect(parseValidUntil(bad), bad).toBeNull();
    }
  });
});
