import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { BadGateway, Conflict, NotFound } from "~/domain/errors";
import { undoBoxInvoice } from "~/domain/invoices/enqueue.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { REFUND_LEASE_MS } from "~/domain/withdrawals/queries.server";
import { MercadoPagoError } from "~/integrations/mercadopago/errors";
import { mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import { todayInBuenosAires } from "~/lib/dates";
import { pesosToCents } from "~/lib/money";
import type { Db } from "~db/index";
import { boxPayments, boxSubscriptions, boxWithdrawals } from "~db/schema";
import { boxNumberOf } from "./number";
import type { BoxContext } from "./subscriptions.server";
import { boxWithdrawalRefunded } from "./withdrawal-mail.server";
import type { BoxRefundState } from "./withdrawal-steps";

/**
 * The refund of a withdrawn Caja Rizoma subscription's first charge (decisions 0047 and 0052): claimed in
 * the database, made at Mercado Pago with the withdrawal's own idempotency key, and written once — with, in
 * the same transaction, the charge marked refunded and its invoice undone (cancelled while never numbered,
 * else its credit note queued, reason 'withdrawal') and the subscriber's e-mail saying so. A failure is kept in `refund_error` for the admin, and
 * tried again by the periodic pass or the admin's "Reintentar reembolso".
 */

export type BoxWithdrawal = typeof boxWithdrawals.$inferSelect;

type RefundContext = Pick<BoxContext, "db" | "mercadoPago" | "log" | "siteUrl">;

/** Where the money stands: a charge with no refund due is one whose box had reached the subscriber. */
export function boxRefundState(row: BoxWithdrawal): BoxRefundState {
  if (row.refundCents === null) return { kind: "not_charged" };
  if (row.refundedAt) return { kind: "refunded", cents: row.refundCents };
  if (row.refundDue) return { kind: "due", cents: row.refundCents };
  return row.boxHandedOver === "picked_up"
    ? { kind: "picked_up", cents: row.refundCents }
    : { kind: "shipped", cents: row.refundCents };
}

/** Whether a claim on the refund is live now (a call to Mercado Pago is in flight). */
export const refundClaimLive = (row: Pick<BoxWithdrawal, "refundClaimedAt">, now = Date.now()) =>
  row.refundClaimedAt !== null && now - row.refundClaimedAt.getTime() < REFUND_LEASE_MS;

const NO_MERCADO_PAGO = "Mercado Pago no está disponible: el reembolso se intenta de nuevo cuando vuelva.";

/** What the admin reads of a failed attempt: Mercado Pago's own Spanish message when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof MercadoPagoError) {
    return error.timedOut
      ? "Mercado Pago no respondió a tiempo."
      : `Mercado Pago no hizo el reembolso: ${error.message}`;
  }
  return error instanceof Error && error.message.startsWith("refund ")
    ? "Mercado Pago rechazó el reembolso: revisá el pago en la cuenta de Mercado Pago."
    : "El reembolso falló por un error inesperado.";
}

/**
 * Refunds a withdrawn subscription's first charge at Mercado Pago, once. The claim is a conditional
 * UPDATE (refund due, not refunded, no live claim), so of two requests, a request and the retry, or two
 * instances, one calls Mercado Pago; every call carries the withdrawal's idempotency key, so a call
 * repeated after a crash is the same refund there. Returns the row as it ends (null when nothing was done).
 */
export async function settleBoxRefund(ctx: RefundContext, withdrawalId: number): Promise<BoxWithdrawal | null> {
  const claimedAt = new Date();
  const [claimed] = await ctx.db
    .update(boxWithdrawals)
    .set({ refundClaimedAt: claimedAt })
    .where(
      and(
        eq(boxWithdrawals.id, withdrawalId),
        eq(boxWithdrawals.refundDue, true),
        isNull(boxWithdrawals.refundedAt),
        or(
          isNull(boxWithdrawals.refundClaimedAt),
          lt(boxWithdrawals.refundClaimedAt, new Date(claimedAt.getTime() - REFUND_LEASE_MS)),
        ),
      ),
    )
    .returning();
  if (!claimed?.chargeId) return current(ctx.db, withdrawalId);
  const chargeId = claimed.chargeId;
  const ours = and(eq(boxWithdrawals.id, withdrawalId), eq(boxWithdrawals.refundClaimedAt, claimedAt));
  const release = (refundError: string) =>
    ctx.db.update(boxWithdrawals).set({ refundClaimedAt: null, refundError }).where(ours);
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) {
    await release(NO_MERCADO_PAGO);
    return current(ctx.db, withdrawalId);
  }
  try {
    // The box's charge is an authorized payment; what Mercado Pago refunds is its payment.
    const charge = await api.getAuthorizedPayment(chargeId);
    const paymentId = String(charge.payment?.id ?? charge.id);
    const refund = await api.refundPayment(paymentId, {}, claimed.refundIdempotencyKey);
    if (refund.status === "rejected") throw new Error(`refund ${refund.id} rejected`);
    const cents = pesosToCents(String(refund.amount)) ?? claimed.refundCents;
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const now = new Date();
      const [written] = await db
        .update(boxWithdrawals)
        .set({
          refundedAt: now,
          refundReference: String(refund.id),
          refundCents: cents,
          refundClaimedAt: null,
          refundError: null,
          updatedAt: now,
        })
        .where(and(eq(boxWithdrawals.id, withdrawalId), isNull(boxWithdrawals.refundedAt)))
        .returning({ id: boxWithdrawals.id });
      if (!written) return;
      const payments = await db
        .update(boxPayments)
        .set({ status: "refunded" })
        .where(eq(boxPayments.providerPaymentId, chargeId))
        .returning({ id: boxPayments.id });
      for (const payment of payments) await undoBoxInvoice(db, payment.id, "withdrawal");
      // The subscriber is told the money is back, once: with the refund's own write.
      const [sub] = await db
        .select({ firstName: boxSubscriptions.firstName })
        .from(boxSubscriptions)
        .where(eq(boxSubscriptions.id, claimed.subscriptionId));
      await enqueueMail(db, {
        to: claimed.email,
        mail: boxWithdrawalRefunded({
          siteUrl: ctx.siteUrl,
          name: sub?.firstName ?? "",
          code: claimed.code,
          number: boxNumberOf(claimed.subscriptionId),
          refundCents: cents ?? 0,
          reference: String(refund.id),
          refundedOn: todayInBuenosAires(now),
        }),
        siteUrl: ctx.siteUrl,
      });
    });
  } catch (error) {
    ctx.log?.warn({ err: error, withdrawal: claimed.code }, "box withdrawal refund failed; retried later");
    await release(failureText(error));
  }
  return current(ctx.db, withdrawalId);
}

async function current(db: Db, id: number): Promise<BoxWithdrawal | null> {
  const [row] = await db.select().from(boxWithdrawals).where(eq(boxWithdrawals.id, id));
  return row ?? null;
}

/** How far back a refund Mercado Pago did not take is tried again (the cancellation retry's pass runs it). */
const RETRY_DAYS = 30;

/** Tries again every due refund not made yet (Mercado Pago failed, or a server died); answers how many were made. */
export async function retryBoxRefunds(ctx: RefundContext): Promise<number> {
  const due = await ctx.db
    .select({ id: boxWithdrawals.id })
    .from(boxWithdrawals)
    .where(
      and(
        eq(boxWithdrawals.refundDue, true),
        isNull(boxWithdrawals.refundedAt),
        gt(boxWithdrawals.createdAt, new Date(Date.now() - RETRY_DAYS * 86_400_000)),
      ),
    )
    .limit(100);
  let made = 0;
  for (const { id } of due) if ((await settleBoxRefund(ctx, id))?.refundedAt) made++;
  if (made > 0) ctx.log?.info({ made }, "box withdrawal refunds retried");
  return made;
}

/**
 * The admin's "Reintentar reembolso" (/admin/arrepentimientos): the same settle as the periodic pass, now.
 * A withdrawal with nothing due, already refunded or with a call in flight is a 409 saying which; Mercado
 * Pago failing again, a 502 with what it said (also kept on the row).
 */
export async function retryBoxRefund(ctx: RefundContext, withdrawalId: number): Promise<BoxWithdrawal> {
  const before = await current(ctx.db, withdrawalId);
  if (!before) throw new NotFound("Arrepentimiento no encontrado");
  if (before.refundedAt) throw new Conflict("Este reembolso ya está hecho");
  if (!before.refundDue) throw new Conflict("Este arrepentimiento no tiene un reembolso automático pendiente");
  if (refundClaimLive(before)) {
    throw new Conflict("Ya hay un reembolso en curso. Si no termina, probá de nuevo en dos minutos.");
  }
  const after = (await settleBoxRefund(ctx, withdrawalId)) ?? before;
  if (!after.refundedAt) throw new BadGateway(after.refundError ?? NO_MERCADO_PAGO);
  return after;
}
