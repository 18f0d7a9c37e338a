import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { invoiceJson } from "~/domain/invoices/admin.server";
import { addDays, isCalendarDay, startOfDay, todayInBuenosAires } from "~/lib/dates";
import { centsToPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { invoices, saleItems, sales } from "~db/schema";
import type { RecordedSale, Sale, SaleItem } from "./record.server";

type InvoiceRecord = typeof invoices.$inferSelect;

/** `?date=YYYY-MM-DD` (a Buenos Aires day; today when absent) and an optional `fairId`. */
export const salesDayQuery = z.object({
  date: z
    .string({ error: "La fecha no es válida: usá el formato AAAA-MM-DD" })
    .refine(isCalendarDay, "La fecha no es válida: usá el formato AAAA-MM-DD")
    .optional(),
  fairId: z.coerce
    .number({ error: "La feria no es válida" })
    .int("La feria no es válida")
    .positive("La feria no es válida")
    .optional(),
});

/** The invoices of some sales (their own invoice each, the credit note of a cancelled one ignored here). */
export async function saleInvoices(db: Db, saleIds: number[]): Promise<Map<number, InvoiceRecord>> {
  if (saleIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.saleId, saleIds), eq(invoices.kind, "invoice")));
  return new Map(rows.map((row) => [row.saleId as number, row]));
}

/** A sale as the API answers it: pesos, its lines, its invoice's state, flagged shortages. */
export function saleJson(sale: Sale, items: SaleItem[], invoice: InvoiceRecord | null, receiptUrl?: string) {
  return {
    number: sale.number,
    clientId: sale.clientId,
    channel: sale.channel,
    fairId: sale.fairId,
    status: sale.status,
    payment: sale.paymentMethod,
    subtotal: centsToPesos(sale.subtotalCents),
    discountPercent: sale.discountPercent,
    discount: centsToPesos(sale.discountCents),
    total: centsToPesos(sale.totalCents),
    cashReceived: sale.cashReceivedCents === null ? null : centsToPesos(sale.cashReceivedCents),
    change: sale.changeCents === null ? null : centsToPesos(sale.changeCents),
    customer: sale.customerEmail || sale.customerCuit ? { email: sale.customerEmail, cuit: sale.customerCuit } : null,
    seller: sale.sellerName,
    offline: sale.offline,
    soldAt: sale.soldAt.toISOString(),
    flagged: sale.stockShort && sale.stockShort.length > 0 ? sale.stockShort : null,
    items: items.map((item) => ({
      id: item.bookId,
      title: item.title,
      quantity: item.quantity,
      price: centsToPesos(item.unitPriceCents),
      listPrice: item.listPriceCents === null ? null : centsToPesos(item.listPriceCents),
      discountPercent: item.discountPercent,
      total: centsToPesos(item.lineTotalCents),
    })),
    invoice: invoice ? invoiceJson(invoice) : null,
    /** A QR sale waiting for its payment: the EMVCo string to draw, and until when it takes payments. */
    qr:
      sale.status === "pending_payment" && sale.qrData
        ? { data: sale.qrData, expiresAt: sale.qrExpiresAt?.toISOString() ?? null }
        : null,
    /** Money Mercado Pago took that did not settle the sale (an amount mismatch, a payment after cancelling). */
    paymentIssue: sale.paymentIssue
      ? {
          kind: sale.paymentIssue.kind,
          paid: centsToPesos(sale.paymentIssue.paidCents),
          at: sale.paymentIssue.at,
          refund: sale.paymentIssue.refund?.status ?? null,
        }
      : null,
    ...(receiptUrl ? { receiptUrl } : {}),
  };
}
export type SaleJson = ReturnType<typeof saleJson>;

/** One recorded sale as the API answers it. */
export async function recordedSaleJson(db: Db, recorded: RecordedSale, receiptUrl?: string) {
  const invoice = (await saleInvoices(db, [recorded.sale.id])).get(recorded.sale.id) ?? null;
  return saleJson(recorded.sale, recorded.items, invoice, receiptUrl);
}

/** The sales of a Buenos Aires day (by when they were made), oldest first, optionally of one fair. */
export async function salesOfDay(db: Db, day: string = todayInBuenosAires(), fairId?: number) {
  const from = startOfDay(day);
  const to = startOfDay(addDays(day, 1));
  const rows = await db
    .select()
    .from(sales)
    .where(and(gte(sales.soldAt, from), lt(sales.soldAt, to), fairId ? eq(sales.fairId, fairId) : undefined))
    .orderBy(asc(sales.soldAt), asc(sales.id));
  const ids = rows.map((row) => row.id);
  const [items, vouchers] = await Promise.all([
    ids.length ? db.select().from(saleItems).where(inArray(saleItems.saleId, ids)).orderBy(asc(saleItems.id)) : [],
    saleInvoices(db, ids),
  ]);
  return rows.map((sale) =>
    saleJson(
      sale,
      items.filter((item) => item.saleId === sale.id),
      vouchers.get(sale.id) ?? null,
    ),
  );
}

/** Sales flagged because they were sold beyond the stock the system had, not yet looked at (the admin's list). */
export async function flaggedSales(db: Db, limit = 50): Promise<Sale[]> {
  return db
    .select()
    .from(sales)
    .where(and(isNotNull(sales.stockShort), isNull(sales.shortReviewedAt)))
    .orderBy(desc(sales.soldAt))
    .limit(limit);
}

/** How many sales are flagged and not yet looked at (the dashboard's count). */
export async function flaggedSalesCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sales)
    .where(and(isNotNull(sales.stockShort), isNull(sales.shortReviewedAt)));
  return row?.n ?? 0;
}
