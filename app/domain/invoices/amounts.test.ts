import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiscalLines, rateBasisPoints, splitTax, VAT_RATES, type VatRate } from "~/domain/taxes/fiscal";
import type { InvoiceLine } from "~db/schema";
import { invoiceRow } from "../../../tests/support/invoice-row";
import { type OrderLineForInvoice, orderInvoiceLines, vatByRate, voucherAmounts } from "./amounts";
import { VAT_IDS, type VoucherType } from "./codes";
import { voucherContent } from "./pdf-content";

/**
 * ARCA's error 10051 (Manual para el desarrollador WSFEv1, FECAESolicitar): each AlicIva's Importe must match
 * BaseImp × the rate of its Id; "margen de error: error relativo porcentual <= 0.01% o el error absoluto
 * <= 0.01". These tests hold the voucher to the absolute centavo, the stricter reading.
 */

const RATE_OF_ID = Object.fromEntries(Object.entries(VAT_IDS).map(([rate, id]) => [id, rate as VatRate]));
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** |Importe − BaseImp × rate| in ten-thousandths of a centavo, exactly (rates in basis points). */
const driftE4 = (base: number, amount: number, rate: VatRate) =>
  Math.abs(amount * 10_000 - base * rateBasisPoints(rate));

/** Importe against BaseImp × rate rounded half up to the centavo first (how a checker may compute it). */
const roundedExpected = (base: number, rate: VatRate) =>
  Math.floor((2 * base * rateBasisPoints(rate) + 10_000) / 20_000);

const item = (title: string, unitPriceCents: number, quantity: number, taxRate: VatRate): OrderLineForInvoice => ({
  title,
  author: "",
  quantity,
  unitPriceCents,
  lineTotalCents: unitPriceCents * quantity,
  taxRate,
});

/** The order's lines as placeOrder stores them: a discount shared over them (`fiscalLines`), each split. */
const orderArb = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceCents: fc.integer({ min: 1, max: 5_000_000 }),
      rate: fc.constantFrom(...VAT_RATES),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .chain((lines) => {
    const subtotal = sum(lines.map((line) => line.unitPriceCents * line.quantity));
    return fc.record({
      lines: fc.constant(lines),
      discountCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: Math.floor(subtotal / 2) })),
      shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })),
    });
  })
  .map(({ lines, discountCents, shippingCents }) => {
    const fiscal = fiscalLines(
      lines.map((line) => ({ grossCents: line.unitPriceCents * line.quantity, taxCategory: "x", rate: line.rate })),
      discountCents,
    );
    const items = lines.map((line, index) => ({
      ...item(`Línea ${index + 1}`, line.unitPriceCents, line.quantity, line.rate),
      lineTotalCents: fiscal[index]?.lineTotalCents ?? 0,
    }));
    return { items, shippingCents, orderTotal: sum(items.map((i) => i.lineTotalCents)) + shippingCents };
  });

const discriminating = fc.constantFrom<VoucherType>(1, 6, 3, 8);

/** Everything ARCA checks on the amounts, and what the PDF prints from the lines. */
function expectSettled(lines: readonly InvoiceLine[], type: VoucherType, orderTotal: number) {
  const amounts = voucherAmounts(lines, type);
  expect(amounts.totalCents).toBe(orderTotal);
  expect(amounts.netCents + amounts.vatCents + amounts.exemptCents).toBe(amounts.totalCents);
  expect(amounts.netCents).toBe(sum(amounts.vat.map((vat) => vat.baseCents)));
  expect(amounts.vatCents).toBe(sum(amounts.vat.map((vat) => vat.amountCents)));
  expect(new Set(amounts.vat.map((vat) => vat.id)).size).toBe(amounts.vat.length);
  for (const vat of amounts.vat) {
    const rate = RATE_OF_ID[vat.id] as VatRate;
    const ofRate = amounts.lines.filter((line) => line.rate === rate);
    const gross = sum(ofRate.map((line) => line.totalCents));
    // One centavo, exactly: |Importe × 10000 − BaseImp × bp| ≤ 10000.
    expect(driftE4(vat.baseCents, vat.amountCents, rate)).toBeLessThanOrEqual(10_000);
    expect(Math.abs(vat.amountCents - roundedExpected(vat.baseCents, rate))).toBeLessThanOrEqual(1);
    expect(vat.baseCents + vat.amountCents).toBe(gross);
    expect(sum(ofRate.map((line) => line.netCents))).toBe(vat.baseCents);
    expect(sum(ofRate.map((line) => line.taxCents))).toBe(vat.amountCents);
  }
  const exempt = amounts.lines.filter((line) => line.rate === "exento");
  expect(amounts.exemptCents).toBe(sum(exempt.map((line) => line.totalCents)));
  expect(exempt.every((line) => line.taxCents === 0)).toBe(true);
  expect(amounts.lines).toHaveLength(lines.length);
  amounts.lines.forEach((line, index) => {
    expect(line.totalCents).toBe(lines[index]?.totalCents);
    expect(line.netCents).toBeGreaterThanOrEqual(0);
    expect(line.taxCents).toBeGreaterThanOrEqual(0);
    expect(line.netCents + line.taxCents).toBe(line.totalCents);
  });
  return amounts;
}

describe("voucherAmounts: IVA per rate as ARCA checks it (10051)", () => {
  it("any order: totals to the centavo, each AlicIva within a centavo of BaseImp × rate, lines adding up to it", () => {
    fc.assert(
      fc.property(orderArb, discriminating, ({ items, shippingCents, orderTotal }, type) => {
        const lines = orderInvoiceLines(items, shippingCents);
        const amounts = expectSettled(lines, type, orderTotal);
        // The lines orderInvoiceLines writes on the row are already the settled ones.
        expect(amounts.lines).toEqual(lines);
      }),
      { numRuns: 400 },
    );
  });

  it("any order on a Factura C or its credit note: no AlicIva, ImpNeto is the whole amount", () => {
    fc.assert(
      fc.property(orderArb, fc.constantFrom<VoucherType>(11, 13), ({ items, shippingCents, orderTotal }, type) => {
        const amounts = voucherAmounts(orderInvoiceLines(items, shippingCents), type);
        expect(amounts).toMatchObject({ totalCents: orderTotal, netCents: orderTotal, vatCents: 0, exemptCents: 0 });
        expect(amounts.vat).toEqual([]);
      }),
    );
  });

  it("settling is idempotent and reads only totals and rates: lines stored the old way (per line) come out the same", () => {
    fc.assert(
      fc.property(orderArb, discriminating, ({ items, shippingCents }, type) => {
        const settled = orderInvoiceLines(items, shippingCents);
        // An invoice queued before this change kept each line's own rounded split.
        const perLine = settled.map((line) => ({ ...line, ...splitTax(line.totalCents, line.rate) }));
        expect(voucherAmounts(settled, type)).toEqual(voucherAmounts(perLine, type));
        expect(vatByRate(settled).lines).toEqual(settled);
      }),
    );
  });

  it("30 lines of $ 1.499 at 21%: per-line taxes summed 10,8 centavos over BaseImp × 21% (refused, 10051); now 0,09", () => {
    const items = Array.from({ length: 30 }, (_, i) => item(`Cuaderno ${i + 1}`, 149_900, 1, "21"));
    // The old way: each line split on its own, then summed.
    const old = items.map((line) => splitTax(line.lineTotalCents, "21"));
    const oldBase = sum(old.map((split) => split.netCents));
    const oldAmount = sum(old.map((split) => split.taxCents));
    expect([oldBase, oldAmount]).toEqual([30 * 123_884, 30 * 26_016]);
    // IVA 7.804,80 against 37.165,20 × 21% = 7.804,692: 10,8 centavos over, far past ARCA's 0,01.
    expect(driftE4(oldBase, oldAmount, "21")).toBe(108_000);

    const amounts = expectSettled(orderInvoiceLines(items, 0), 6, 4_497_000);
    // 44.970 / 1,21 = 37.165,289… -> 37.165,29; IVA 7.804,71 (37.165,29 × 21% = 7.804,7109).
    expect(amounts.vat).toEqual([{ id: 5, baseCents: 3_716_529, amountCents: 780_471 }]);
    expect(driftE4(3_716_529, 780_471, "21")).toBe(900);
    // The rate's net goes back over its lines: 9 of them get a centavo more than their rounded-down net.
    expect(amounts.lines.filter((line) => line.netCents === 123_885)).toHaveLength(9);
    expect(amounts.lines.filter((line) => line.netCents === 123_884)).toHaveLength(21);
  });

  it("books, 10,5% and 21% with shipping shared over them: each rate split on its own gross, books in ImpOpEx", () => {
    const items = [
      item("Rayuela", 2_490_000, 1, "exento"),
      item("Señalador", 99_900, 7, "21"),
      item("Agenda", 1_234_500, 3, "10.5"),
      item("Lámina", 45_050, 11, "21"),
    ];
    const lines = orderInvoiceLines(items, 890_000);
    expect(lines.map((line) => line.description).slice(4)).toEqual([
      "Envío (exento)",
      "Envío (IVA 21%)",
      "Envío (IVA 10,5%)",
    ]);
    const amounts = expectSettled(lines, 1, sum(items.map((i) => i.lineTotalCents)) + 890_000);
    expect(amounts.vat.map((vat) => vat.id)).toEqual([4, 5]);
    expect(amounts.exemptCents).toBe(
      2_490_000 + (lines.find((line) => line.description === "Envío (exento)")?.totalCents ?? 0),
    );
  });

  it("a 0% line is sent as AlicIva 3 with its whole amount as BaseImp and no IVA", () => {
    const amounts = expectSettled(orderInvoiceLines([item("Mapa", 12_345, 3, "0")], 0), 6, 37_035);
    expect(amounts.vat).toEqual([{ id: 3, baseCents: 37_035, amountCents: 0 }]);
    expect(amounts).toMatchObject({ netCents: 37_035, vatCents: 0, exemptCents: 0 });
  });
});

describe("the printed Factura A agrees with what is sent", () => {
  /** "$ 1.234,56" -> 123456. */
  const centsOf = (text: string) =>
    Number(text.replace(/[^\d,]/g, "").replace(",", "")) * (text.includes(",") ? 1 : 100);

  it("its lines' net subtotals add up to the neto gravado plus the exento, and with the IVA to the total", () => {
    fc.assert(
      fc.property(orderArb, ({ items, shippingCents }) => {
        const amounts = voucherAmounts(orderInvoiceLines(items, shippingCents), 1);
        const content = voucherContent(invoiceRow({ voucherType: 1, ...amounts }), null, null);
        const printed = Object.fromEntries(content.totals.map((row) => [row.label, centsOf(row.value)]));
        const subtotals = sum(content.rows.map((row) => centsOf(row.at(-1) ?? "")));
        expect(printed["Importe neto gravado"]).toBe(amounts.netCents);
        expect(printed["Importe exento"]).toBe(amounts.exemptCents);
        expect(subtotals).toBe(amounts.netCents + amounts.exemptCents);
        const vatPrinted = sum(
          content.totals.filter((row) => row.label.startsWith("IVA")).map((row) => centsOf(row.value)),
        );
        expect(vatPrinted).toBe(amounts.vatCents);
        expect(subtotals + vatPrinted).toBe(printed["Importe total"]);
      }),
      { numRuns: 60 },
    );
  });
});
