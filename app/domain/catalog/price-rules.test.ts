import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blankPriceForm,
  changedCents,
  describeUpdate,
  newPrice,
  type PriceFormValues,
  type PriceUpdateChange,
  priceChangeSchema,
  priceFormToRequest,
  priceScopeSchema,
  type Rounding,
  repriceBook,
  roundCents,
} from "./price-rules";

const pesos = (value: number) => Math.round(value * 100);
const change = (over: Partial<PriceUpdateChange> = {}): PriceUpdateChange => ({
  mode: "percent",
  value: 12,
  rounding: "none",
  followPromotional: false,
  followPreorder: false,
  ...over,
});

describe("one price", () => {
  it("moves by a percent or an amount, to the centavo, half up", () => {
    expect(changedCents(pesos(10_000), change({ value: 12 }))).toBe(pesos(11_200));
    expect(changedCents(pesos(10_000), change({ value: -5.5 }))).toBe(pesos(9450));
    // 333 x 1.015 = 337.995 centavos → 338.
    expect(changedCents(333, change({ value: 1.5 }))).toBe(338);
    expect(changedCents(pesos(10_000), change({ mode: "amount", value: 1500 }))).toBe(pesos(11_500));
    expect(changedCents(pesos(10_000), change({ mode: "amount", value: -300.5 }))).toBe(pesos(9699.5));
    expect(changedCents(pesos(1000), change({ mode: "amount", value: -5000 }))).toBe(0);
  });

  it("rounds to $100 and $500 half up", () => {
    expect(roundCents(pesos(12_345), "100", true)).toBe(pesos(12_300));
    expect(roundCents(pesos(12_350), "100", true)).toBe(pesos(12_400));
    expect(roundCents(pesos(12_349.99), "100", true)).toBe(pesos(12_300));
    expect(roundCents(pesos(12_249.99), "500", true)).toBe(pesos(12_000));
    expect(roundCents(pesos(12_250), "500", true)).toBe(pesos(12_500));
    expect(roundCents(pesos(12_345.67), "none", true)).toBe(pesos(12_345.67));
  });

  it("rounds up to the next price ending in 900, keeping one that already does", () => {
    expect(roundCents(pesos(12_345), "900", true)).toBe(pesos(12_900));
    expect(roundCents(pesos(12_950), "900", true)).toBe(pesos(13_900));
    expect(roundCents(pesos(12_900), "900", true)).toBe(pesos(12_900));
    expect(roundCents(pesos(12_900.01), "900", true)).toBe(pesos(13_900));
    expect(roundCents(pesos(12_000), "900", true)).toBe(pesos(12_900));
    expect(roundCents(pesos(50), "900", true)).toBe(pesos(900));
  });

  it("never gives $0 to a book that had a price, and keeps a free book free", () => {
    expect(roundCents(pesos(40), "100", true)).toBe(pesos(100));
    expect(roundCents(pesos(200), "500", true)).toBe(pesos(500));
    expect(newPrice(pesos(1000), change({ mode: "amount", value: -5000, rounding: "100" }))).toBe(pesos(100));
    expect(newPrice(1, change({ value: -90 }))).toBe(1);
    expect(newPrice(0, change({ value: 50, rounding: "900" }))).toBe(0);
    expect(newPrice(0, change({ mode: "amount", value: 120, rounding: "100" }))).toBe(pesos(100));
  });

  const roundings: Rounding[] = ["none", "100", "500", "900"];
  const anyChange = fc.record({
    mode: fc.constantFrom("percent" as const, "amount" as const),
    value: fc.integer({ min: -9000, max: 50_000 }).map((hundredths) => hundredths / 100),
    rounding: fc.constantFrom(...roundings),
    followPromotional: fc.boolean(),
    followPreorder: fc.boolean(),
  });
  const anyPrice = fc.integer({ min: 1, max: 10_000_000_000 });

  it("property: a price with a price stays a positive whole number of centavos on its rounding's grid", () => {
    fc.assert(
      fc.property(anyPrice, anyChange, (cents, c) => {
        const result = newPrice(cents, c);
        expect(Number.isSafeInteger(result)).toBe(true);
        expect(result).toBeGreaterThan(0);
        if (c.rounding === "100") expect(result % 10_000).toBe(0);
        if (c.rounding === "500") expect(result % 50_000).toBe(0);
        if (c.rounding === "900") expect(result % 100_000).toBe(90_000);
      }),
    );
  });

  it("property: each rounding stays within its step of the changed price (900 never below it)", () => {
    fc.assert(
      fc.property(anyPrice, anyChange, (cents, c) => {
        const exact = changedCents(cents, c);
        const result = newPrice(cents, c);
        if (exact === 0) return;
        if (c.rounding === "none") expect(result).toBe(exact);
        if (c.rounding === "100") expect(Math.abs(result - exact)).toBeLessThanOrEqual(Math.max(5000, 10_000 - exact));
        if (c.rounding === "500")
          expect(Math.abs(result - exact)).toBeLessThanOrEqual(Math.max(25_000, 50_000 - exact));
        if (c.rounding === "900") {
          expect(result).toBeGreaterThanOrEqual(exact);
          expect(result - exact).toBeLessThan(100_000);
        }
      }),
    );
  });

  it("property: a rise never lowers a price and a fall never raises it", () => {
    fc.assert(
      fc.property(anyPrice, anyChange, (cents, c) => {
        // Compared with the old price merely rounded: rounding is monotonic, so only the change can move it.
        const rounded = roundCents(cents, c.rounding, true);
        const result = newPrice(cents, c);
        if (c.value > 0) expect(result).toBeGreaterThanOrEqual(rounded);
        else expect(result).toBeLessThanOrEqual(rounded);
      }),
    );
  });

  it("property: rounding twice changes nothing more", () => {
    fc.assert(
      fc.property(anyPrice, fc.constantFrom(...roundings), (cents, rounding) => {
        const once = roundCents(cents, rounding, true);
        expect(roundCents(once, rounding, true)).toBe(once);
      }),
    );
  });
});

describe("a book's three prices", () => {
  const book = { priceCents: pesos(10_000), promotionalPriceCents: pesos(8000), preorderPriceCents: pesos(9000) };

  it("leaves promotion and pre-order alone unless asked, while they stay below the new price", () => {
    const next = repriceBook(book, change({ value: 12, rounding: "100" }));
    expect(next).toMatchObject({
      priceCents: pesos(11_200),
      promotionalPriceCents: pesos(8000),
      preorderPriceCents: pesos(9000),
      notes: [],
      changed: true,
    });
  });

  it("moves promotion and pre-order with the same change and rounding when asked", () => {
    const next = repriceBook(
      book,
      change({ value: 12, rounding: "100", followPromotional: true, followPreorder: true }),
    );
    expect(next).toMatchObject({
      priceCents: pesos(11_200),
      promotionalPriceCents: pesos(9000),
      preorderPriceCents: pesos(10_100),
      notes: [],
    });
  });

  it("removes a promotion that would not stay below the new price, and caps the pre-order", () => {
    const down = repriceBook(book, change({ value: -25, rounding: "100" }));
    expect(down).toMatchObject({
      priceCents: pesos(7500),
      promotionalPriceCents: null,
      preorderPriceCents: pesos(7500),
      notes: ["Se quita la promoción", "La preventa baja al precio nuevo"],
    });
    // Rounding collapses price and promotion to the same $900 step.
    const close = { priceCents: pesos(12_100), promotionalPriceCents: pesos(12_050), preorderPriceCents: null };
    const collapsed = repriceBook(close, change({ value: 1, rounding: "900", followPromotional: true }));
    expect(collapsed).toMatchObject({ priceCents: pesos(12_900), promotionalPriceCents: null });
    expect(collapsed.notes).toEqual(["Se quita la promoción"]);
  });

  it("says when nothing changes", () => {
    const already = { priceCents: pesos(12_900), promotionalPriceCents: null, preorderPriceCents: null };
    // -0,01% is $12.898,71, which "ends in 900" rounds back up to $12.900.
    expect(repriceBook(already, change({ value: -0.01, rounding: "900" })).changed).toBe(false);
  });

  it("property: the result keeps the shop's rules (promotion below the price, pre-order not above)", () => {
    const anyBook = fc
      .record({
        priceCents: fc.integer({ min: 1, max: 1_000_000_00 }),
        promo: fc.option(fc.integer({ min: 0, max: 1_000_000_00 })),
        pre: fc.option(fc.integer({ min: 0, max: 1_000_000_00 })),
      })
      .map(({ priceCents, promo, pre }) => ({
        priceCents,
        promotionalPriceCents: promo === null ? null : Math.min(promo, priceCents - 1),
        preorderPriceCents: pre === null ? null : Math.min(pre, priceCents),
      }))
      .filter((b) => b.promotionalPriceCents === null || b.promotionalPriceCents >= 0);
    const anyChange = fc.record({
      mode: fc.constantFrom("percent" as const, "amount" as const),
      value: fc.integer({ min: -9000, max: 50_000 }).map((hundredths) => hundredths / 100),
      rounding: fc.constantFrom<Rounding>("none", "100", "500", "900"),
      followPromotional: fc.boolean(),
      followPreorder: fc.boolean(),
    });
    fc.assert(
      fc.property(anyBook, anyChange, (b, c) => {
        const next = repriceBook(b, c);
        if (next.promotionalPriceCents !== null) expect(next.promotionalPriceCents).toBeLessThan(next.priceCents);
        if (next.preorderPriceCents !== null) expect(next.preorderPriceCents).toBeLessThanOrEqual(next.priceCents);
        expect(next.promotionalPriceCents === null).toBe(
          b.promotionalPriceCents === null || next.notes.includes("Se quita la promoción"),
        );
        expect(next.preorderPriceCents === null).toBe(b.preorderPriceCents === null);
      }),
    );
  });
});

describe("validation", () => {
  const ok = change();
  it("refuses changes out of bounds, zero, non-numbers and unknown fields", () => {
    const refused = (over: Record<string, unknown>) => priceChangeSchema.safeParse({ ...ok, ...over }).success;
    expect(refused({ value: 500 })).toBe(true);
    expect(refused({ value: -90 })).toBe(true);
    expect(refused({ value: 500.01 })).toBe(false);
    expect(refused({ value: -90.5 })).toBe(false);
    expect(refused({ mode: "amount", value: 1_000_000 })).toBe(true);
    expect(refused({ mode: "amount", value: -1_000_000.01 })).toBe(false);
    expect(refused({ value: 0 })).toBe(false);
    expect(refused({ value: 1.001 })).toBe(false);
    expect(refused({ value: Number.NaN })).toBe(false);
    expect(refused({ value: Number.POSITIVE_INFINITY })).toBe(false);
    expect(refused({ value: "12" })).toBe(false);
    expect(refused({ rounding: "1000" })).toBe(false);
    expect(refused({ mode: "factor" })).toBe(false);
    expect(refused({ extra: 1 })).toBe(false);
    expect(priceScopeSchema.safeParse({ kind: "shelf", value: "x" }).success).toBe(false);
    expect(priceScopeSchema.safeParse({ kind: "author", value: "  " }).success).toBe(false);
    expect(priceScopeSchema.parse({ kind: "all", value: "ignored" })).toEqual({ kind: "all", value: null });
  });

  const form = (over: Partial<PriceFormValues>): PriceFormValues => ({ ...blankPriceForm, ...over });
  const fieldOf = (values: PriceFormValues) => {
    try {
      priceFormToRequest(values);
      return null;
    } catch (error) {
      const issue = (error as { issues: { path: string[]; message: string }[] }).issues[0];
      return [issue?.path[0], issue?.message];
    }
  };

  it("reads the form as the admin types it", () => {
    expect(priceFormToRequest(form({ amount: "12" })).change).toMatchObject({ mode: "percent", value: 12 });
    expect(priceFormToRequest(form({ amount: "5,5", direction: "down" })).change.value).toBe(-5.5);
    expect(priceFormToRequest(form({ amount: "1.500", unit: "amount" })).change).toMatchObject({
      mode: "amount",
      value: 1500,
    });
    expect(priceFormToRequest(form({ amount: "$ 300,50", unit: "amount", direction: "down" })).change.value).toBe(
      -300.5,
    );
    const full = priceFormToRequest(
      form({ amount: "12", scope: "author", author: " Borges ", followPromotional: "on", followPreorder: "on" }),
    );
    expect(full).toEqual({
      scope: { kind: "author", value: "Borges" },
      change: { mode: "percent", value: 12, rounding: "100", followPromotional: true, followPreorder: true },
    });
  });

  it("puts each Spanish message under its field", () => {
    expect(fieldOf(form({ amount: "" }))).toEqual(["amount", "Indicá cuánto cambian los precios"]);
    expect(fieldOf(form({ amount: "doce" }))).toEqual(["amount", "Escribí un porcentaje, por ejemplo 12 o 5,5"]);
    expect(fieldOf(form({ amount: "NaN" }))?.[0]).toBe("amount");
    expect(fieldOf(form({ amount: "-5" }))?.[0]).toBe("amount");
    expect(fieldOf(form({ amount: "600" }))).toEqual(["amount", "El porcentaje tiene que estar entre -90% y +500%"]);
    expect(fieldOf(form({ amount: "95", direction: "down" }))?.[0]).toBe("amount");
    expect(fieldOf(form({ amount: "2.000.000", unit: "amount" }))).toEqual([
      "amount",
      "El monto no puede superar $ 1.000.000",
    ]);
    expect(fieldOf(form({ amount: "1e9", unit: "amount" }))?.[0]).toBe("amount");
    expect(fieldOf(form({ amount: "12", scope: "shelf" }))).toEqual(["scope", "Elegí qué libros actualizar"]);
    expect(fieldOf(form({ amount: "12", scope: "category" }))).toEqual(["category", "Elegí una categoría"]);
    expect(fieldOf(form({ amount: "12", scope: "publisher" }))).toEqual(["publisher", "Escribí la editorial"]);
    expect(fieldOf(form({ amount: "12", scope: "author", author: "x".repeat(201) }))?.[0]).toBe("author");
    expect(fieldOf(form({ amount: "12", rounding: "7" }))).toEqual(["rounding", "Elegí un redondeo de la lista"]);
    expect(fieldOf(form({ amount: "12", direction: "sideways" }))?.[0]).toBe("direction");
    expect(fieldOf(form({ amount: "12", unit: "kg" }))?.[0]).toBe("unit");
  });

  it("describes an update for people", () => {
    expect(
      describeUpdate(
        { kind: "category", value: "literatura-ficcion" },
        change({ rounding: "100" }),
        "Literatura y Ficción",
      ),
    ).toBe("+12% a Literatura y Ficción (redondeo a $100)");
    expect(
      describeUpdate(
        { kind: "publisher", value: "Anagrama" },
        change({ mode: "amount", value: -1500, rounding: "900", followPromotional: true, followPreorder: true }),
      ),
    ).toBe("-$\u00a01.500 a la editorial Anagrama (terminado en 900; también promociones y preventas)");
    expect(describeUpdate({ kind: "all", value: null }, change({ value: 5.5 }))).toBe(
      "+5,5% a todo el catálogo (sin redondeo)",
    );
  });
});
