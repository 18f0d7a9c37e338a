import { describe, expect, it } from "vitest";
import { priceOrder, transferDiscountLabel, transferPercentOf } from "./pricing";

describe("order totals", () => {
  it("takes 15% off a bank transfer and nothing off Mercado Pago; shipping is never discounted", () => {
    expect(
      priceOrder({
        subtotalCents: 2_000_000,
        code: null,
        paymentMethod: "transfer",
        shippingCents: 500_000,
        transferDiscountPercent: 15,
      }),
    ).toEqual({
      subtotalCents: 2_000_000,
      codeDiscountCents: 0,
      transferDiscountCents: 300_000,
      discountCents: 300_000,
      shippingCents: 500_000,
      totalCents: 2_200_000,
    });
    expect(
      priceOrder({
        subtotalCents: 2_000_000,
        code: null,
        paymentMethod: "mercadopago",
        shippingCents: 500_000,
        transferDiscountPercent: 15,
      }),
    ).toMatchObject({ discountCents: 0, totalCents: 2_500_000 });
  });

  it("applies the code to the subtotal first, then 15% off what remains, rounded once", () => {
    // $ 199,99 with 10% off by transfer: 19999 x 0.9 x 0.85 = 15299.235 -> 15299 centavos.
    const totals = priceOrder({
      subtotalCents: 19_999,
      code: { discountPercentage: 10, discountAmountCents: null },
      paymentMethod: "transfer",
      shippingCents: 0,
      transferDiscountPercent: 15,
    });
    expect(totals.totalCents).toBe(15_299);
    expect(totals.codeDiscountCents).toBe(2_000);
    expect(totals.codeDiscountCents + totals.transferDiscountCents + totals.totalCents).toBe(19_999);

    const fixed = priceOrder({
      subtotalCents: 3_000_000,
      code: { discountPercentage: null, discountAmountCents: 500_000 },
      paymentMethod: "transfer",
      shippingCents: 100_000,
      transferDiscountPercent: 15,
    });
    expect(fixed).toMatchObject({ codeDiscountCents: 500_000, transferDiscountCents: 375_000, totalCents: 2_225_000 });
  });

  it("never takes more than the subtotal, so a total is never negative", () => {
    const totals = priceOrder({
      subtotalCents: 100_000,
      code: { discountPercentage: null, discountAmountCents: 900_000 },
      paymentMethod: "transfer",
      shippingCents: 50_000,
      transferDiscountPercent: 15,
    });
    expect(totals).toMatchObject({ codeDiscountCents: 100_000, transferDiscountCents: 0, totalCents: 50_000 });
    const all = priceOrder({
      subtotalCents: 100_000,
      code: { discountPercentage: 100, discountAmountCents: null },
      paymentMethod: "mercadopago",
      shippingCents: 0,
      transferDiscountPercent: 15,
    });
    expect(all.totalCents).toBe(0);
  });

  it("takes the shop's own percent when the setting changes (10%)", () => {
    // $ 199,99 with 10% off by code, then 10% by transfer: 19999 x 0.9 x 0.9 = 16199.19 -> 16199 centavos.
    const totals = priceOrder({
      subtotalCents: 19_999,
      code: { discountPercentage: 10, discountAmountCents: null },
      paymentMethod: "transfer",
      shippingCents: 50_000,
      transferDiscountPercent: 10,
    });
    expect(totals).toMatchObject({ codeDiscountCents: 2_000, transferDiscountCents: 1_800, totalCents: 66_199 });
    expect(
      priceOrder({
        subtotalCents: 2_000_000,
        code: null,
        paymentMethod: "transfer",
        shippingCents: 0,
        transferDiscountPercent: 10,
      }),
    ).toMatchObject({ transferDiscountCents: 200_000, totalCents: 1_800_000 });
    expect(transferPercentOf(totals)).toBe(10);
  });

  it("takes nothing off with 0%: a transfer costs the same as Mercado Pago", () => {
    const input = { subtotalCents: 1_234_567, code: null, shippingCents: 90_000, transferDiscountPercent: 0 };
    const transfer = priceOrder({ ...input, paymentMethod: "transfer" });
    expect(transfer).toEqual(priceOrder({ ...input, paymentMethod: "mercadopago" }));
    expect(transfer).toMatchObject({ transferDiscountCents: 0, discountCents: 0, totalCents: 1_324_567 });
    expect(transferPercentOf(transfer)).toBeNull();
  });

  it("refuses a percent the setting cannot hold", () => {
    const input = { subtotalCents: 10_000, code: null, paymentMethod: "transfer" as const, shippingCents: 0 };
    expect(() => priceOrder({ ...input, transferDiscountPercent: 51 })).toThrow(RangeError);
    expect(() => priceOrder({ ...input, transferDiscountPercent: -1 })).toThrow(RangeError);
    expect(() => priceOrder({ ...input, transferDiscountPercent: 12.5 })).toThrow(RangeError);
  });

  it("reads back the percent an order was given from its amounts, for every percent the setting allows", () => {
    for (let percent = 1; percent <= 50; percent++) {
      for (const subtotalCents of [200, 1_999, 19_999, 2_345_678]) {
        for (const code of [null, { discountPercentage: 35, discountAmountCents: null }]) {
          const totals = priceOrder({
            subtotalCents,
            code,
            paymentMethod: "transfer",
            shippingCents: 0,
            transferDiscountPercent: percent,
          });
          if (subtotalCents - totals.codeDiscountCents < 200) continue;
          expect(transferPercentOf(totals), `${percent}% of ${subtotalCents}`).toBe(percent);
        }
      }
    }
    expect(transferDiscountLabel(15)).toBe("15% por transferencia");
    expect(transferDiscountLabel(null)).toBe("Descuento por transferencia");
  });
});
