import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing";

describe("order totals", () => {
  it("takes 15% off a bank transfer and nothing off Mercado Pago; shipping is never discounted", () => {
    expect(
      priceOrder({ subtotalCents: 2_000_000, code: null, paymentMethod: "transfer", shippingCents: 500_000 }),
    ).toEqual({
      subtotalCents: 2_000_000,
      codeDiscountCents: 0,
      transferDiscountCents: 300_000,
      discountCents: 300_000,
      shippingCents: 500_000,
      totalCents: 2_200_000,
    });
    expect(
      priceOrder({ subtotalCents: 2_000_000, code: null, paymentMethod: "mercadopago", shippingCents: 500_000 }),
    ).toMatchObject({ discountCents: 0, totalCents: 2_500_000 });
  });

  it("applies the code to the subtotal first, then 15% off what remains, rounded once", () => {
    // $ 199,99 with 10% off by transfer: 19999 x 0.9 x 0.85 = 15299.235 -> 15299 centavos.
    const totals = priceOrder({
      subtotalCents: 19_999,
      code: { discountPercentage: 10, discountAmountCents: null },
      paymentMethod: "transfer",
      shippingCents: 0,
    });
    expect(totals.totalCents).toBe(15_299);
    expect(totals.codeDiscountCents).toBe(2_000);
    expect(totals.codeDiscountCents + totals.transferDiscountCents + totals.totalCents).toBe(19_999);

    const fixed = priceOrder({
      subtotalCents: 3_000_000,
      code: { discountPercentage: null, discountAmountCents: 500_000 },
      paymentMethod: "transfer",
      shippingCents: 100_000,
    });
    expect(fixed).toMatchObject({ codeDiscountCents: 500_000, transferDiscountCents: 375_000, totalCents: 2_225_000 });
  });

  it("never takes more than the subtotal, so a total is never negative", () => {
    const totals = priceOrder({
      subtotalCents: 100_000,
      code: { discountPercentage: null, discountAmountCents: 900_000 },
      paymentMethod: "transfer",
      shippingCents: 50_000,
    });
    expect(totals).toMatchObject({ codeDiscountCents: 100_000, transferDiscountCents: 0, totalCents: 50_000 });
    const all = priceOrder({
      subtotalCents: 100_000,
      code: { discountPercentage: 100, discountAmountCents: null },
      paymentMethod: "mercadopago",
      shippingCents: 0,
    });
    expect(all.totalCents).toBe(0);
  });
});
