import { and, asc, count, desc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import type { InvoicingSettings } from "~/domain/settings/schema";
import type { ArcaLink } from "~/integrations/arca/types";
import { csvDocument } from "~/lib/csv";
import { monthYear, startOfDay, todayInBuenosAires } from "~/lib/dates";
import { type Cents, centsToPesos, formatMoneyCsv } from "~/lib/money";
import type { Db } from "~db/index";
import { boxPayments, invoices, orders } from "~db/schema";
import { voucherLabel } from "./codes";
import { referenceText, voucherSource, vouchersOfOrder } from "./document.server";
import { invoiceEvents } from "./enqueue.server";
import { invoiceQrUrl } from "./qr";
import { INVOICE_STATUSES, type InvoiceStatus, MONTH_PATTERN, receiverDocumentText } from "./status";

/** The admin's side of invoices: the list and its counts, the dashboard's figures, the order's API, retry, CSV. */

export const PAGE_SIZE = 50;

const MONTH_MESSAGE = "El mes no es válido: usá AAAA-MM";
export const monthSchema = z.string({ error: MONTH_MESSAGE }).regex(MONTH_PATTERN, MONTH_MESSAGE);

/** `/admin/facturas?estado=&mes=&pagina=`: a bad value is ignored (the page shows its default), never a 400. */
export const invoiceListQuery = z.object({
  estado: z.enum(INVOICE_STATUSES).optional().catch(undefined),
  mes: monthSchema.optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/** `/admin/facturas/exportar?mes=YYYY-MM` (absent: this month; malformed: 400). */
export const csvQuery = z.object({ mes: monthSchema.optional() });

export const currentMonth = (now: Date = new Date()) => todayInBuenosAires(now).slice(0, 7);

/** "2026-11" -> "2026-12-01": the first day after the month. */
function nextMonthStart(month: string): string {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
}

/** "2026-11" -> "noviembre de 2026". */
export const monthLabel = (month: string) => monthYear(`${month}-15`);

const issuedIn = (month: string): SQL =>
  and(gte(invoices.issuedOn, `${month}-01`), lt(invoices.issuedOn, nextMonthStart(month))) as SQL;

/**
 * A voucher belongs to the Buenos Aires month it is dated (issuedOn); one not dated yet (pending, failed
 * before its number) to the month it was written, so this month's problems show in this month's list.
 */
const inMonth = (month: string): SQL =>
  or(
    issuedIn(month),
    and(
      isNull(invoices.issuedOn),
      gte(invoices.createdAt, startOfDay(`${month}-01`)),
      lt(invoices.createdAt, startOfDay(nextMonthStart(month))),
    ),
  ) as SQL;

const original = alias(invoices, "original_invoice");

export interface InvoiceListRow {
  id: number;
  kind: "invoice" | "credit_note";
  status: InvoiceStatus;
  environment: "sandbox" | "homologacion" | "produccion" | null;
  voucherType: number;
  pointOfSale: number;
  number: number | null;
  issuedOn: string | null;
  createdAt: Date;
  receiverName: string;
  receiverDocType: number;
  receiverDocNumber: string;
  totalCents: Cents;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  reviewNote: string | null;
  orderNumber: string | null;
  boxDate: string | null;
}

const listColumns = {
  id: invoices.id,
  kind: invoices.kind,
  status: invoices.status,
  environment: invoices.environment,
  voucherType: invoices.voucherType,
  pointOfSale: invoices.pointOfSale,
  number: invoices.number,
  issuedOn: invoices.issuedOn,
  createdAt: invoices.createdAt,
  receiverName: invoices.receiverName,
  receiverDocType: invoices.receiverDocType,
  receiverDocNumber: invoices.receiverDocNumber,
  totalCents: invoices.totalCents,
  attempts: invoices.attempts,
  nextAttemptAt: invoices.nextAttemptAt,
  lastError: invoices.lastError,
  reviewNote: invoices.reviewNote,
  orderNumber: orders.number,
  boxDate: boxPayments.boxDate,
};

/** "Pedido RZ-000123" / "Caja Rizoma de noviembre de 2026", from a list row. */
export function sourceText(row: Pick<InvoiceListRow, "orderNumber" | "boxDate">): string {
  return referenceText(row) ?? "—";
}

/** A page of the month's vouchers (optionally of one state), newest first, with what each is for. */
export async function listInvoices(
  db: Db,
  options: { status?: InvoiceStatus | null; month?: string | null; page: number; pageSize?: number },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const where = and(
    options.status ? eq(invoices.status, options.status) : undefined,
    options.month ? inMonth(options.month) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    // What a voucher is for: its order or box charge (a credit note's, through the invoice it cancels).
    db
      .select(listColumns)
      .from(invoices)
      .leftJoin(original, eq(original.id, invoices.originalInvoiceId))
      .leftJoin(orders, eq(orders.id, sql`coalesce(${invoices.orderId}, ${original.orderId})`))
      .leftJoin(boxPayments, eq(boxPayments.id, sql`coalesce(${invoices.boxPaymentId}, ${original.boxPaymentId})`))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(pageSize)
      .offset((options.page - 1) * pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many vouchers of the month (null: of every month) are in each state (the filter's counts). */
export async function invoiceCounts(db: Db, month: string | null): Promise<Record<InvoiceStatus, number>> {
  const rows = await db
    .select({ status: invoices.status, n: count() })
    .from(invoices)
    .where(month ? inMonth(month) : undefined)
    .groupBy(invoices.status);
  const counts: Record<InvoiceStatus, number> = { pending: 0, issuing: 0, issued: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The dashboard's line: vouchers issued this month, and the ones failing or waiting whatever their month. */
export async function invoiceDashboard(
  db: Db,
  now: Date = new Date(),
): Promise<{ issuedThisMonth: number; failed: number; pending: number }> {
  const [row] = await db
    .select({
      issuedThisMonth:
        sql<number>`count(*) filter (where ${invoices.status} = 'issued' and ${issuedIn(currentMonth(now))})`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) filter (where ${invoices.status} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${invoices.status} in ('pending', 'issuing'))`.mapWith(Number),
    })
    .from(invoices);
  return { issuedThisMonth: row?.issuedThisMonth ?? 0, failed: row?.failed ?? 0, pending: row?.pending ?? 0 };
}

/** Where the admin downloads an issued voucher's PDF. */
export const adminPdfPath = (id: number) => `/admin/facturas/${id}/pdf`;

type InvoiceRecord = typeof invoices.$inferSelect;

/** One voucher in `GET /api/admin/invoices?order=`: pesos, ARCA's numbers, and links once it is issued. */
export function invoiceJson(row: InvoiceRecord) {
  const { number, cae, issuedOn } = row;
  const issued = row.status === "issued" && number !== null && cae !== null && issuedOn !== null;
  return {
    id: row.id,
    kind: row.kind,
    type: voucherLabel(row.voucherType),
    pointOfSale: row.pointOfSale,
    number: row.number,
    issuedOn: row.issuedOn,
    cae: row.cae,
    caeExpiry: row.caeExpiry,
    total: centsToPesos(row.totalCents),
    status: row.status,
    pdfUrl: issued ? adminPdfPath(row.id) : null,
    qrUrl: issued ? invoiceQrUrl({ ...row, number, cae, issuedOn }) : null,
  };
}
export type InvoiceJson = ReturnType<typeof invoiceJson>;

/** `?order=RZ-000123` (case and spaces forgiven). */
export const orderInvoicesQuery = z.object({
  order: z
    .string({ error: "Indicá el número de pedido: ?order=RZ-000123" })
    .trim()
    .min(1, "Indicá el número de pedido: ?order=RZ-000123")
    .transform((text) => text.toUpperCase())
    .refine((text) => /^RZ-\d{6,9}$/.test(text), "El número de pedido no es válido: usá el formato RZ-000123"),
});

/** An order's invoice and the credit notes that cancel it, oldest first. Unknown order: NotFound. */
export async function invoicesForOrder(db: Db, orderNumber: string): Promise<InvoiceJson[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, orderNumber));
  if (!order) throw new NotFound(`No encontramos el pedido ${orderNumber}`);
  return (await vouchersOfOrder(db, order.id)).map(invoiceJson);
}

/**
 * A failed voucher goes back to the queue: pending, a fresh round of attempts, due now. Its number and
 * `requestedAt` stay as they are: the worker must still reconcile with ARCA before asking for another
 * number (the failed request may have been authorised). Only a 'failed' row moves, in one conditional
 * update, so of two admins retrying at once one succeeds and the other gets a Conflict.
 */
export async function retryInvoice(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: new Date(),
        lockedUntil: null,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.status, "failed")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id));
      throw exists
        ? new Conflict("Esa factura no tiene error: no hace falta reintentarla")
        : new NotFound("No encontramos esa factura");
    }
    const { reference } = await voucherSource(tx as unknown as Db, row);
    await recordAudit(tx as unknown as Db, admin, {
      action: "invoice.retry",
      entity: "invoice",
      entityId: id,
      summary: `Reintentó emitir la ${voucherLabel(row.voucherType)}${reference ? ` (${reference})` : ""}`,
    });
  });
  // This instance's worker tries it now; another instance's finds it due on its next poll.
  invoiceEvents.emit("queued");
}

/** "2026-11-03" -> "03/11/2026", as people in Argentina read a date (the expenses export's format). */
const dayMonthYear = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** formatMoneyCsv with a sign: a credit note's amounts count against the month ("-12345,67"). */
const signedCsv = (cents: Cents, negative: boolean) =>
  negative && cents !== 0 ? `-${formatMoneyCsv(cents)}` : formatMoneyCsv(cents);

export const INVOICES_CSV_HEADER = [
  "Fecha",
  "Tipo",
  "Punto de venta",
  "Número",
  "Documento del receptor",
  "Neto",
  "IVA",
  "Exento",
  "Total",
  "CAE",
];

/**
 * The month's issued vouchers for the accountant, in the admin's CSV format (app/lib/csv.ts: BOM, `;`,
 * CRLF), dated order. Credit notes' amounts are negative, so each amount column sums to the month's net
 * sales. Only issued vouchers: a pending or failed one is not a fiscal document yet.
 */
export async function invoicesCsv(db: Db, month: string): Promise<string> {
  if (!MONTH_PATTERN.test(month)) throw new Invalid(MONTH_MESSAGE);
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, "issued"), issuedIn(month)))
    .orderBy(asc(invoices.issuedOn), asc(invoices.voucherType), asc(invoices.pointOfSale), asc(invoices.number));
  return csvDocument(
    INVOICES_CSV_HEADER,
    rows.map((row) => {
      const credit = row.kind === "credit_note";
      return [
        dayMonthYear(row.issuedOn ?? ""),
        voucherLabel(row.voucherType),
        String(row.pointOfSale),
        String(row.number ?? ""),
        receiverDocumentText(row.receiverDocType, row.receiverDocNumber),
        signedCsv(row.netCents, credit),
        signedCsv(row.vatCents, credit),
        signedCsv(row.exemptCents, credit),
        signedCsv(row.totalCents, credit),
        row.cae ?? "",
      ];
    }),
  );
}

const ENVIRONMENT_NAMES = { homologacion: "homologación", produccion: "producción", sandbox: "demo" } as const;

/** The ARCA link as the settings page and /admin/facturas describe it. */
export interface ArcaStatus {
  mode: ArcaLink["mode"];
  text: string;
}

export const ARCA_NOT_CONFIGURED =
  "Sin conexión con ARCA: faltan ARCA_CUIT, ARCA_CERT y ARCA_KEY en la configuración del servidor.";

/** One line for the admin: where vouchers are authorised now (a null link is off: nothing configured). */
export function arcaStatus(link: Pick<ArcaLink, "mode" | "api" | "reason"> | null): ArcaStatus {
  if (link?.mode === "live" && link.api) {
    const environment = ENVIRONMENT_NAMES[link.api.environment];
    const cuit = receiverDocumentText(80, link.api.cuit);
    return { mode: "live", text: `Conectado a ARCA (${environment}), ${cuit}` };
  }
  if (link?.mode === "sandbox") {
    return { mode: "sandbox", text: "Modo demo: comprobantes de prueba sin validez fiscal" };
  }
  return { mode: "off", text: link?.reason ?? ARCA_NOT_CONFIGURED };
}

/**
 * Why invoices are not being issued, in the admin's words (nothing when they are): the setting is off,
 * it has no point of sale, or there is no link to ARCA.
 */
export function invoicingProblems(
  invoicing: Pick<InvoicingSettings, "enabled" | "pointOfSale">,
  arca: ArcaStatus,
): string[] {
  const problems: string[] = [];
  if (!invoicing.enabled) {
    problems.push(
      "La emisión automática está apagada: activala en Ajustes, sección «Facturación electrónica», con el punto de venta que creaste en ARCA.",
    );
  } else if (invoicing.pointOfSale === null) {
    problems.push("Falta el punto de venta: indicalo en Ajustes, sección «Facturación electrónica».");
  }
  if (arca.mode === "off") {
    problems.push(
      `${arca.text} Cargá el certificado y la clave de ARCA (ARCA_CERT y ARCA_KEY), la CUIT (ARCA_CUIT) y el entorno (ARCA_ENV) en el servidor y reinicialo.`,
    );
  }
  return problems;
}
