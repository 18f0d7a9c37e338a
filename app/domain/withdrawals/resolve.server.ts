import { and, eq, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { BadGateway, Conflict, GatewayTimeout, Invalid, Unavailable } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { booksLeftShop } from "~/domain/orders/actions";
import { cancelOrderForWithdrawal, returnStock } from "~/domain/orders/lifecycle.server";
import { afterStockChange, type Order, type OrderContext, orderSigner } from "~/domain/orders/shared.server";
import { getSettings } from "~/domain/settings/settings.server";
import { MercadoPagoError, mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import { isCalendarDay, todayInBuenosAires } from "~/lib/dates";
import { formatMoney, pesosToCents } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { orderEvents, orderItems, withdrawals } from "~db/schema";
import { type WithdrawalLetter, withdrawalCancelled, withdrawalRefunded } from "./mail.server";
import {
  BOOKS_RETURNED_NOTE,
  REFUND_LEASE_MS,
  refundMethodOf,
  type Withdrawal,
  withdrawalWithOrder,
} from "./queries.server";

/**
 * The shop resolves a withdrawal (botón de arrepentimiento): requested → cancelled (the order is
 * cancelled) → refunded (the money is back). Every step is a conditional UPDATE on the withdrawal's
 * status, audited, with the buyer's e-mail queued in the same transaction. See
 * docs/decisions/0021-withdrawal-resolution.md.
 */

const REFUND_FAILED =
  "Mercado Pago no pudo hacer el reembolso. Probá de nuevo en unos minutos: el reintento usa la misma clave, así que nunca se devuelve dos veces.";
const REFUND_TIMED_OUT =
  "Mercado Pago no respondió a tiempo. Probá de nuevo: el reintento usa la misma clave, así que nunca se devuelve dos veces.";
const REFUND_IN_FLIGHT =
  "Ya hay un reembolso en curso para este arrepentimiento. Si no termina, probá de nuevo en dos minutos.";

async function letterFor(ctx: OrderContext, withdrawal: Withdrawal, order: Order): Promise<WithdrawalLetter> {
  return {
    siteUrl: ctx.siteUrl,
    code: withdrawal.code,
    orderNumber: order.number,
    customerName: order.firstName,
    orderUrl: (await orderSigner(ctx)).url(order.number),
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
  };
}

const refusedBecause = (withdrawal: Pick<Withdrawal, "status">) =>
  new Conflict(
    withdrawal.status === "refunded"
      ? "Este arrepentimiento ya está reembolsado"
      : withdrawal.status === "cancelled"
        ? "El pedido de este arrepentimiento ya está cancelado"
        : "Primero cancelá el pedido",
  );

async function currentWithdrawal(db: Db, withdrawalId: number) {
  return (await withdrawalWithOrder(db, withdrawalId)).withdrawal;
}

// ---------------------------------------------------------------------------------------------------
// Cancel

/**
 * requested → cancelled. The order is cancelled through the orders' own path (cancelOrderForWithdrawal:
 * stock back when the books never left, the discount code's use released); an order already cancelled
 * (expired, or cancelled by hand before) stays as it is. One transaction: the withdrawal's conditional
 * UPDATE, the order's, the audit lines and the buyer's "Cancelamos tu pedido" letter.
 */
export async function cancelForWithdrawal(ctx: OrderContext, withdrawalId: number, admin: AdminIdentity) {
  const { withdrawal, order } = await withdrawalWithOrder(ctx.db, withdrawalId);
  if (withdrawal.status !== "requested") throw refusedBecause(withdrawal);
  const settings = await getSettings(ctx.db);
  const letter = await letterFor(ctx, withdrawal, order);
  const reason = `Arrepentimiento ${withdrawal.code}`;
  const mailFor = (cancelled: Order) =>
    withdrawalCancelled({
      ...letter,
      paid: cancelled.paidAt !== null,
      booksOut: booksLeftShop(cancelled)
        ? { address: settings.contact.address, whatsapp: settings.contact.whatsapp, email: settings.contact.email }
        : null,
    });
  const claim = async (db: Db, cancelled: Order) => {
    const now = new Date();
    const [moved] = await db
      .update(withdrawals)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, "requested")))
      .returning({ id: withdrawals.id });
    // Another admin moved it first: the whole transaction (the order's change too) rolls back.
    if (!moved) throw refusedBecause(await currentWithdrawal(db, withdrawalId));
    await recordAudit(db, admin, {
      action: "withdrawal.cancel",
      entity: "withdrawal",
      entityId: withdrawalId,
      summary: `Canceló el pedido ${cancelled.number} por el arrepentimiento ${withdrawal.code}`,
      details: { orderNumber: cancelled.number, booksOut: booksLeftShop(cancelled) },
    });
  };

  if (order.status === "cancelled") {
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await claim(db, order);
      await enqueueMail(db, { to: order.email, mail: mailFor(order), siteUrl: ctx.siteUrl });
    });
    return;
  }
  const cancelled = await cancelOrderForWithdrawal(ctx, admin, order.id, {
    reason,
    effects: (db, moved) => claim(db, moved),
    mail: (moved) => mailFor(moved),
  });
  if (cancelled) return;
  const now = await currentWithdrawal(ctx.db, withdrawalId);
  throw now.status === "requested"
    ? new Conflict("El pedido cambió mientras tanto: recargá la página y probá de nuevo")
    : refusedBecause(now);
}

// ---------------------------------------------------------------------------------------------------
// Books returned

/**
 * The books of a withdrawn order that had left the shop came back: they return to stock, once. The mark is
 * `books_returned_at`, set by a conditional UPDATE (`where books_returned_at is null`) in the same
 * transaction as the stock: of two clicks at once, one sets it and returns the stock, the other gets a 409.
 */
export async function booksReturned(ctx: OrderContext, withdrawalId: number, admin: AdminIdentity) {
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const { withdrawal, order } = await withdrawalWithOrder(db, withdrawalId);
    if (withdrawal.status === "requested" || order.status !== "cancelled") {
      throw new Conflict("Primero cancelá el pedido");
    }
    if (!booksLeftShop(order)) {
      throw new Conflict("Los libros de este pedido nunca salieron: ya volvieron al stock al cancelarlo");
    }
    const now = new Date();
    const [marked] = await db
      .update(withdrawals)
      .set({ booksReturnedAt: now, updatedAt: now })
      .where(
        and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.booksReturnedAt), ne(withdrawals.status, "requested")),
      )
      .returning({ id: withdrawals.id });
    if (!marked) throw new Conflict("Ya registraste que los libros volvieron");
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await returnStock(db, items, ctx);
    // The order's history says why its stock moved; the mark is the column above.
    await db.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      source: "admin",
      note: BOOKS_RETURNED_NOTE,
      at: now,
    });
    await recordAudit(db, admin, {
      action: "withdrawal.books-returned",
      entity: "withdrawal",
      entityId: withdrawalId,
      summary: `Registró que volvieron los libros del pedido ${order.number} (arrepentimiento ${withdrawal.code})`,
    });
  });
  await afterStockChange(ctx.db, "order.withdrawal-return");
}

// ---------------------------------------------------------------------------------------------------
// Refund

export const transferRefundSchema = z
  .object({
    refundedOn: z
      .string({ error: "Ingresá la fecha de la transferencia" })
      .trim()
      .refine(isCalendarDay, "Ingresá la fecha de la transferencia")
      .refine((day) => day <= todayInBuenosAires(), "La fecha de la transferencia no puede ser posterior a hoy"),
    reference: z
      .string({ error: "Ingresá la referencia de la transferencia" })
      .trim()
      .min(1, "Ingresá la referencia de la transferencia")
      .max(120, "La referencia puede tener hasta 120 caracteres"),
  })
  .strict();

export type TransferRefundInput = z.infer<typeof transferRefundSchema>;

interface RefundRecord {
  method: "mercadopago" | "transfer";
  cents: number;
  reference: string;
  refundedOn: string;
}

/**
 * cancelled → refunded, with the whole amount the order was paid. Mercado Pago orders are refunded at MP
 * (refundPayment with the withdrawal's own idempotency key, so every attempt is the same refund there);
 * transfers are recorded with the day and reference the admin gives (`input`). An order never paid has
 * nothing to refund. Returns the withdrawal as refunded.
 */
export async function refundWithdrawal(
  ctx: OrderContext,
  withdrawalId: number,
  admin: AdminIdentity,
  input: unknown = {},
): Promise<Withdrawal> {
  const { withdrawal, order } = await withdrawalWithOrder(ctx.db, withdrawalId);
  if (withdrawal.status !== "cancelled") throw refusedBecause(withdrawal);
  if (!order.paidAt) throw new Conflict("El pedido no llegó a pagarse: no hay dinero para devolver");
  const letter = await letterFor(ctx, withdrawal, order);
  if (refundMethodOf(order) === "transfer") {
    const parsed = transferRefundSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
      throw new Invalid(zodMessage(parsed.error), { fields });
    }
    const record = { method: "transfer" as const, cents: order.totalCents, ...parsed.data };
    // No Mercado Pago claim can be in flight on an order refunded by transfer; the condition says so anyway.
    const done = await writeRefund(ctx, withdrawal, order, admin, record, letter, isNull(withdrawals.refundClaimedAt));
    if (!done) throw refusedBecause(await currentWithdrawal(ctx.db, withdrawalId));
    return done;
  }
  return refundAtMercadoPago(ctx, withdrawal, order, admin, letter);
}

async function refundAtMercadoPago(
  ctx: OrderContext,
  withdrawal: Withdrawal,
  order: Order,
  admin: AdminIdentity,
  letter: WithdrawalLetter,
): Promise<Withdrawal> {
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) throw new Unavailable("Mercado Pago no está configurado: no se puede hacer el reembolso desde acá");
  // The claim: one admin's click holds the refund while MP answers (refund_claimed_at, status still
  // cancelled); a claim older than the lease was left by a server that died, and may be taken again.
  const claimedAt = new Date();
  const [claimed] = await ctx.db
    .update(withdrawals)
    .set({ refundClaimedAt: claimedAt })
    .where(
      and(
        eq(withdrawals.id, withdrawal.id),
        eq(withdrawals.status, "cancelled"),
        or(
          isNull(withdrawals.refundClaimedAt),
          lt(withdrawals.refundClaimedAt, new Date(claimedAt.getTime() - REFUND_LEASE_MS)),
        ),
      ),
    )
    .returning({ id: withdrawals.id });
  if (!claimed) {
    const now = await currentWithdrawal(ctx.db, withdrawal.id);
    throw now.status === "cancelled" ? new Conflict(REFUND_IN_FLIGHT) : refusedBecause(now);
  }
  // Ours only: matched by the claim's time, so a newer claim (after our lease ran out) is left alone.
  const ours = eq(withdrawals.refundClaimedAt, claimedAt);
  const release = () =>
    ctx.db
      .update(withdrawals)
      .set({ refundClaimedAt: null })
      .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, "cancelled"), ours));
  let refund: Awaited<ReturnType<typeof api.refundPayment>>;
  try {
    refund = await api.refundPayment(String(order.providerPaymentId), {}, withdrawal.refundIdempotencyKey);
  } catch (error) {
    ctx.log?.warn({ err: error, withdrawal: withdrawal.code }, "mercadopago refund failed");
    await release();
    throw error instanceof MercadoPagoError && error.timedOut
      ? new GatewayTimeout(REFUND_TIMED_OUT)
      : new BadGateway(REFUND_FAILED);
  }
  if (refund.status === "rejected") {
    ctx.log?.warn({ refund, withdrawal: withdrawal.code }, "mercadopago rejected the refund");
    await release();
    throw new BadGateway("Mercado Pago rechazó el reembolso. Revisá el pago en tu cuenta de Mercado Pago.");
  }
  const record: RefundRecord = {
    method: "mercadopago",
    cents: pesosToCents(String(refund.amount)) ?? order.totalCents,
    reference: String(refund.id),
    refundedOn: todayInBuenosAires(),
  };
  const done = await writeRefund(ctx, withdrawal, order, admin, record, letter, ours);
  if (done) return done;
  // Our lease ran out and another attempt finished the same refund (same key, same refund at MP).
  const now = await currentWithdrawal(ctx.db, withdrawal.id);
  if (now.status === "refunded") return now;
  throw new Conflict(REFUND_IN_FLIGHT);
}

/** The refund's one write: status, amounts, audit and the buyer's letter; null when the condition lost. */
async function writeRefund(
  ctx: OrderContext,
  withdrawal: Withdrawal,
  order: Order,
  admin: AdminIdentity,
  record: RefundRecord,
  letter: WithdrawalLetter,
  condition: SQL,
): Promise<Withdrawal | null> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const now = new Date();
    const [done] = await db
      .update(withdrawals)
      .set({
        status: "refunded",
        refundMethod: record.method,
        refundCents: record.cents,
        refundReference: record.reference,
        refundedOn: record.refundedOn,
        refundedAt: now,
        refundClaimedAt: null,
        updatedAt: now,
      })
      .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, "cancelled"), condition))
      .returning();
    if (!done) return null;
    const how =
      record.method === "mercadopago"
        ? `por Mercado Pago (reembolso ${record.reference})`
        : `por transferencia (referencia ${record.reference})`;
    await recordAudit(db, admin, {
      action: "withdrawal.refund",
      entity: "withdrawal",
      entityId: withdrawal.id,
      summary: `Reembolsó ${formatMoney(record.cents)} del pedido ${order.number} ${how}`,
      details: { orderNumber: order.number, ...record },
    });
    await enqueueMail(db, {
      to: order.email,
      mail: withdrawalRefunded({ ...letter, refundCents: record.cents, ...record }),
      siteUrl: ctx.siteUrl,
    });
    return done;
  });
}
