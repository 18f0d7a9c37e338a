import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { DomainLog } from "~/domain/request-context";
import { ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaApi, CaeRequest, InvoicingEnvironment } from "~/integrations/arca/types";
import { todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { invoiceSequences, invoices } from "~db/schema";
import { creditNoteType, DOC_TYPES, invoiceTypeFor } from "./codes";
import { originalOf } from "./document.server";
import { invoicingSettings, sellerFields } from "./enqueue.server";
import type { InvoiceRow } from "./pdf.server";

/**
 * Issuing vouchers with ARCA, exactly once each (issue 19, docs/decisions/0026):
 *
 * - A voucher row is its own job: claimed with FOR UPDATE SKIP LOCKED and a lease ('issuing'), retried with
 *   backoff, 'failed' (visible in /admin/facturas) once ARCA refuses it or the attempts run out.
 * - Numbers are ARCA's last + 1 per point of sale and type, so only one worker numbers a sequence at a
 *   time: the `invoice_sequences` row's lease, taken with a conditional UPDATE.
 * - The number is committed on the row (`requested_at`) BEFORE FECAESolicitar is sent. A voucher asked for
 *   and not heard back (timeout, crash, kill -9) keeps its number; whoever numbers that sequence next first
 *   asks ARCA about it (FECompConsultar): authorised → its CAE is recovered; not there → the number is
 *   dropped and asked again. So at most one number per sequence is ever in doubt, and none is used twice.
 */

export interface IssueContext {
  db: Db;
  arca: ArcaApi;
  log?: DomainLog;
  /** Queues what follows an issued voucher (the buyer's e-mail with the PDF), in the issuing transaction. */
  onIssued?: (tx: Db, invoice: InvoiceRow) => Promise<void>;
}

export interface IssueOptions {
  /** How long a claimed voucher stays this worker's (a crash frees it after that). */
  leaseSeconds: number;
  /** How long this worker may number its sequence without renewing. */
  sequenceLeaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
}

export const DEFAULT_ISSUE_OPTIONS: IssueOptions = {
  leaseSeconds: 120,
  sequenceLeaseSeconds: 90,
  maxAttempts: 8,
  retryBaseMs: 30_000,
};

/**
 * How long a worker may number a sequence, for ARCA calls of `arcaTimeoutMs` each. Its turn (FECompConsultar
 * of a number in doubt, FECompUltimoAutorizado, FECAESolicitar, a WSAA login before them) must end within
 * it, or another worker could settle — and drop — a number whose request is still on its way to ARCA, and
 * the CAE ARCA then gives it would be lost. Four calls plus a margin: 90 s at the default 20 s timeout. It is
 * also how long a sequence stays blocked after a crash (kill -9) before the restart recovers its voucher.
 */
export const sequenceLeaseFor = (arcaTimeoutMs: number): number => Math.ceil((4 * arcaTimeoutMs) / 1000) + 10;

type Outcome = "issued" | "failed" | "retry" | "busy" | "cancelled" | "waiting";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Claims due vouchers: pending ones whose time came, and 'issuing' ones whose worker's lease ran out. */
export async function claimDueInvoices(db: Db, limit: number, leaseSeconds: number): Promise<InvoiceRow[]> {
  const result = await db.execute(sql`
    update ${invoices}
    set status = 'issuing', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds}),
        updated_at = now()
    where id in (
      select id from ${invoices}
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'issuing' and locked_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id
  `);
  const ids = rowsOf(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(invoices).where(inArray(invoices.id, ids));
  return rows.sort((a, b) => a.id - b.id);
}

/** Exponential backoff with ±20% jitter, capped at one hour (the mail outbox's rule). */
export function invoiceRetryDelayMs(attempts: number, baseMs: number): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

interface SequenceKey {
  environment: InvoicingEnvironment;
  issuerCuit: string;
  pointOfSale: number;
  voucherType: number;
}

/** The row of one sequence. */
const sequenceIs = (key: SequenceKey) =>
  and(
    eq(invoiceSequences.environment, key.environment),
    eq(invoiceSequences.issuerCuit, key.issuerCuit),
    eq(invoiceSequences.pointOfSale, key.pointOfSale),
    eq(invoiceSequences.voucherType, key.voucherType),
  );

/** Takes (or renews) the numbering lease of one sequence; false while another worker holds it. */
async function takeSequence(db: Db, key: SequenceKey, holder: string, seconds: number): Promise<boolean> {
  await db.insert(invoiceSequences).values(key).onConflictDoNothing();
  const rows = await db
    .update(invoiceSequences)
    .set({ holder, lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        sequenceIs(key),
        sql`(${invoiceSequences.lockedUntil} is null or ${invoiceSequences.lockedUntil} < now() or ${invoiceSequences.holder} = ${holder})`,
      ),
    )
    .returning({ holder: invoiceSequences.holder });
  return rows.length === 1;
}

async function releaseSequence(db: Db, key: SequenceKey, holder: string): Promise<void> {
  await db
    .update(invoiceSequences)
    .set({ holder: null, lockedUntil: null })
    .where(and(sequenceIs(key), eq(invoiceSequences.holder, holder)));
}

/** Hands a claimed voucher back to the queue after `delayMs`; `free` gives the attempt back (not its fault). */
async function requeue(db: Db, id: number, delayMs: number, error: string | null, free = false): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: "pending",
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: new Date(),
      ...(error === null ? {} : { lastError: error.slice(0, 1000) }),
      ...(free ? { attempts: sql`greatest(${invoices.attempts} - 1, 0)` } : {}),
    })
    .where(and(eq(invoices.id, id), eq(invoices.status, "issuing")));
}

async function fail(db: Db, id: number, error: string, dropNumber: boolean): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: "failed",
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      updatedAt: new Date(),
      ...(dropNumber ? { number: null, requestedAt: null, issuedOn: null } : {}),
    })
    .where(and(eq(invoices.id, id), eq(invoices.status, "issuing")));
}

/** The voucher as ARCA must receive it. */
export function caeRequest(invoice: InvoiceRow, original: InvoiceRow | null): CaeRequest {
  if (invoice.number === null || invoice.issuedOn === null) throw new Error("voucher without number or date");
  return {
    pointOfSale: invoice.pointOfSale,
    voucherType: invoice.voucherType,
    number: invoice.number,
    date: invoice.issuedOn,
    docType: invoice.receiverDocType,
    docNumber: invoice.receiverDocNumber,
    receiverTaxCondition: invoice.receiverTaxCondition,
    totalCents: invoice.totalCents,
    netCents: invoice.netCents,
    exemptCents: invoice.exemptCents,
    vatCents: invoice.vatCents,
    vat: invoice.vat,
    ...(original && original.number !== null && original.issuedOn !== null
      ? {
          associated: [
            {
              voucherType: original.voucherType,
              pointOfSale: original.pointOfSale,
              number: original.number,
              cuit: original.issuerCuit,
              date: original.issuedOn,
            },
          ],
        }
      : {}),
  };
}

/** Writes the CAE of a voucher still holding `number`, and what follows it, in one transaction. */
async function markIssued(
  ctx: IssueContext,
  invoice: InvoiceRow,
  result: { cae: string; caeExpiry: string; observations?: string | null },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [issued] = await db
      .update(invoices)
      .set({
        status: "issued",
        cae: result.cae,
        caeExpiry: result.caeExpiry,
        observations: result.observations ?? null,
        lockedUntil: null,
        lastError: null,
        issuedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(invoices.id, invoice.id),
          eq(invoices.number, invoice.number ?? -1),
          notInArray(invoices.status, ["issued", "cancelled"]),
        ),
      )
      .returning();
    if (!issued) return false;
    if (ctx.onIssued) await ctx.onIssued(db, issued);
    return true;
  });
}

/**
 * Settles every voucher of a sequence whose number is in doubt (asked for, never heard back). Called only
 * by the sequence's lease holder, before it asks for a new number.
 */
async function settleDoubtful(ctx: IssueContext, key: SequenceKey): Promise<void> {
  const doubtful = await ctx.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.environment, key.environment),
        eq(invoices.issuerCuit, key.issuerCuit),
        eq(invoices.pointOfSale, key.pointOfSale),
        eq(invoices.voucherType, key.voucherType),
        isNotNull(invoices.number),
        notInArray(invoices.status, ["issued", "cancelled"]),
      ),
    )
    .orderBy(invoices.number);
  for (const invoice of doubtful) {
    const number = invoice.number as number;
    const found = await ctx.arca.findVoucher(invoice.pointOfSale, invoice.voucherType, number);
    if (
      found &&
      found.totalCents === invoice.totalCents &&
      found.docNumber.replace(/^0+/, "") === invoice.receiverDocNumber.replace(/^0+/, "")
    ) {
      const issued = await markIssued(ctx, invoice, { cae: found.cae, caeExpiry: found.caeExpiry });
      if (issued) ctx.log?.info({ invoice: invoice.id, number, cae: found.cae }, "invoice recovered from ARCA");
      continue;
    }
    // Not authorised (or the number went to another voucher, e.g. one issued by hand in ARCA's portal):
    // the number is free of us; the voucher asks again.
    await ctx.db
      .update(invoices)
      .set({
        number: null,
        requestedAt: null,
        issuedOn: null,
        updatedAt: new Date(),
        ...(found ? { lastError: `ARCA tiene el número ${number} con otros datos; se pide uno nuevo.` } : {}),
      })
      .where(
        and(
          eq(invoices.id, invoice.id),
          eq(invoices.number, number),
          notInArray(invoices.status, ["issued", "cancelled"]),
        ),
      );
    ctx.log?.info({ invoice: invoice.id, number, foundOther: Boolean(found) }, "invoice number was not authorised");
  }
}

/** Issues one claimed voucher. */
export async function issueInvoice(ctx: IssueContext, claimed: InvoiceRow, options: IssueOptions): Promise<Outcome> {
  const { db, arca } = ctx;
  let invoice = claimed;

  // A credit note follows its invoice: not before the invoice has its CAE.
  let original: InvoiceRow | null = null;
  if (invoice.originalInvoiceId !== null) {
    original = await originalOf(db, invoice);
    if (original?.status !== "issued") {
      await requeue(db, invoice.id, 60_000, "Espera que su factura se emita", true);
      return "waiting";
    }
  }

  // Not numbered yet: the seller's side comes from the settings of this moment.
  if (invoice.number === null) {
    const settings = await invoicingSettings(db);
    if (settings.problem) {
      await fail(db, invoice.id, settings.problem, true);
      return "failed";
    }
    // The letter follows the seller's condition of this moment; a credit note, its invoice's letter.
    const type = original
      ? creditNoteType(original.voucherType)
      : invoiceTypeFor(settings.taxCondition, invoice.receiverTaxCondition);
    const seller = sellerFields(settings, type, invoice.lines);
    const fields = original
      ? {
          ...seller,
          issuerCuit: original.issuerCuit,
          issuerTaxCondition: original.issuerTaxCondition,
          pointOfSale: original.pointOfSale,
        }
      : seller;
    if (fields.issuerCuit !== arca.cuit && arca.environment !== "sandbox") {
      await fail(
        db,
        invoice.id,
        `El CUIT de los datos fiscales (${fields.issuerCuit}) no es el de ARCA_CUIT (${arca.cuit}).`,
        true,
      );
      return "failed";
    }
    const [updated] = await db
      .update(invoices)
      .set({ ...fields, environment: arca.environment, updatedAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "issuing"), sql`${invoices.number} is null`))
      .returning();
    if (!updated) return "cancelled";
    invoice = updated;
  }

  const key: SequenceKey = {
    environment: invoice.environment ?? arca.environment,
    issuerCuit: invoice.issuerCuit,
    pointOfSale: invoice.pointOfSale,
    voucherType: invoice.voucherType,
  };
  const holder = randomUUID();
  // Another worker is numbering this sequence: its turn is short (a few ARCA calls), so wait a little
  // before handing the voucher back.
  let taken = false;
  for (let tries = 0; tries < 25 && !taken; tries++) {
    taken = await takeSequence(db, key, holder, options.sequenceLeaseSeconds);
    if (!taken) await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
  if (!taken) {
    await requeue(db, invoice.id, 500 + Math.random() * 1000, null, true);
    return "busy";
  }
  try {
    await settleDoubtful(ctx, key);
    const [now] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    if (!now || now.status === "issued") return "issued";
    if (now.status !== "issuing") return "cancelled";
    invoice = now;

    const last = await arca.lastAuthorized(key.pointOfSale, key.voucherType);
    const [numbered] = await db
      .update(invoices)
      .set({ number: last + 1, issuedOn: todayInBuenosAires(), requestedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "issuing"), sql`${invoices.number} is null`))
      .returning();
    if (!numbered) return "cancelled";
    invoice = numbered;

    // The turn's lease is renewed right before the request, so the whole of FECAESolicitar (up to its
    // timeout) runs inside it; a worker that lost it (stalled past it, another took over) sends nothing:
    // its number is in doubt and the new holder settles it.
    if (!(await takeSequence(db, key, holder, options.sequenceLeaseSeconds))) {
      await requeue(db, invoice.id, 1000, null, true);
      return "busy";
    }
    let result: Awaited<ReturnType<ArcaApi["requestCae"]>>;
    try {
      result = await arca.requestCae(caeRequest(invoice, original));
    } catch (error) {
      if (error instanceof ArcaRejected) {
        if (error.has(10016)) {
          // Not the next number after all (someone numbered this sequence outside the shop): ask again.
          await db
            .update(invoices)
            .set({ number: null, requestedAt: null, issuedOn: null })
            .where(and(eq(invoices.id, invoice.id), eq(invoices.number, invoice.number as number)));
          await requeue(db, invoice.id, 1000, error.message);
          return "retry";
        }
        await fail(db, invoice.id, error.message, true);
        return "failed";
      }
      throw error;
    }
    const observations = result.observations.map((entry) => `${entry.code}: ${entry.message}`).join("\n") || null;
    if (await markIssued(ctx, invoice, { ...result, observations })) {
      ctx.log?.info({ invoice: invoice.id, type: invoice.voucherType, number: invoice.number }, "invoice issued");
    }
    return "issued";
  } catch (error) {
    // The number (if any) stays: the next pass asks ARCA whether it was authorised.
    const message =
      error instanceof ArcaUnavailable || error instanceof ArcaRejected
        ? error.message
        : `Error inesperado al emitir: ${error instanceof Error ? error.message : String(error)}`;
    const [row] = await db.select({ attempts: invoices.attempts }).from(invoices).where(eq(invoices.id, invoice.id));
    const attempts = row?.attempts ?? invoice.attempts;
    if (attempts >= options.maxAttempts) await fail(db, invoice.id, message, false);
    else await requeue(db, invoice.id, invoiceRetryDelayMs(attempts, options.retryBaseMs), message);
    ctx.log?.warn({ err: error, invoice: invoice.id }, "invoice attempt failed");
    return attempts >= options.maxAttempts ? "failed" : "retry";
  } finally {
    await releaseSequence(db, key, holder).catch(() => undefined);
  }
}

/** One pass: claims up to `limit` due vouchers and issues them one by one. Returns how many were handled. */
export async function issueDueInvoices(ctx: IssueContext, options: IssueOptions, limit = 20): Promise<number> {
  const claimed = await claimDueInvoices(ctx.db, limit, options.leaseSeconds);
  for (const invoice of claimed) await issueInvoice(ctx, invoice, options);
  return claimed.length;
}
