import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiscalLines, rateFor, shareOut, splitTax, VAT_RATES } from "./fiscal";

const cents = fc.integer({ min: 0, max: 1_000_000_000 });
const rate = fc.constantFrom(...VAT_RATES);

describe("splitTax", () => {
  it("takes IVA out of a tax-included price, to the centavo", () => {
    expect(splitTax(12_100, "21")).toEqual({ netCents: 10_000, taxCents: 2_100 });
    expect(splitTax(11_050, "10.5")).toEqual({ netCents: 10_000, taxCents: 1_050 });
    expect(splitTax(2_500_000, "exento")).toEqual({ netCents: 2_500_000, taxCents: 0 });
    expect(splitTax(100, "21")).toEqual({ netCents: 83, taxCents: 17 });
    expect(splitTax(1, "21")).toEqual({ netCents: 1, taxCents: 0 });
  });

  it("net + tax is always the gross, and the net is the closest centavo to gross / (1 + rate)", () => {
    fc.assert(
      fc.property(cents, rate, (gross, r) => {
        const { netCents, taxCents } = splitTax(gross, r);
        expect(netCents + taxCents).toBe(gross);
        expect(taxCents).toBeGreaterThanOrEqual(0);
        const factor = r === "exento" ? 1 : 1 + Number(r) / 100;
        expect(Math.abs(netCents - gross / factor)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it("refuses amounts that are not whole non-negative centavos", () => {
    expect(() => splitTax(-1, "21")).toThrow(RangeError);
    expect(() => splitTax(1.5, "21")).toThrow(RangeError);
  });
});

describe("shareOut", () => {
  it("shares an amount out in proportion, adding up exactly", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(10, [0, 0])).toEqual([0, 0]);
  });

  it("always adds up, and no part is off its exact share by a centavo or more", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        cents,
        (weights, amount) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const parts = shareOut(amount, weights);
          if (total === 0) {
            expect(parts.every((p) => p === 0)).toBe(true);
            return;
          }
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          for (const [i, part] of parts.entries()) {
            expect(Math.abs(part - (amount * (weights[i] ?? 0)) / total)).toBeLessThan(1);
          }
        },
      ),
    );
  });
});

describe("fiscalLines", () => {
  it("shares the order's discount over the lines, then splits each at its rate", () => {
    const lines = fiscalLines(
      [
        { grossCents: 3_000_000, taxCategory: "libros", rate: "exento" },
        { grossCents: 1_210_000, taxCategory: "otros", rate: "21" },
      ],
      421_000,
    );
    expect(lines.map((l) => l.lineTotalCents)).toEqual([2_700_000, 1_089_000]);
    expect(lines[0]).toMatchObject({ netCents: 2_700_000, taxCents: 0 });
    expect(lines[1]).toMatchObject({ netCents: 900_000, taxCents: 189_000 });
  });

  it("line totals always add up to subtotal minus discount, each net + tax to its line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ grossCents: fc.integer({ min: 0, max: 50_000_000 }), rate }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (input, fraction) => {
          const subtotal = input.reduce((a, l) => a + l.grossCents, 0);
          const discount = Math.floor(subtotal * fraction);
          const lines = fiscalLines(
            input.map((l) => ({ ...l, taxCategory: "x" })),
            discount,
          );
          expect(lines.reduce((a, l) => a + l.lineTotalCents, 0)).toBe(subtotal - discount);
          for (const line of lines) {
            expect(line.netCents + line.taxCents).toBe(line.lineTotalCents);
            expect(line.lineTotalCents).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("refuses a discount larger than the subtotal", () => {
    expect(() => fiscalLines([{ grossCents: 100, taxCategory: "libros", rate: "exento" }], 101)).toThrow(RangeError);
  });
});

describe("rateFor", () => {
  it("reads a product's rate from the table; an unknown category reads as a book's", () => {
    const table = [
      { key: "libros", label: "Libros", rate: "exento" as const },
      { key: "otros", label: "Otros", rate: "21" as const },
    ];
    expect(rateFor(table, "otros")).toBe("21");
    expect(rateFor(table, "borrada")).toBe("exento");
  });
});
