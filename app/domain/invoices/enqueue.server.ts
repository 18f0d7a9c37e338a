import { EventEmitter } from "node:events";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getSections } from "~/domain/settings/settings.server";
import { rateFor } from "~/domain/taxes/fiscal";
import type { Db } from "~db/index";
import {
  boxPayments,
  boxPlans,
  boxSubscriptions,
  type InvoiceIssuerSnapshot,
  type InvoiceLine,
  invoices,
  orderItems,
  orders,
  saleItems,
  sales,
} from "~db/schema";
import { type OrderLineForInvoice, orderInvoiceLines, voucherAmounts } from "./amounts";
import {
  creditNoteType,
  DOC_TYPES,
  invoiceTypeFor,
  RECEIVER_CONDITIONS,
  receiverConditionOf,
  type VoucherType,
} from "./codes";
import type { InvoiceRow } from "./pdf.server";

/** Wakes this process's invoice worker when a voucher is queued (other instances find it on their next poll). */
export const invoiceEvents = new EventEmitter();

export type CreditNoteReason = "refund" | "cancellation" | "withdrawal";

export const CREDIT_NOTE_REASONS: Record<CreditNoteReason, string> = {
  refund: "Devolución del pago",
  cancellation: "Pedido cancelado después del pago",
  withdrawal: "Arrepentimiento de la compra",
};

export const MISSING_FISCAL =
  "Faltan datos fiscales en Ajustes (razón social, CUIT y condición frente al IVA): completalos y reintentá.";
export const MISSING_POINT_OF_SALE = "Falta el punto de venta en Ajustes → Facturación electrónica.";

type Invoicing = Awaited<ReturnType<typeof invoicingSettings>>;

/**
 * What a voucher needs from the settings now: whether invoicing is on, the point of sale, the seller, and
 * `problem`, why no voucher can be issued as they are (missing fiscal data or point of sale), else null.
 */
export async function invoicingSettings(db: Db) {
  const { invoicing, fiscal, taxes } = await getSections(db, ["invoicing", "fiscal", "taxes"]);
  const complete = Boolean(fiscal.cuit && fiscal.taxCondition && fiscal.legalName);
  return {
    enabled: invoicing.enabled,
    pointOfSale: invoicing.pointOfSale,
    problem: !complete ? MISSING_FISCAL : invoicing.pointOfSale === null ? MISSING_POINT_OF_SALE : null,
    cuit: (fiscal.cuit ?? "").replace(/\D/g, ""),
    taxCondition: fiscal.taxCondition ?? "monotributo",
    issuer: {
      legalName: fiscal.legalName ?? "",
      legalAddress: fiscal.legalAddress,
      activityStart: fiscal.activityStart,
    } satisfies InvoiceIssuerSnapshot,
    taxes,
  };
}

/**
 * The seller's side of a voucher not numbered yet, from the settings of the moment: the worker calls it
 * again before asking for a number, so a voucher queued while the fiscal data were missing is issued
 * with them once the admin completes them and retries. It carries the amounts and the lines with their
 * net and tax settled per rate (`voucherAmounts`), so the row's lines always add up to its AlicIva.
 */
export function sellerFields(settings: Invoicing, voucherType: VoucherType, lines: readonly InvoiceLine[]) {
  return {
    issuerCuit: settings.cuit,
    issuerTaxCondition: settings.taxCondition,
    issuer: settings.issuer,
    pointOfSale: settings.pointOfSale ?? 1,
    voucherType,
    ...voucherAmounts(lines, voucherType),
  };
}

/**
 * The buyer as the voucher names them (docs/decisions/0026): a CUIT given at checkout with its condición
 * frente al IVA (Responsable Inscripto for orders from before it was asked); else a final consumer,
 * identified by DNI (96) or CUIL (86) when they gave one (above RG 5700/2025's threshold), anonymous
 * (99, "0") otherwise.
 */
function orderReceiver(order: typeof orders.$inferSelect) {
  const address = order.address ? [order.address, order.city].filter(Boolean).join(", ") : null;
  const common = { receiverAddress: address, receiverEmail: order.email };
  if (order.buyerCuit) {
    return {
      receiverDocType: DOC_TYPES.cuit,
      receiverDocNumber: order.buyerCuit.replace(/\D/g, ""),
      receiverName: order.buyerLegalName ?? `${order.firstName} ${order.lastName}`,
      receiverTaxCondition: receiverConditionOf(order.buyerTaxCondition),
      ...common,
    };
  }
  const document = order.buyerDocument?.replace(/\D/g, "") || null;
  return {
    receiverDocType: document ? (document.length === 11 ? DOC_TYPES.cuil : DOC_TYPES.dni) : DOC_TYPES.finalConsumer,
    receiverDocNumber: document ?? "0",
    receiverName: `${order.firstName} ${order.lastName}`,
    receiverTaxCondition: RECEIVER_CONDITIONS.finalConsumer,
    ...common,
  };
}

/** A voucher row that cannot be issued as things are: written 'failed' with the reason, for the admin. */
const failedUnless = ({ problem }: Invoicing) => (problem ? { status: "failed" as const, lastError: problem } : {});

/**
 * An order was paid: its invoice is queued in the same transaction (no-op when invoicing is off, or when
 * the order already has one — UNIQUE(order_id) of invoices settles replays and races).
 */
export async function enqueueOrderInvoice(tx: Db, orderId: number): Promise<boolean> {
  const settings = await invoicingSettings(tx);
  if (!settings.enabled) return false;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return false;
  const items: OrderLineForInvoice[] = await tx
    .select({
      title: orderItems.title,
      author: orderItems.author,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      lineTotalCents: orderItems.lineTotalCents,
      taxRate: orderItems.taxRate,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const lines = orderInvoiceLines(items, order.shippingCents);
  const receiver = orderReceiver(order);
  const type = invoiceTypeFor(settings.taxCondition, receiver.receiverTaxCondition);
  return queueVoucher(tx, {
    kind: "invoice",
    orderId,
    ...receiver,
    ...sellerFields(settings, type, lines),
    ...failedUnless(settings),
  });
}

/** Writes a voucher's row unless its sale already has one (the unique indexes), and wakes the worker. */
async function queueVoucher(tx: Db, values: typeof invoices.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(invoices).values(values).onConflictDoNothing().returning({ id: invoices.id });
  if (inserted.length > 0) invoiceEvents.emit("queued");
  return inserted.length > 0;
}

/**
 * A counter or fair sale was paid: its invoice, in the same transaction (UNIQUE(sale_id) settles replays).
 * The buyer is named as at checkout: a CUIT with its condition, else a final consumer (by DNI/CUIL when
 * given). No e-mail is fine: the voucher is on the receipt page the buyer scans.
 */
export async function enqueueSaleInvoice(tx: Db, saleId: number): Promise<boolean> {
  const settings = await invoicingSettings(tx);
  if (!settings.enabled) return false;
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId));
  if (!sale) return false;
  const items: OrderLineForInvoice[] = await tx
    .select({
      title: saleItems.title,
      author: saleItems.author,
      quantity: saleItems.quantity,
      unitPriceCents: saleItems.unitPriceCents,
      lineTotalCents: saleItems.lineTotalCents,
      taxRate: saleItems.taxRate,
    })
    .from(saleItems)
    .where(eq(saleItems.saleId, saleId))
    .orderBy(saleItems.id);
  const lines = orderInvoiceLines(items, 0);
  const document = sale.customerDocument?.replace(/\D/g, "") || null;
  const receiver = sale.customerCuit
    ? {
        receiverDocType: DOC_TYPES.cuit,
        receiverDocNumber: sale.customerCuit.replace(/\D/g, ""),
        receiverName: sale.customerLegalName ?? "",
        receiverTaxCondition: receiverConditionOf(sale.customerTaxCondition),
      }
    : {
        receiverDocType: document ? (document.length === 11 ? DOC_TYPES.cuil : DOC_TYPES.dni) : DOC_TYPES.finalConsumer,
        receiverDocNumber: document ?? "0",
        receiverName: "Consumidor final",
        receiverTaxCondition: RECEIVER_CONDITIONS.finalConsumer,
      };
  const type = invoiceTypeFor(settings.taxCondition, receiver.receiverTaxCondition);
  return queueVoucher(tx, {
    kind: "invoice",
    saleId,
    ...receiver,
    receiverAddress: null,
    receiverEmail: sale.customerEmail ?? "",
    ...sellerFields(settings, type, lines),
    ...failedUnless(settings),
  });
}

/** A counter sale was cancelled after it was paid (a Mercado Pago QR refunded, a sale voided): as an order's. */
export async function undoSaleInvoice(tx: Db, saleId: number, reason: CreditNoteReason): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.saleId, saleId), eq(invoices.kind, "invoice")));
  if (invoice) await undoInvoice(tx, invoice.id, reason);
}

/** A box charge was recorded: its invoice (the box is books: the 'libros' category's rate). */
export async function enqueueBoxInvoice(tx: Db, boxPaymentId: number): Promise<boolean> {
  const settings = await invoicingSettings(tx);
  if (!settings.enabled) return false;
  const [row] = await tx
    .select({ payment: boxPayments, sub: boxSubscriptions, label: boxPlans.label })
    .from(boxPayments)
    .innerJoin(boxSubscriptions, eq(boxSubscriptions.id, boxPayments.subscriptionId))
    .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
    .where(eq(boxPayments.id, boxPaymentId));
  if (!row) return false;
  const rate = rateFor(settings.taxes.categories, "libros");
  const amount = row.payment.amountCents;
  const lines = orderInvoiceLines(
    [
      {
        title: `Caja Rizoma — ${row.label}`,
        author: "",
        quantity: 1,
        unitPriceCents: amount,
        lineTotalCents: amount,
        taxRate: rate,
      },
    ],
    0,
  );
  const type = invoiceTypeFor(settings.taxCondition, RECEIVER_CONDITIONS.finalConsumer);
  return queueVoucher(tx, {
    kind: "invoice",
    boxPaymentId,
    receiverDocType: DOC_TYPES.finalConsumer,
    receiverDocNumber: "0",
    receiverName: `${row.sub.firstName} ${row.sub.lastName}`,
    receiverTaxCondition: RECEIVER_CONDITIONS.finalConsumer,
    receiverAddress: row.sub.address ? [row.sub.address, row.sub.city].filter(Boolean).join(", ") : null,
    receiverEmail: row.sub.email,
    ...sellerFields(settings, type, lines),
    ...failedUnless(settings),
  });
}

/**
 * A box charge was given back (the Caja Rizoma's withdrawal, decision 0052): its invoice is undone as an
 * order's is, in the transaction that records the refund — cancelled while never numbered, else its credit
 * note queued (one per invoice: UNIQUE(original_invoice_id), so a replay queues nothing).
 */
export async function undoBoxInvoice(tx: Db, boxPaymentId: number, reason: CreditNoteReason): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.boxPaymentId, boxPaymentId), eq(invoices.kind, "invoice")));
  if (invoice) await undoInvoice(tx, invoice.id, reason);
}

/**
 * A paid order was cancelled, refunded or withdrawn: its invoice is undone. An invoice never numbered
 * (pending, failed, or claimed but not yet asked for) is simply cancelled — ARCA never heard of it; one
 * numbered (issued, or asked for and maybe authorised) gets its credit note, queued in the same
 * transaction and issued once the invoice is (UNIQUE(original_invoice_id): one per invoice).
 */
export async function undoOrderInvoice(tx: Db, orderId: number, reason: CreditNoteReason): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (invoice) await undoInvoice(tx, invoice.id, reason);
}

/** An invoice is undone: cancelled while ARCA never heard of it, else its credit note is queued. */
async function undoInvoice(tx: Db, invoiceId: number, reason: CreditNoteReason): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!invoice || invoice.status === "cancelled") return;
  const cancelled = await tx
    .update(invoices)
    .set({ status: "cancelled", lockedUntil: null, lastError: CREDIT_NOTE_REASONS[reason], updatedAt: new Date() })
    .where(
      and(
        eq(invoices.id, invoice.id),
        isNull(invoices.number),
        inArray(invoices.status, ["pending", "failed", "issuing"]),
      ),
    )
    .returning({ id: invoices.id });
  if (cancelled.length > 0) return;
  await queueCreditNote(tx, invoice, reason);
}

async function queueCreditNote(tx: Db, invoice: InvoiceRow, reason: CreditNoteReason) {
  const settings = await invoicingSettings(tx);
  const type = creditNoteType(invoice.voucherType);
  await queueVoucher(tx, {
    kind: "credit_note",
    originalInvoiceId: invoice.id,
    reason,
    receiverDocType: invoice.receiverDocType,
    receiverDocNumber: invoice.receiverDocNumber,
    receiverName: invoice.receiverName,
    receiverTaxCondition: invoice.receiverTaxCondition,
    receiverAddress: invoice.receiverAddress,
    receiverEmail: invoice.receiverEmail,
    ...sellerFields(settings, type, invoice.lines),
    ...creditNoteSide(invoice),
  });
}

/**
 * What a credit note takes from the invoice it cancels, as that invoice was issued: the seller, the point of
 * sale, and every amount and line (an invoice from before a rounding rule changed is cancelled to the
 * centavo, AlicIva by AlicIva, not recomputed).
 */
export function creditNoteSide(invoice: InvoiceRow) {
  return {
    issuerCuit: invoice.issuerCuit,
    issuerTaxCondition: invoice.issuerTaxCondition,
    pointOfSale: invoice.pointOfSale,
    lines: invoice.lines,
    totalCents: invoice.totalCents,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    exemptCents: invoice.exemptCents,
    vat: invoice.vat,
  };
}
