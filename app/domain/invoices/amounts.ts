import { shareOut, splitTax, type VatRate } from "~/domain/taxes/fiscal";
import { type Cents, sumCents } from "~/lib/money";
import type { InvoiceLine, InvoiceVat } from "~db/schema";
import { VAT_IDS, type VoucherType, voucherLetter } from "./codes";

/**
 * What a voucher says, from the order lines' stored fiscal amounts (DESIGN §8: never recomputed from
 * today's prices). Pure, so the worker, the tests and the PDF agree to the centavo.
 */

export interface OrderLineForInvoice {
  title: string;
  author: string;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  netCents: Cents;
  taxCents: Cents;
  taxRate: VatRate;
}

export const SHIPPING_LINE = "Envío";

/**
 * The voucher's lines: each order line as stored, then the shipping. Shipping takes the treatment of the
 * goods it carries (docs/decisions/0025): shared out over the lines by their price, one "Envío" line per
 * rate (a books-only order has one exempt shipping line). The lines add up to the order's total.
 */
export function orderInvoiceLines(items: readonly OrderLineForInvoice[], shippingCents: Cents): InvoiceLine[] {
  const lines: InvoiceLine[] = items.map((item) => ({
    description: item.author ? `${item.title} — ${item.author}` : item.title,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    totalCents: item.lineTotalCents,
    netCents: item.netCents,
    taxCents: item.taxCents,
    rate: item.taxRate,
  }));
  if (shippingCents <= 0 || items.length === 0) return lines;
  const parts = shareOut(
    shippingCents,
    items.map((item) => item.unitPriceCents * item.quantity),
  );
  const byRate = new Map<VatRate, Cents>();
  items.forEach((item, index) => {
    byRate.set(item.taxRate, (byRate.get(item.taxRate) ?? 0) + (parts[index] ?? 0));
  });
  const several = [...byRate.values()].filter((part) => part > 0).length > 1;
  for (const [rate, part] of byRate) {
    if (part <= 0) continue;
    const split = splitTax(part, rate);
    lines.push({
      description: several
        ? `${SHIPPING_LINE} (${rate === "exento" ? "exento" : `IVA ${rate.replace(".", ",")}%`})`
        : SHIPPING_LINE,
      quantity: 1,
      unitPriceCents: part,
      totalCents: part,
      ...split,
      rate,
    });
  }
  return lines;
}

export interface VoucherAmounts {
  totalCents: Cents;
  /** ImpNeto: the taxed net (0% included); for a Factura C, the whole amount. */
  netCents: Cents;
  vatCents: Cents;
  /** ImpOpEx: exempt operations. */
  exemptCents: Cents;
  vat: InvoiceVat[];
}

/**
 * ARCA's totals of a voucher. A and B discriminate: exempt lines go to ImpOpEx, the rest to ImpNeto with
 * one AlicIva per rate (the stored nets and taxes summed). C (a Monotributo or exempt seller) carries no
 * IVA: ImpNeto is the whole amount and no AlicIva is sent.
 */
export function voucherAmounts(lines: readonly InvoiceLine[], voucherType: VoucherType): VoucherAmounts {
  const totalCents = sumCents(lines.map((line) => line.totalCents));
  if (voucherLetter(voucherType) === "C") {
    return { totalCents, netCents: totalCents, vatCents: 0, exemptCents: 0, vat: [] };
  }
  const exempt = lines.filter((line) => line.rate === "exento");
  const taxed = lines.filter((line) => line.rate !== "exento");
  const vat = new Map<number, InvoiceVat>();
  for (const line of taxed) {
    const id = VAT_IDS[line.rate as Exclude<VatRate, "exento">];
    const entry = vat.get(id) ?? { id, baseCents: 0, amountCents: 0 };
    entry.baseCents += line.netCents;
    entry.amountCents += line.taxCents;
    vat.set(id, entry);
  }
  return {
    totalCents,
    netCents: sumCents(taxed.map((line) => line.netCents)),
    vatCents: sumCents(taxed.map((line) => line.taxCents)),
    exemptCents: sumCents(exempt.map((line) => line.totalCents)),
    vat: [...vat.values()].sort((a, b) => a.id - b.id),
  };
}
