import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { DomainLog } from "~/domain/request-context";
import { ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaApi, CaeRequest, InvoicingEnvironment } from "~/integrations/arca/types";
import { todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { invoiceSequences, invoices } from "~db/schema";
import { creditNoteType, invoiceTypeFor, voucherLabel, voucherNumberText } from "./codes";
import { originalOf } from "./document.server";
import { creditNoteSide, invoicingSettings, sellerFields } from "./enqueue.server";
import type { InvoiceRow } from "./pdf.server";
import { type Guard, sendRequest, settleInDoubt, type Verdict } from "./verdict.server";

/**
 * Issuing vouchers with ARCA, exactly once each (issues 19 and 32, docs/decisions/0026):
 *
 * - A voucher row is its own job: claimed with FOR UPDATE SKIP LOCKED and a lease ('issuing'), retried with
 *   backoff. ARCA being slow, unreachable or failing on its side never ends a voucher: it waits. Only ARCA's
 *   refusal of the voucher's content ends it 'failed' (visible in /admin/facturas).
 * - Numbers are ARCA's last + 1 per point of sale and type, so only one worker numbers a sequence at a
 *   time: the `invoice_sequences` row's lease, taken with a conditional UPDATE and renewed before every
 *   ARCA call (a slow round cannot outlive it; a worker that lost it sends nothing more).
 * - The number and the exact request are committed on the row (`requested_at`, `arca_request`) BEFORE
 *   FECAESolicitar is sent, and from then on the number is that voucher's: a voucher asked for and not heard
 *   back (timeout, a dropped connection, ARCA's 5xx, a crash, kill -9) keeps it. Before anyone numbers the
 *   sequence again, that voucher is settled by ARCA alone (verdict.server.ts): FECompConsultar compared field
 *   by field, then the very same request again. While it is unsettled, the sequence waits.
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
  sequenceLeaseSeconds: 110,
  maxAttempts: 8,
  retryBaseMs: 30_000,
};

/**
 * How long a worker holds a sequence after each renewal, for ARCA calls of `arcaTimeoutMs` each. The lease is
 * renewed before every call, and what follows a renewal (waiting for another instance's WSAA login, a login,
 * the call itself) must end within it, or another worker could send the same number while our request is on
 * its way. Four timeouts plus 30 s: 110 s at the default 20 s timeout. It is also how long a sequence stays
 * blocked after a crash (kill -9) before the restart settles its voucher.
 */
export const sequenceLeaseFor = (arcaTimeoutMs: number): number => Math.ceil((4 * arcaTimeoutMs) / 1000) + 30;

type Outcome = "issued" | "failed" | "retry" | "busy" | "cancelled" | "waiting";

/** The turn on a sequence was lost (its lease lapsed and maybe another worker took it): stop calling ARCA. */
class TurnLost extends Error {
  constructor() {
    super("Se perdió el turno de numeración de ARCA (otra instancia lo tomó); se reintenta.");
    this.name = "TurnLost";
  }
}

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

/** Exponential backoff with ±20% jitter, capped at one hour (the mail outbox's rule): ARCA down for a day is retried hourly. */
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

/**
 * Writes the CAE of a voucher still holding `number`, and what follows it, in one transaction. It does not
 * ask for the worker's lease: a CAE ARCA gave is stored whoever holds the voucher now. When the voucher no
 * longer holds the number (it cannot, while the invariants hold), ARCA's answer is kept on the row for the
 * admin (`review_note`) and logged as an error: a CAE is never dropped silently.
 */
async function markIssued(
  ctx: IssueContext,
  invoice: InvoiceRow,
  result: { cae: string; caeExpiry: string; observations?: string | null },
): Promise<boolean> {
  const number = invoice.number as number;
  const written = await ctx.db.transaction(async (tx) => {
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
          eq(invoices.number, number),
          notInArray(invoices.status, ["issued", "cancelled"]),
        ),
      )
      .returning();
    if (!issued) return false;
    if (ctx.onIssued) await ctx.onIssued(db, issued);
    return true;
  });
  if (written) return true;
  const [now] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  if (now?.status === "issued" && now.number === number && now.cae === result.cae) return false;
  const note = `ARCA autorizó la ${voucherLabel(invoice.voucherType)} ${voucherNumberText(invoice.pointOfSale, number)} con el CAE ${result.cae} (vence ${result.caeExpiry}), pero el comprobante ya no tenía ese número en la tienda (${now ? `estado ${now.status}, número ${now.number ?? "ninguno"}` : "no existe"}). Revisalo con tu contador: puede hacer falta una nota de crédito.`;
  ctx.log?.warn(
    { invoice: invoice.id, number, cae: result.cae, now: now?.number ?? null },
    "ARCA authorised a number the voucher no longer holds",
  );
  await ctx.db.update(invoices).set({ reviewNote: note, updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
  return false;
}

/** The request a numbered voucher was sent with: the stored one (exactly what ARCA received), or rebuilt. */
function requestOf(invoice: InvoiceRow, original: InvoiceRow | null): CaeRequest {
  return (invoice.arcaRequest as CaeRequest | null) ?? caeRequest(invoice, original);
}

/** Gives up a number ARCA proved is not this voucher's: it asks for a new one on its next pass. */
async function dropNumber(db: Db, invoice: InvoiceRow, message: string): Promise<void> {
  await db
    .update(invoices)
    .set({
      number: null,
      requestedAt: null,
      issuedOn: null,
      arcaRequest: null,
      lastError: message.slice(0, 1000),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.number, invoice.number ?? -1),
        notInArray(invoices.status, ["issued", "cancelled"]),
      ),
    );
}

/**
 * Writes what ARCA's answers proved about a voucher of the sequence. `own`: the voucher this pass claimed
 * (requeued or failed here); another voucher settled on the way only gets its row's facts updated, its own
 * worker or claim does the rest.
 */
async function applyVerdict(
  ctx: IssueContext,
  invoice: InvoiceRow,
  verdict: Verdict,
  own: boolean,
  options: IssueOptions,
): Promise<Outcome> {
  const { db } = ctx;
  const label = { invoice: invoice.id, number: invoice.number };
  switch (verdict.kind) {
    case "issued": {
      if (await markIssued(ctx, invoice, verdict)) {
        ctx.log?.info(
          { ...label, type: invoice.voucherType, cae: verdict.cae },
          verdict.recovered ? "invoice recovered from ARCA" : "invoice issued",
        );
      }
      return "issued";
    }
    case "doubt": {
      ctx.log?.warn({ ...label, reason: verdict.message }, "invoice number in doubt, kept");
      if (verdict.review) {
        await db.update(invoices).set({ reviewNote: verdict.review }).where(eq(invoices.id, invoice.id));
      }
      if (!own) {
        await db
          .update(invoices)
          .set({ lastError: verdict.message.slice(0, 1000), updatedAt: new Date() })
          .where(eq(invoices.id, invoice.id));
        return "retry";
      }
      // The claim counted this attempt on the row this pass holds.
      await requeue(db, invoice.id, invoiceRetryDelayMs(invoice.attempts, options.retryBaseMs), verdict.message);
      return "retry";
    }
    case "free": {
      ctx.log?.warn({ ...label, reason: verdict.message }, "invoice number proven not this voucher's, dropped");
      await dropNumber(db, invoice, verdict.message);
      if (!own) return "retry";
      if (invoice.attempts >= options.maxAttempts) {
        await fail(db, invoice.id, verdict.message, true);
        return "failed";
      }
      await requeue(db, invoice.id, 1000, verdict.message);
      return "retry";
    }
    case "rejected": {
      ctx.log?.warn({ ...label, reason: verdict.message }, "invoice rejected by ARCA");
      await db
        .update(invoices)
        .set({
          status: "failed",
          lockedUntil: null,
          lastError: verdict.message.slice(0, 1000),
          number: null,
          requestedAt: null,
          issuedOn: null,
          arcaRequest: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(invoices.id, invoice.id),
            eq(invoices.number, invoice.number ?? -1),
            notInArray(invoices.status, ["issued", "cancelled"]),
          ),
        );
      return "failed";
    }
  }
}

/** Whether a voucher in doubt may be settled now, or waits for its backoff or for the worker holding it. */
function isDue(invoice: InvoiceRow, now: number): boolean {
  if (invoice.status === "failed") return true;
  if (invoice.status === "pending") return invoice.nextAttemptAt.getTime() <= now;
  return invoice.lockedUntil === null || invoice.lockedUntil.getTime() < now;
}

/**
 * Settles the vouchers of the sequence whose number is in doubt, oldest number first. Answers null when none
 * is left, or the voucher the sequence waits for.
 */
async function settleSequence(
  ctx: IssueContext,
  key: SequenceKey,
  own: InvoiceRow,
  guard: Guard,
  options: IssueOptions,
): Promise<{ waitFor: InvoiceRow | null; ownOutcome: Outcome | null }> {
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
        inArray(invoices.status, ["pending", "issuing", "failed"]),
      ),
    )
    .orderBy(invoices.number);
  let ownOutcome: Outcome | null = null;
  for (const invoice of doubtful) {
    const isOwn = invoice.id === own.id;
    if (!isOwn && !isDue(invoice, Date.now())) return { waitFor: invoice, ownOutcome };
    const original = invoice.originalInvoiceId === null ? null : await originalOf(ctx.db, invoice);
    const verdict = await settleInDoubt(ctx.arca, requestOf(invoice, original), guard);
    const outcome = await applyVerdict(ctx, invoice, verdict, isOwn, options);
    if (isOwn) ownOutcome = outcome;
    if (verdict.kind === "doubt") return { waitFor: invoice, ownOutcome };
  }
  return { waitFor: null, ownOutcome };
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
    const fields = original ? { ...seller, ...creditNoteSide(original) } : seller;
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
  // Before every ARCA call: this turn and this claim are renewed, or the turn is over.
  const guard: Guard = async () => {
    if (!(await takeSequence(db, key, holder, options.sequenceLeaseSeconds))) throw new TurnLost();
    await db
      .update(invoices)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})` })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "issuing")));
  };
  try {
    const settled = await settleSequence(ctx, key, invoice, guard, options);
    if (settled.ownOutcome)
      return settled.ownOutcome === "retry" && settled.waitFor === null ? "retry" : settled.ownOutcome;
    if (settled.waitFor) {
      // Another voucher's number is in doubt: nobody numbers after it until ARCA settles it.
      const wait = settled.waitFor;
      const until = Math.max(wait.nextAttemptAt.getTime(), wait.lockedUntil?.getTime() ?? 0) - Date.now();
      await requeue(
        db,
        invoice.id,
        Math.min(Math.max(until, 1000), 60 * 60 * 1000) + Math.random() * 1000,
        `Espera que ARCA confirme la ${voucherLabel(wait.voucherType)} ${voucherNumberText(wait.pointOfSale, wait.number)}, sin respuesta todavía`,
        true,
      );
      return "waiting";
    }
    const [now] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    if (!now || now.status === "issued") return "issued";
    if (now.status !== "issuing" || now.number !== null) return "cancelled";
    invoice = now;

    await guard();
    const last = await arca.lastAuthorized(key.pointOfSale, key.voucherType);
    const request = caeRequest({ ...invoice, number: last + 1, issuedOn: todayInBuenosAires() }, original);
    const [numbered] = await db
      .update(invoices)
      .set({
        number: request.number,
        issuedOn: request.date,
        requestedAt: new Date(),
        arcaRequest: request as unknown as Record<string, unknown>,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "issuing"), sql`${invoices.number} is null`))
      .returning();
    if (!numbered) return "cancelled";
    invoice = numbered;
    return await applyVerdict(ctx, invoice, await sendRequest(arca, request, false, guard), true, options);
  } catch (error) {
    // The number (if any) stays: the next pass asks ARCA about it.
    const [row] = await db.select({ attempts: invoices.attempts }).from(invoices).where(eq(invoices.id, invoice.id));
    const attempts = row?.attempts ?? invoice.attempts;
    if (error instanceof TurnLost || error instanceof ArcaUnavailable || error instanceof ArcaRejected) {
      // ARCA's side or our turn: never the voucher's fault, so it waits as long as it takes.
      await requeue(db, invoice.id, invoiceRetryDelayMs(attempts, options.retryBaseMs), error.message);
      ctx.log?.warn({ err: error.message, invoice: invoice.id }, "invoice attempt failed");
      return "retry";
    }
    const message = `Error inesperado al emitir: ${error instanceof Error ? error.message : String(error)}`;
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
