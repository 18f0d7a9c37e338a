import { describe, expect, it } from "vitest";
import { buyState } from "./buy";
import { countdown, formatReleaseDate, isLastUnits, preorderDiscount } from "./preorder";

describe("pre-sale badge rules", () => {
  it("shows a rounded discount only when the pre-order price is lower", () => {
    expect(preorderDiscount(27900, 34900)).toBe(20);
    expect(preorderDiscount(100, 300)).toBe(67);
    expect(preorderDiscount(300, 300)).toBeNull();
    expect(preorderDiscount(400, 300)).toBeNull();
    expect(preorderDiscount(null, 300)).toBeNull();
    expect(preorderDiscount(100, null)).toBeNull();
  });

  it("'Últimas unidades' from 80% of the limit", () => {
    expect(isLastUnits(79, 100)).toBe(false);
    expect(isLastUnits(80, 100)).toBe(true);
    expect(isLastUnits(43, 50)).toBe(true);
    expect(isLastUnits(1000, null)).toBe(false);
  });

  it("counts down to midnight of the release date in Buenos Aires", () => {
    const now = Date.parse("2026-03-01T00:00:00-03:00");
    expect(countdown("2026-03-03", now)).toEqual({ days: 2, hours: 0, minutes: 0, seconds: 0 });
    expect(countdown("2026-03-02", now + 3_600_000 + 61_000)).toEqual({ days: 0, hours: 22, minutes: 58, seconds: 59 });
    expect(countdown("2026-03-01", now)).toBeNull();
    expect(countdown("no-es-fecha", now)).toBeNull();
    expect(formatReleaseDate("2026-03-03")).toBe("3 de marzo de 2026");
  });
});

describe("card states", () => {
  const base = {
    id: 1,
    title: "T",
    author: "A",
    coverUrl: null,
    price: 100,
    available: true,
    stock: 3,
    isPreorder: false,
    preorderPrice: null,
    preorderCount: 0,
    preorderLimit: null,
    tiendaNubeUrl: null,
  };
  it("maps a book to its row of the table", () => {
    expect(buyState(base)).toBe("in-stock");
    expect(buyState({ ...base, stock: 0 })).toBe("out-of-stock");
    expect(buyState({ ...base, available: false })).toBe("unavailable");
    expect(buyState({ ...base, stock: 0, isPreorder: true })).toBe("preorder");
    expect(buyState({ ...base, isPreorder: true, preorderCount: 5, preorderLimit: 5 })).toBe("unavailable");
  });
});
