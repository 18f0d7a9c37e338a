import { randomUUID } from "node:crypto";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { shopCalendar } from "~/domain/holidays/calendar.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { getSection } from "~/domain/settings/settings.server";
import { newWithdrawalCode } from "~/domain/withdrawals/request.server";
import { boxWithdrawalRequestSchema, CODE_PATTERN, WITHDRAWAL_MESSAGES } from "~/domain/withdrawals/rules";
import { WITHDRAWAL_DAYS, withdrawalDeadline } from "~/domain/withdrawals/window";
import { longDate, todayInBuenosAires } from "~/lib/dates";
import { zodMessage } from "~/lib/zod-spanish";
import { isUniqueViolation } from "~db/errors";
import type { Db } from "~db/index";
import {
  boxPayments,
  boxPickups,
  boxPlans,
  boxSubscriptionEvents,
  boxSubscriptions,
  boxWithdrawals,
  shipments,
} from "~db/schema";
import { cancelPreapproval } from "./cancellation.server";
import { boxIdFromNumber, boxNumberOf } from "./number";
import type { BoxContext } from "./subscriptions.server";
import { boxWithdrawalReceived, boxWithdrawalShop } from "./withdrawal-mail.server";
import { type BoxWithdrawal, boxRefundState, settleBoxRefund } from "./withdrawal-refund.server";
import { type BoxRefundState, boxWithdrawalSteps } from "./withdrawal-steps";

/**
 * The Caja Rizoma's own botón de arrepentimiento (issue 33, decision 0047): a service contracted at a
 * distance may be revoked within 10 days of the contract (CCyC art. 1110, Ley 24.240 art. 34, Disposición
 * 954/2025), counted as orders' are (../withdrawals/window.ts) from the day the visitor subscribed.
 *
 * One transaction, the subscription's row locked (two identical requests run one after the other):
 * a subscription already withdrawn answers its code again (`created: false`, nothing sent); otherwise the
 * withdrawal is written with whether a refund is due (the first charge was taken and no box had reached the
 * subscriber, shipped or picked up at the shop), the subscription is cancelled with its history line (source 'subscriber', so the baja's retry chases
 * Mercado Pago if it fails now) and both e-mails are queued. After the commit, the request that created it
 * tells Mercado Pago to cancel the preapproval and refunds the charge (settleBoxRefund: claimed in the
 * database, one refund whatever retries or repeats come).
 */
export type BoxWithdrawalContext = BoxContext & Partial<Pick<RequestContext, "shopEmail">>;

export interface BoxWithdrawalRequested {
  code: string;
  created: boolean;
  message: string;
  /** "CR-000123". */
  number: string;
  requestedAt: Date;
  refund: BoxRefundState;
}

const CODE_ATTEMPTS = 5;

export async function requestBoxWithdrawal(
  ctx: BoxWithdrawalContext,
  raw: unknown,
  now: Date = new Date(),
): Promise<BoxWithdrawalRequested> {
  const parsed = boxWithdrawalRequestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Invalid(zodMessage(parsed.error), { field: String(parsed.error.issues[0]?.path[0] ?? "") });
  }
  const { orderNumber: id, email, reason } = parsed.data;
  await limitPerIp(ctx, "withdrawalsPerIpPerHour", WITHDRAWAL_MESSAGES.tooMany);
  // Read before the transaction: on the embedded database a query outside it would wait for it.
  const contact = await getSection(ctx.db, "contact");
  const shopEmail = ctx.shopEmail ?? contact.email;
  const calendar = await shopCalendar(ctx.db);

  for (let attempt = 1; ; attempt++) {
    try {
      const taken = await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [row] = await db
          .select({ sub: boxSubscriptions, planLabel: boxPlans.label })
          .from(boxSubscriptions)
          .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
          .where(and(eq(boxSubscriptions.id, id), sql`lower(trim(${boxSubscriptions.email})) = ${email}`))
          .for("update", { of: boxSubscriptions });
        if (!row) throw new NotFound(WITHDRAWAL_MESSAGES.subscriptionNotFound);
        const { sub } = row;
        const [existing] = await db.select().from(boxWithdrawals).where(eq(boxWithdrawals.subscriptionId, sub.id));
        if (existing) return { withdrawal: existing, created: false, sub };

        const subscribed = todayInBuenosAires(sub.createdAt);
        const deadline = withdrawalDeadline(subscribed, calendar);
        if (todayInBuenosAires(now) > deadline) {
          throw new Conflict(
            `Pasaron más de ${WITHDRAWAL_DAYS} días desde que te suscribiste a la Caja Rizoma (te suscribiste el ${longDate(subscribed)} y el plazo para arrepentirte venció el ${longDate(deadline)}). Igual podés darte de baja cuando quieras con el Botón de baja, en ${ctx.siteUrl}/caja-rizoma/baja: no se te cobra más desde ese momento. Si tenés un problema con tu caja, escribinos a ${contact.email} o por WhatsApp al ${contact.whatsapp}.`,
            { deadline },
          );
        }

        const [charge] = await db
          .select()
          .from(boxPayments)
          .where(eq(boxPayments.subscriptionId, sub.id))
          .orderBy(asc(boxPayments.paidAt), asc(boxPayments.id))
          .limit(1);
        const handedOver = await boxHandedOver(db, sub.id);
        const [inserted] = await db
          .insert(boxWithdrawals)
          .values({
            subscriptionId: sub.id,
            code: newWithdrawalCode(),
            email,
            reason,
            refundDue: Boolean(charge) && !handedOver,
            boxHandedOver: handedOver,
            chargeId: charge?.providerPaymentId ?? null,
            refundCents: charge?.amountCents ?? null,
            refundIdempotencyKey: randomUUID(),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: boxWithdrawals.subscriptionId })
          .returning();
        if (!inserted) throw new Error("box withdrawal neither inserted nor found under the row lock");
        if (sub.status !== "cancelled") {
          await db
            .update(boxSubscriptions)
            .set({ status: "cancelled", updatedAt: now })
            .where(eq(boxSubscriptions.id, sub.id));
          await db.insert(boxSubscriptionEvents).values({
            subscriptionId: sub.id,
            fromStatus: sub.status,
            toStatus: "cancelled",
            source: "subscriber",
            at: now,
          });
        }
        const mail = {
          siteUrl: ctx.siteUrl,
          code: inserted.code,
          number: boxNumberOf(sub.id),
          planName: row.planLabel,
          name: sub.firstName,
          email: sub.email,
          subscribedAt: sub.createdAt,
          requestedAt: now,
          reason,
          refund: boxRefundState(inserted),
          contact,
        };
        await enqueueMail(db, { to: sub.email, mail: boxWithdrawalReceived(mail), siteUrl: ctx.siteUrl });
        if (shopEmail) await enqueueMail(db, { to: shopEmail, mail: boxWithdrawalShop(mail), siteUrl: ctx.siteUrl });
        return { withdrawal: inserted, created: true, sub };
      });

      const { withdrawal, created, sub } = taken;
      if (created && !sub.providerCancelledAt) await cancelPreapproval(ctx, sub.id, sub.providerPreapprovalId);
      // A repeat may finish a refund a crash or Mercado Pago's failure left undone; the claim keeps it to one.
      const settled = await settleBoxRefund(ctx, withdrawal.id);
      return answer(settled ?? withdrawal, created, boxNumberOf(sub.id));
    } catch (error) {
      // The subscription's row cannot conflict (it is locked, and ON CONFLICT), so this is a repeated code.
      if (attempt < CODE_ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * Whether a box of the subscription had already reached its subscriber: a parcel (not cancelled or failed:
 * from the label on, the box has left the shelf) or a box handed over at the shop (`box_pickups`). Then the
 * service has started with the subscriber's consent: no automatic refund (decisions 0047 and 0052).
 */
async function boxHandedOver(db: Db, subscriptionId: number): Promise<"shipped" | "picked_up" | null> {
  const [shipped] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.boxSubscriptionId, subscriptionId), notInArray(shipments.status, ["cancelled", "failed"])))
    .limit(1);
  if (shipped) return "shipped";
  const [picked] = await db
    .select({ id: boxPickups.id })
    .from(boxPickups)
    .where(eq(boxPickups.subscriptionId, subscriptionId))
    .limit(1);
  return picked ? "picked_up" : null;
}

function answer(row: BoxWithdrawal, created: boolean, number: string): BoxWithdrawalRequested {
  const refund = boxRefundState(row);
  const steps = boxWithdrawalSteps(refund).slice(1).join(" ");
  const message = created
    ? `Recibimos tu arrepentimiento de la suscripción ${number} a la Caja Rizoma y la cancelamos. Tu código de gestión es ${row.code}: también te lo mandamos por email. ${steps}`
    : `Ya habíamos recibido tu arrepentimiento de la suscripción ${number} el ${longDate(row.createdAt)}. Tu código de gestión es ${row.code}. ${steps}`;
  return { code: row.code, created, message: message.trim(), number, requestedAt: row.createdAt, refund };
}

export interface BoxWithdrawalConfirmation {
  code: string;
  number: string;
  requestedAt: Date;
  steps: string[];
}

/** The confirmation page's withdrawal: by its code and the subscription's number together, else null. */
export async function boxWithdrawalConfirmation(
  db: Db,
  code: string,
  number: string,
): Promise<BoxWithdrawalConfirmation | null> {
  const normalisedCode = code.trim().toUpperCase();
  const id = boxIdFromNumber(number);
  if (!CODE_PATTERN.test(normalisedCode) || id === null) return null;
  const [row] = await db
    .select()
    .from(boxWithdrawals)
    .where(and(eq(boxWithdrawals.code, normalisedCode), eq(boxWithdrawals.subscriptionId, id)));
  if (!row) return null;
  return {
    code: row.code,
    number: boxNumberOf(id),
    requestedAt: row.createdAt,
    steps: boxWithdrawalSteps(boxRefundState(row)),
  };
}

/** A subscription's withdrawal as its subscriber's pages show it (null without one). */
export async function boxWithdrawalOf(db: Db, subscriptionId: number) {
  const [row] = await db.select().from(boxWithdrawals).where(eq(boxWithdrawals.subscriptionId, subscriptionId));
  return row
    ? { code: row.code, requestedAt: row.createdAt.toISOString(), steps: boxWithdrawalSteps(boxRefundState(row)) }
    : null;
}
