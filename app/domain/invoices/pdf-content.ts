import { TAX_CONDITIONS } from "~/domain/settings/fiscal";
import { splitTax, VAT_RATE_LABELS } from "~/domain/taxes/fiscal";
import { numericDate } from "~/lib/dates";
import { type Cents, formatMoney } from "~/lib/money";
import type { InvoiceLine } from "~db/schema";
import {
  DOC_TYPE_LABELS,
  DOC_TYPES,
  RECEIVER_CONDITION_LABELS,
  RECEIVER_CONDITIONS,
  VAT_ID_LABELS,
  voucherLabel,
  voucherLetter,
  voucherNumberText,
} from "./codes";
import type { InvoiceRow } from "./pdf.server";
import type { QrVoucher } from "./qr";

/**
 * What an invoice's PDF prints, as text, decided apart from where it is drawn (pdf.server.ts): ARCA's
 * required content (RG 1415 annex II, RG 4291), the lines and totals by letter, Ley 27.743's transparency
 * block on B vouchers, and the QR's data (RG 4892). docs/decisions/0028-invoice-document.md says why.
 */

/** The notice every voucher not authorised in production carries (issue 19, item 7); exact text. */
export const TEST_NOTICE = "COMPROBANTE DE PRUEBA — sin validez fiscal";

/**
 * The legend a Factura A (and its credit note) to a Monotributo buyer carries since Ley 27.618 (RG 5003/2021,
 * ARCA's observation 10217 when it is missing); exact text.
 */
export const MONOTRIBUTO_LEGEND =
  "El crédito fiscal discriminado en el presente comprobante, sólo podrá ser computado a efectos del Régimen de Sostenimiento e Inclusión Fiscal para Pequeños Contribuyentes de la Ley Nº 27.618";

export interface Column {
  header: string;
  /** Share of the table's width. */
  width: number;
  align: "left" | "right" | "center";
}

export interface Labelled {
  label: string;
  value: string;
}

export interface VoucherContent {
  /** "Factura B 00001-00000012": the PDF's title. */
  title: string;
  letter: string;
  /** "COD. 006". */
  code: string;
  /** "FACTURA" / "NOTA DE CRÉDITO". */
  heading: string;
  /** "Punto de venta: 00001  Comp. Nro: 00000012". */
  numberLine: string;
  issuedOn: string;
  seller: { name: string; address: string | null; cuit: string; condition: string; activityStart: string | null };
  buyer: Labelled[];
  /** The invoice a credit note cancels: "Factura B 00001-00000012 del 05/03/2026". */
  associated: string | null;
  columns: Column[];
  /** One row per line, cells in the columns' order; the first cell (the description) wraps. */
  rows: string[][];
  totals: Labelled[];
  /** Ley 27.618's legend (an A voucher to a Monotributo buyer), else null. */
  legend: string | null;
  /** Ley 27.743's block (B vouchers), else null. */
  transparency: Labelled[] | null;
  reference: string | null;
  cae: string;
  caeExpiry: string;
  qr: QrVoucher;
  /** True outside production: the voucher has no fiscal validity. */
  test: boolean;
}

const digits = (text: string) => text.replace(/\D/g, "");

/** "30716543214" or "30-71654321-4" -> "30-71654321-4"; anything that is not 11 digits stays as stored. */
export function formatCuit(cuit: string): string {
  const d = digits(cuit);
  return d.length === 11 ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : cuit;
}

/** The buyer's document as printed: "CUIT: 20-26756539-3", "DNI: 30123456", or "Documento: Consumidor final". */
function buyerDocument(invoice: InvoiceRow): Labelled {
  const type = invoice.receiverDocType;
  if (type === DOC_TYPES.finalConsumer || digits(invoice.receiverDocNumber).replace(/^0+/, "") === "") {
    return { label: "Documento", value: "Consumidor final" };
  }
  const label = DOC_TYPE_LABELS[type] ?? `Documento (tipo ${type})`;
  const value = type === DOC_TYPES.cuit ? formatCuit(invoice.receiverDocNumber) : invoice.receiverDocNumber;
  return { label, value };
}

/** A line's amount beside its quantity x unit price: the order's discounts (and shipping) shared onto it. */
function adjustment(lineCents: Cents, grossCents: Cents): string {
  const delta = lineCents - grossCents;
  if (delta === 0) return "";
  return delta > 0 ? `+${formatMoney(delta)}` : formatMoney(delta);
}

/**
 * A discriminates IVA (RG 1415): net unit prices, the rate of each line and its net subtotal. B and C show
 * what the buyer paid, tax included. An "Ajuste" column appears only when some line's amount is not its
 * quantity times its unit price (its share of a discount code or of the shipping, docs/decisions/0025).
 */
function table(letter: string, lines: readonly InvoiceLine[]): { columns: Column[]; rows: string[][] } {
  const discriminates = letter === "A";
  const priced = lines.map((line) => {
    const unit = discriminates ? netUnit(line) : line.unitPriceCents;
    const amount = discriminates ? line.netCents : line.totalCents;
    return { line, unit, amount, gross: unit * line.quantity };
  });
  const adjusted = priced.some((row) => row.amount !== row.gross);
  const amounts: Column[] = [
    { header: "Cantidad", width: 0.09, align: "right" },
    { header: discriminates ? "Precio unit. neto" : "Precio unitario", width: 0.15, align: "right" },
    ...(discriminates ? [{ header: "Alícuota", width: 0.12, align: "center" } as const] : []),
    ...(adjusted ? [{ header: "Ajuste", width: 0.12, align: "right" } as const] : []),
    { header: discriminates ? "Subtotal neto" : "Importe", width: 0.15, align: "right" },
  ];
  // The description takes the rest of the width.
  const rest = 1 - amounts.reduce((sum, column) => sum + column.width, 0);
  const columns: Column[] = [{ header: "Descripción", width: rest, align: "left" }, ...amounts];
  const rows = priced.map(({ line, unit, amount, gross }) => [
    line.description,
    String(line.quantity),
    formatMoney(unit),
    ...(discriminates ? [VAT_RATE_LABELS[line.rate]] : []),
    ...(adjusted ? [adjustment(amount, gross)] : []),
    formatMoney(amount),
  ]);
  return { columns, rows };
}

/** The unit price without IVA, at the line's rate (what a Factura A lists before the tax). */
function netUnit(line: InvoiceLine): Cents {
  return splitTax(line.unitPriceCents, line.rate).netCents;
}

function totals(letter: string, invoice: InvoiceRow): Labelled[] {
  const total = { label: "Importe total", value: formatMoney(invoice.totalCents) };
  if (letter !== "A") return [{ label: "Subtotal", value: formatMoney(invoice.totalCents) }, total];
  return [
    { label: "Importe neto gravado", value: formatMoney(invoice.netCents) },
    ...invoice.vat.map((vat) => ({
      label: VAT_ID_LABELS[vat.id] ?? `IVA (${vat.id})`,
      value: formatMoney(vat.amountCents),
    })),
    { label: "Importe exento", value: formatMoney(invoice.exemptCents) },
    total,
  ];
}

/** Throws when the row is not an authorised voucher: a PDF without number or CAE would be no voucher at all. */
function authorised(invoice: InvoiceRow) {
  const { number, issuedOn, cae, caeExpiry } = invoice;
  if (number === null || issuedOn === null || cae === null || caeExpiry === null) {
    throw new Error(`invoice ${invoice.id} has no number, date or CAE yet: it cannot be printed`);
  }
  return { number, issuedOn, cae, caeExpiry };
}

export function voucherContent(invoice: InvoiceRow, original: InvoiceRow | null, reference: string | null) {
  const { number, issuedOn, cae, caeExpiry } = authorised(invoice);
  const letter = voucherLetter(invoice.voucherType);
  const buyer: Labelled[] = [
    { label: "Apellido y nombre / Razón social", value: invoice.receiverName },
    buyerDocument(invoice),
    {
      label: "Condición frente al IVA",
      value: RECEIVER_CONDITION_LABELS[invoice.receiverTaxCondition] ?? String(invoice.receiverTaxCondition),
    },
    ...(invoice.receiverAddress ? [{ label: "Domicilio", value: invoice.receiverAddress }] : []),
  ];
  const associated =
    invoice.kind === "credit_note" && original
      ? `${voucherLabel(original.voucherType)} ${voucherNumberText(original.pointOfSale, original.number)}${
          original.issuedOn ? ` del ${numericDate(original.issuedOn)}` : ""
        }`
      : null;
  const content: VoucherContent = {
    title: `${voucherLabel(invoice.voucherType)} ${voucherNumberText(invoice.pointOfSale, number)}`,
    letter,
    code: `COD. ${String(invoice.voucherType).padStart(3, "0")}`,
    heading: invoice.kind === "credit_note" ? "NOTA DE CRÉDITO" : "FACTURA",
    numberLine: `Punto de venta: ${String(invoice.pointOfSale).padStart(5, "0")}  Comp. Nro: ${String(number).padStart(8, "0")}`,
    issuedOn: numericDate(issuedOn),
    seller: {
      name: invoice.issuer.legalName,
      address: invoice.issuer.legalAddress,
      cuit: formatCuit(invoice.issuerCuit),
      condition: TAX_CONDITIONS[invoice.issuerTaxCondition],
      activityStart: invoice.issuer.activityStart ? numericDate(invoice.issuer.activityStart) : null,
    },
    buyer,
    associated,
    ...table(letter, invoice.lines),
    totals: totals(letter, invoice),
    legend:
      letter === "A" && invoice.receiverTaxCondition === RECEIVER_CONDITIONS.monotributo ? MONOTRIBUTO_LEGEND : null,
    transparency:
      letter === "B"
        ? [
            { label: "IVA contenido", value: formatMoney(invoice.vatCents) },
            { label: "Otros impuestos nacionales indirectos", value: formatMoney(0) },
          ]
        : null,
    reference,
    cae,
    caeExpiry: numericDate(caeExpiry),
    qr: {
      issuedOn,
      issuerCuit: invoice.issuerCuit,
      pointOfSale: invoice.pointOfSale,
      voucherType: invoice.voucherType,
      number,
      totalCents: invoice.totalCents,
      receiverDocType: invoice.receiverDocType,
      receiverDocNumber: invoice.receiverDocNumber,
      cae,
    },
    test: invoice.environment !== "produccion",
  };
  return content;
}
