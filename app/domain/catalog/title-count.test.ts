import { describe, expect, it } from "vitest";
import { titleCountLabel } from "./title-count";

describe("titleCountLabel", () => {
  it("rounds down to a round figure with a plus", () => {
    expect(titleCountLabel(100)).toBe("+100 títulos");
    expect(titleCountLabel(187)).toBe("+100 títulos");
    expect(titleCountLabel(98)).toBe("+90 títulos");
    expect(titleCountLabel(1234)).toBe("+1.200 títulos");
  });
  it("is exact for a tiny catalogue and never negative", () => {
    expect(titleCountLabel(1)).toBe("1 título");
    expect(titleCountLabel(7)).toBe("7 títulos");
    expect(titleCountLabel(0)).toBe("0 títulos");
    expect(titleCountLabel(-3)).toBe("0 títulos");
  });
});
