import { shareOut, splitTax, VAT_RATES, type VatRate, vatDenominator } from "~/domain/taxes/fiscal";
import { type Cents, sumCents } from "~/lib/money";
import type { InvoiceLine, InvoiceVat } from "~db/schema";
import { VAT_IDS, type VoucherType, voucherLetter } from "./codes";

/**
 * What a voucher says, from the order lines' stored amounts (DESIGN §8: never recomputed from today's
 * prices): what each line cost and its rate. The net and IVA are settled per rate on the voucher
 * (`vatByRate`, docs/decisions/0026 "IVA per rate"). Pure, so the worker, the tests and the PDF agree to
 * the centavo.
 */

export interface OrderLineForInvoice {
  title: string;
  author: string;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  taxRate: VatRate;
}

export const SHIPPING_LINE = "Envío";

/**
 * The voucher's lines: each order line as stored, then the shipping. Shipping takes the treatment of the
 * goods it carries (docs/decisions/0025): shared out over the lines by their price, one "Envío" line per
 * rate (a books-only order has one exempt shipping line). The lines add up to the order's total; their
 * net and tax are settled per rate (`vatByRate`), so they add up to what the voucher sends to ARCA.
 */
export function orderInvoiceLines(items: readonly OrderLineForInvoice[], shippingCents: Cents): InvoiceLine[] {
  const lines: InvoiceLine[] = items.map((item) => ({
    description: item.author ? `${item.title} — ${item.author}` : item.title,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    totalCents: item.lineTotalCents,
    ...splitTax(item.lineTotalCents, item.taxRate),
    rate: item.taxRate,
  }));
  if (shippingCents <= 0 || items.length === 0) return vatByRate(lines).lines;
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
  return vatByRate(lines).lines;
}

/** One rate's totals on a voucher: its lines' gross, split once into net (BaseImp) and IVA (Importe). */
export interface RateTotals {
  rate: VatRate;
  /** What the buyer paid for the rate's lines: the sum of their totals. */
  grossCents: Cents;
  /** round(gross / (1 + rate)), half up: AlicIva's BaseImp. */
  netCents: Cents;
  /** gross − net: AlicIva's Importe, within one centavo of net × rate. */
  taxCents: Cents;
}

export interface SettledVat {
  /** The lines in their order, totals untouched, each rate's nets and taxes adding up to its totals. */
  lines: InvoiceLine[];
  /** One entry per rate present, in VAT_RATES order ('exento' included: its net is its gross). */
  rates: RateTotals[];
}

/**
 * Where a voucher's centavos are settled, the one place (docs/decisions/0026, "IVA per rate"). ARCA checks
 * each AlicIva's Importe against BaseImp × rate within one centavo (error 10051); lines' taxes rounded one
 * by one and then summed drift from that by up to half a centavo a line. So each rate is split once, on
 * the gross of its lines: net = round(gross / (1 + rate)), tax = gross − net. Then the rate's net is shared
 * back over its lines by largest remainder: each line's net is its own exact net rounded down or up (never
 * more than its total, so its tax is never negative), the nets add up to the rate's net, and every line's
 * total stays what the buyer paid. Integer centavos throughout.
 */
export function vatByRate(lines: readonly InvoiceLine[]): SettledVat {
  const settled = lines.map((line) => ({ ...line }));
  const rates: RateTotals[] = [];
  for (const rate of VAT_RATES) {
    const group = settled.filter((line) => line.rate === rate);
    if (group.length === 0) continue;
    const grossCents = sumCents(group.map((line) => line.totalCents));
    const { netCents, taxCents } = splitTax(grossCents, rate);
    const nets = shareNet(
      netCents,
      group.map((line) => line.totalCents),
      rate,
    );
    group.forEach((line, index) => {
      const net = nets[index] ?? 0;
      line.netCents = net;
      line.taxCents = line.totalCents - net;
    });
    rates.push({ rate, grossCents, netCents, taxCents });
  }
  return { lines: settled, rates };
}

/**
 * Shares a rate's net over its lines' totals: each line's exact net (total / (1 + rate)) rounded down,
 * then the centavos left go one each to the largest remainders (ties: the earlier line). The rate's net is
 * its gross's exact net rounded, so what is left is never negative nor more than the lines with a
 * remainder: every line gets its exact net rounded down or up.
 */
function shareNet(netCents: Cents, totals: readonly Cents[], rate: VatRate): Cents[] {
  const denominator = vatDenominator(rate);
  const exact = totals.map((total, index) => {
    const numerator = total * 10_000;
    if (!Number.isSafeInteger(numerator) || total < 0) throw new RangeError(`importe inválido: ${total}`);
    const rest = numerator % denominator;
    return { index, floor: (numerator - rest) / denominator, rest };
  });
  const parts = exact.map((line) => line.floor);
  let left = netCents - sumCents(parts);
  const withRest = exact.filter((line) => line.rest > 0);
  if (left < 0 || left > withRest.length) throw new Error(`neto ${netCents} no repartible en ${totals.length} líneas`);
  withRest.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of withRest) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

export interface VoucherAmounts {
  totalCents: Cents;
  /** ImpNeto: the taxed net (0% included), Σ BaseImp; for a Factura C, the whole amount. */
  netCents: Cents;
  /** ImpIVA: Σ Importe. */
  vatCents: Cents;
  /** ImpOpEx: exempt operations. */
  exemptCents: Cents;
  vat: InvoiceVat[];
  /** The lines, their net and tax settled with the AlicIva (`vatByRate`): what the PDF prints. */
  lines: InvoiceLine[];
}

/**
 * ARCA's totals of a voucher, from its lines' totals and rates. A and B discriminate: exempt lines go to
 * ImpOpEx, the rest to ImpNeto with one AlicIva per rate, split once on the rate's gross (`vatByRate`).
 * C (a Monotributo or exempt seller) carries no IVA: ImpNeto is the whole amount and no AlicIva is sent.
 */
export function voucherAmounts(lines: readonly InvoiceLine[], voucherType: VoucherType): VoucherAmounts {
  const settled = vatByRate(lines);
  const totalCents = sumCents(lines.map((line) => line.totalCents));
  if (voucherLetter(voucherType) === "C") {
    return { totalCents, netCents: totalCents, vatCents: 0, exemptCents: 0, vat: [], lines: settled.lines };
  }
  const taxed = settled.rates.filter((entry) => entry.rate !== "exento");
  const vat: InvoiceVat[] = taxed.map((entry) => ({
    id: VAT_IDS[entry.rate as Exclude<VatRate, "exento">],
    baseCents: entry.netCents,
    amountCents: entry.taxCents,
  }));
  return {
    totalCents,
    netCents: sumCents(vat.map((entry) => entry.baseCents)),
    vatCents: sumCents(vat.map((entry) => entry.amountCents)),
    exemptCents: settled.rates.find((entry) => entry.rate === "exento")?.grossCents ?? 0,
    vat: vat.sort((a, b) => a.id - b.id),
    lines: settled.lines,
  };
}
