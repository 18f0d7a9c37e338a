import { describe, expect, it } from "vitest";
import {
  addBook,
  CART_MESSAGES,
  changeCents,
  changeQuantity,
  chargeCheck,
  emptyDraft,
  saleBody,
  saleTotals,
} from "./cart";
import { MAX_SALE_LINES, SALE_MESSAGES, saleInputSchema } from "./input";
import type { CatalogBook } from "./lookup";

const book = (id: number, price: number | null): CatalogBook => ({
  id,
  title: `Libro ${id}`,
  author: "Autora",
  isbn: null,
  sku: null,
  price,
  stock: 1,
  cover: "",
});

const add = (lines: ReturnType<typeof emptyDraft>["lines"], entry: CatalogBook) => {
  const next = addBook(lines, entry);
  if (typeof next === "string") throw new Error(next);
  return next;
};

describe("the sale on the phone", () => {
  it("adds a book once and counts copies; 0 takes it out", () => {
    let lines = add([], book(1, 12_500));
    lines = add(lines, book(1, 12_500));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(2);
    expect(changeQuantity(lines, 1, 0)).toEqual([]);
    expect(changeQuantity(lines, 1, 500)[0]?.quantity).toBe(99);
  });

  it("refuses a line past the API's maximum, in Spanish", () => {
    let lines = add([], book(1, 100));
    for (let id = 2; id <= MAX_SALE_LINES; id++) lines = add(lines, book(id, 100));
    expect(addBook(lines, book(999, 100))).toBe(CART_MESSAGES.tooManyLines);
  });

  it("computes totals as the server does: the line's discount, then the sale's, rounded once in centavos", () => {
    let lines = add(add([], book(1, 19.99)), book(2, 12_500));
    lines = changeQuantity(lines, 1, 3);
    lines = lines.map((line) => (line.bookId === 1 ? { ...line, discountPercent: 10 } : line));
    lines = lines.map((line) => (line.bookId === 2 ? { ...line, priceCents: 10_000_00 } : line)); // a fair price
    // 3 x 1999 = 5997, less 10% (600) = 5397; + 1000000 = 1005397; less 15% = 150810 -> 854587.
    expect(saleTotals(lines, 15)).toMatchObject({
      subtotalCents: 1_005_397,
      discountCents: 150_810,
      totalCents: 854_587,
      copies: 4,
      unpriced: [],
    });
  });

  it("names the lines without a price until one is typed", () => {
    const lines = add([], book(1, null));
    expect(saleTotals(lines, 0).unpriced.map((line) => line.title)).toEqual(["Libro 1"]);
    const priced = lines.map((line) => ({ ...line, priceCents: 5_000_00 }));
    expect(saleTotals(priced, 0)).toMatchObject({ totalCents: 5_000_00, unpriced: [] });
  });

  it("gives the change, negative when the cash is short", () => {
    expect(changeCents(8_000_00, 10_000_00)).toBe(2_000_00);
    expect(changeCents(8_000_00, 5_000_00)).toBe(-3_000_00);
    expect(changeCents(8_000_00, null)).toBeNull();
  });

  it("builds a body the API's schema takes, with only what was typed", () => {
    const draft = { ...emptyDraft(10), lines: add([], book(1, 12_500)), cashReceived: "20.000" };
    const body = saleBody(draft, {
      clientId: "7c4e3f5e-2f6d-4f7a-9a58-5c0f3c1f2b11",
      soldAt: "2026-11-29T15:00:00.000Z",
      fairId: 3,
      cashReceivedCents: 20_000_00,
    });
    expect(body).toEqual({
      clientId: "7c4e3f5e-2f6d-4f7a-9a58-5c0f3c1f2b11",
      items: [{ id: 1, quantity: 1 }],
      discountPercent: 10,
      payment: "cash",
      cashReceived: 20_000,
      fairId: 3,
      soldAt: "2026-11-29T15:00:00.000Z",
    });
    expect(saleInputSchema.safeParse(body).success).toBe(true);
    const withBuyer = saleBody(
      {
        ...draft,
        payment: "card",
        customer: { ...draft.customer, email: " lector@example.com ", document: "30.123.456" },
      },
      { clientId: body.clientId, soldAt: body.soldAt ?? "", fairId: null, cashReceivedCents: 20_000_00 },
    );
    expect(withBuyer.cashReceived).toBeUndefined();
    expect(withBuyer.customer).toEqual({ email: "lector@example.com", document: "30.123.456" });
    expect(saleInputSchema.parse(withBuyer).customer?.document).toBe("30123456");
  });
});

describe("what stops a sale from being charged", () => {
  const options = { identifyFromCents: null, online: true, documentMessage: (cents: number) => `DNI desde ${cents}` };
  const draft = { ...emptyDraft(), lines: add([], book(1, 12_500)) };

  it("an empty sale, a line without a price, cash that is not money or not enough", () => {
    expect(chargeCheck(emptyDraft(), options)).toEqual({ ok: false, field: "lines", message: CART_MESSAGES.empty });
    expect(chargeCheck({ ...draft, lines: add([], book(2, null)) }, options)).toMatchObject({
      field: "lines",
      message: CART_MESSAGES.noPrice("Libro 2"),
    });
    expect(chargeCheck({ ...draft, cashReceived: "doce mil" }, options)).toMatchObject({
      field: "cash",
      message: CART_MESSAGES.cashInvalid,
    });
    expect(chargeCheck({ ...draft, cashReceived: "10.000" }, options)).toMatchObject({
      message: CART_MESSAGES.cashShort,
    });
    expect(chargeCheck({ ...draft, cashReceived: "12.500" }, options)).toEqual({
      ok: true,
      cashReceivedCents: 1_250_000,
    });
    expect(chargeCheck(draft, options)).toEqual({ ok: true, cashReceivedCents: null });
    // Cash typed, then another way of paying chosen: the typed amount does not count.
    expect(chargeCheck({ ...draft, payment: "card", cashReceived: "1" }, options)).toMatchObject({ ok: true });
  });

  it("Mercado Pago's QR without signal", () => {
    const qr = { ...draft, payment: "mercadopago_qr" as const };
    expect(chargeCheck(qr, { ...options, online: false })).toMatchObject({ message: SALE_MESSAGES.qrOffline });
    expect(chargeCheck(qr, options)).toMatchObject({ ok: true });
  });

  it("the buyer's DNI from ARCA's threshold on, unless a CUIT or a DNI is there", () => {
    const threshold = { ...options, identifyFromCents: 1_250_000 };
    expect(chargeCheck(draft, threshold)).toEqual({ ok: false, field: "document", message: "DNI desde 1250000" });
    expect(chargeCheck(draft, { ...threshold, identifyFromCents: 1_250_001 })).toMatchObject({ ok: true });
    const withDocument = { ...draft, customer: { ...draft.customer, document: "30123456" } };
    expect(chargeCheck(withDocument, threshold)).toMatchObject({ ok: true });
    const withCuit = { ...draft, customer: { ...draft.customer, cuit: "30-71654321-4" } };
    expect(chargeCheck(withCuit, threshold)).toMatchObject({ ok: true });
  });
});
