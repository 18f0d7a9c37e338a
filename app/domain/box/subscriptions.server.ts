import { randomUUID } from "node:crypto";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { BadGateway, Conflict, Invalid, NotFound, Unavailable } from "~/domain/errors";
import { enqueueBoxInvoice } from "~/domain/invoices/enqueue.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { getSection } from "~/domain/settings/settings.server";
import { MercadoPagoError, mercadoPagoLink, PAYMENTS_UNAVAILABLE } from "~/integrations/mercadopago/index.server";
import type { PreapprovalStatus } from "~/integrations/mercadopago/types";
import { monthYear } from "~/lib/dates";
import { normalizeEmail } from "~/lib/email";
import { containsPattern } from "~/lib/like";
import { centsToPesos, pesosToCents } from "~/lib/money";
import { parseId } from "~/lib/params";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { boxPayments, boxPlans, boxSubscriptionEvents, boxSubscriptions } from "~db/schema";
import { subscribeSchema } from "./form";
import { boxPaymentReceived, boxWelcome, bulkMessage } from "./mail.server";
import { boxNumberOf } from "./number";
import type { SubscriptionStatus } from "./plans";
import { boxDateFor } from "./schedule";
import { manageUrl } from "./self-service.server";
import { boxShippingCents } from "./shipping";
import { adminActionTo, SUBSCRIPTION_ACTIONS } from "./subscription-actions";

/** What the box functions need from a request (a missing secret means the key kept in the database). */
export type BoxContext = Pick<RequestContext, "db" | "mercadoPago" | "siteUrl" | "clientIp"> &
  Partial<Pick<RequestContext, "log" | "configuredSecret">>;

export const SUBSCRIBE_FAILED = "Hubo un problema al crear la suscripción";
export const PLAN_UNAVAILABLE = "El plan elegido no está disponible";
export const TOO_MANY_SUBSCRIBE_ATTEMPTS =
  "Demasiados intentos de suscripción desde tu conexión. Probá de nuevo en un rato o escribinos.";
export type BoxSubscription = typeof boxSubscriptions.$inferSelect;

/** Where Mercado Pago sends the payer back after the checkout. */
export const backUrl = (siteUrl: string) => `${siteUrl}/caja-rizoma/gracias`;

/**
 * A visitor subscribes: the form is checked in the spec's order, the plan's price and the shipping are
 * captured on a 'pending' row, and Mercado Pago makes the preapproval whose init_point the payer goes
 * to. If Mercado Pago fails, the row is removed again: no subscription is left without its payment link.
 * (No transaction is held open while Mercado Pago answers.)
 */
export async function subscribeToBox(ctx: BoxContext, raw: unknown): Promise<{ id: number; initPoint: string }> {
  const parsed = subscribeSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) throw new Unavailable(PAYMENTS_UNAVAILABLE);
  await limitPerIp(ctx, "boxSubscribePerIpPerHour", TOO_MANY_SUBSCRIBE_ATTEMPTS);

  const [plan] = await ctx.db
    .select()
    .from(boxPlans)
    .where(and(eq(boxPlans.id, input.planType), eq(boxPlans.active, true)));
  if (!plan) throw new Invalid(PLAN_UNAVAILABLE);
  const shipping = await getSection(ctx.db, "shipping");
  const shippingCents = boxShippingCents(shipping.rates, input);
  const delivery = input.deliveryMethod === "delivery";

  const subscription = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(boxSubscriptions)
      .values({
        planId: plan.id,
        priceCents: plan.priceCents,
        shippingCents,
        frequencyMonths: plan.frequencyMonths,
        firstName: input.firstName,
        lastName: input.lastName,
        email: normalizeEmail(input.email),
        whatsapp: input.whatsapp,
        deliveryMethod: input.deliveryMethod,
        address: delivery ? input.address : null,
        city: delivery ? input.city : null,
        state: input.state || null,
        zipCode: input.zipCode || null,
        pickupLocation: delivery ? null : input.pickupLocation || null,
      })
      .returning();
    if (!row) throw new Error("subscription insert returned nothing");
    await tx.insert(boxSubscriptionEvents).values({ subscriptionId: row.id, toStatus: "pending", source: "visitor" });
    return row;
  });

  const chargeCents = plan.priceCents + shippingCents * plan.frequencyMonths;
  try {
    const preapproval = await api.createPreapproval(
      {
        reason: `Caja Rizoma - Plan ${plan.label}`,
        external_reference: String(subscription.id),
        payer_email: subscription.email,
        auto_recurring: {
          frequency: plan.frequencyMonths,
          frequency_type: "months",
          transaction_amount: centsToPesos(chargeCents),
          currency_id: "ARS",
        },
        back_url: backUrl(ctx.siteUrl),
        status: "pending",
      },
      randomUUID(),
    );
    if (!preapproval?.id || !preapproval.init_point)
      throw new MercadoPagoError("Mercado Pago no devolvió init_point", 200);
    await ctx.db
      .update(boxSubscriptions)
      .set({ providerPreapprovalId: String(preapproval.id), initPoint: preapproval.init_point, updatedAt: new Date() })
      .where(eq(boxSubscriptions.id, subscription.id));
    return { id: subscription.id, initPoint: preapproval.init_point };
  } catch (error) {
    ctx.log?.warn({ err: error, subscriptionId: subscription.id }, "mercadopago preapproval failed");
    // Only a row nobody else has touched (no provider id, still pending) is taken back.
    await ctx.db
      .delete(boxSubscriptions)
      .where(
        and(
          eq(boxSubscriptions.id, subscription.id),
          eq(boxSubscriptions.status, "pending"),
          sql`${boxSubscriptions.providerPreapprovalId} is null`,
        ),
      );
    throw new BadGateway(SUBSCRIBE_FAILED);
  }
}

const FROM_PROVIDER: Record<PreapprovalStatus, SubscriptionStatus> = {
  pending: "pending",
  authorized: "active",
  paused: "paused",
  cancelled: "cancelled",
};

const planName = (planId: string, label?: string) =>
  label ?? (planId === "monthly" ? "Mensual" : planId === "semiannual" ? "Semestral" : planId);

/**
 * A `subscription_preapproval` notification: the preapproval is fetched from Mercado Pago (the body is
 * never trusted) and our status follows it. The row is locked, so two notifications at once apply once;
 * a replay finds the status already there and does nothing. The welcome e-mail goes with the first
 * activation, in the same transaction.
 */
export async function syncPreapproval(ctx: BoxContext, preapprovalId: string): Promise<{ changed: boolean }> {
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) return { changed: false };
  const preapproval = await api.getPreapproval(preapprovalId);
  const target = FROM_PROVIDER[preapproval.status];
  const id = parseId(preapproval.external_reference);
  if (!target || id === null) return { changed: false };
  const link = await manageUrl(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sub: boxSubscriptions, label: boxPlans.label })
      .from(boxSubscriptions)
      .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
      .where(eq(boxSubscriptions.id, id))
      .for("update", { of: boxSubscriptions });
    if (!row) return { changed: false };
    const { sub } = row;
    if (sub.providerPreapprovalId && sub.providerPreapprovalId !== String(preapproval.id)) return { changed: false };
    // Mercado Pago says the preapproval is cancelled: its charges stopped, whoever cancelled it.
    const providerCancelled = target === "cancelled" && !sub.providerCancelledAt;
    if (sub.status === target || sub.status === "cancelled") {
      if (providerCancelled && sub.status === "cancelled") {
        await tx.update(boxSubscriptions).set({ providerCancelledAt: new Date() }).where(eq(boxSubscriptions.id, id));
      }
      return { changed: false };
    }
    const now = new Date();
    await tx
      .update(boxSubscriptions)
      .set({
        status: target,
        providerPreapprovalId: String(preapproval.id),
        updatedAt: now,
        ...(providerCancelled ? { providerCancelledAt: now } : {}),
      })
      .where(eq(boxSubscriptions.id, id));
    await tx
      .insert(boxSubscriptionEvents)
      .values({ subscriptionId: id, fromStatus: sub.status, toStatus: target, source: "mercadopago" });
    if (target === "active" && sub.status === "pending") {
      const mail = boxWelcome({
        siteUrl: ctx.siteUrl,
        name: sub.firstName,
        planName: planName(sub.planId, row.label),
        amountCents: sub.priceCents,
        manageUrl: link,
        number: boxNumberOf(sub.id),
      });
      await enqueueMail(tx as unknown as Db, { to: sub.email, mail, siteUrl: ctx.siteUrl });
    }
    return { changed: true };
  });
}

const PAID = new Set(["processed", "approved"]);

/**
 * A `subscription_authorized_payment` notification: the charge is fetched, and when it was paid it is
 * recorded once (UNIQUE provider id), the subscription's next box is set (paid on days 1-9 -> this
 * month's box, else next month's) and the payment e-mail queued, all in one transaction.
 */
export async function recordAuthorizedPayment(ctx: BoxContext, chargeId: string): Promise<{ recorded: boolean }> {
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) return { recorded: false };
  const charge = await api.getAuthorizedPayment(chargeId);
  const paid = PAID.has(charge.status) && (!charge.payment || charge.payment.status === "approved");
  if (!paid) return { recorded: false };
  let reference = charge.external_reference ?? null;
  if (!reference) reference = (await api.getPreapproval(String(charge.preapproval_id))).external_reference;
  const id = parseId(reference);
  if (id === null) return { recorded: false };
  const amountCents = pesosToCents(String(charge.transaction_amount)) ?? 0;
  const paidAt = new Date(charge.debit_date ?? charge.date_created ?? Date.now());
  const boxDate = boxDateFor(Number.isNaN(paidAt.getTime()) ? new Date() : paidAt);
  const link = await manageUrl(ctx, id);

  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sub: boxSubscriptions, label: boxPlans.label })
      .from(boxSubscriptions)
      .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
      .where(eq(boxSubscriptions.id, id));
    if (!row) return { recorded: false };
    const inserted = await tx
      .insert(boxPayments)
      .values({
        subscriptionId: id,
        providerPaymentId: String(charge.id),
        amountCents,
        status: charge.payment?.status ?? charge.status,
        boxDate,
        paidAt,
      })
      .onConflictDoNothing({ target: boxPayments.providerPaymentId })
      .returning({ id: boxPayments.id });
    if (inserted.length === 0) return { recorded: false };
    await enqueueBoxInvoice(tx as unknown as Db, (inserted[0] as { id: number }).id);
    await tx
      .update(boxSubscriptions)
      .set({ nextBoxDate: sql`greatest(${boxSubscriptions.nextBoxDate}, ${boxDate}::date)`, updatedAt: new Date() })
      .where(eq(boxSubscriptions.id, id));
    const mail = boxPaymentReceived({
      siteUrl: ctx.siteUrl,
      name: row.sub.firstName,
      planName: planName(row.sub.planId, row.label),
      amountCents,
      periodLabel: monthYear(boxDate),
      manageUrl: link,
    });
    await enqueueMail(tx as unknown as Db, { to: row.sub.email, mail, siteUrl: ctx.siteUrl });
    return { recorded: true };
  });
}

// ---------------------------------------------------------------------------------------------------
// Admin (/admin/caja)

export const statusChangeSchema = z
  .object({
    status: z.enum(["active", "pending", "paused", "cancelled"], {
      error: "El estado debe ser active, pending, paused o cancelled",
    }),
  })
  .strict();

export const STATUS_CONFLICT = "Solo se puede pausar una suscripción activa o reactivar una pausada";
export const PROVIDER_STATUS_FAILED = "No se pudo actualizar el estado en Mercado Pago. Probá de nuevo.";

/**
 * The admin pauses (active -> paused) or reactivates (paused -> active), the admin's actions in
 * subscription-actions.ts; anything else is a 409. The change goes to Mercado Pago first (so the charges
 * really stop), then to our row with a conditional UPDATE, its history line and the audit entry in one
 * transaction.
 */
export async function changeStatusByAdmin(
  ctx: BoxContext,
  admin: AdminIdentity,
  id: number,
  raw: unknown,
): Promise<{ id: number; status: SubscriptionStatus }> {
  const parsed = statusChangeSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const to = parsed.data.status;
  // The admin only pauses and reactivates; any other change is a conflict with the subscription's life.
  const action = adminActionTo(to);
  if (!action) throw new Conflict(STATUS_CONFLICT);
  const from: readonly SubscriptionStatus[] = SUBSCRIPTION_ACTIONS[action].from;
  const [current] = await ctx.db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id));
  if (!current) throw new NotFound("Suscripción no encontrada");
  if (!from.includes(current.status)) throw new Conflict(STATUS_CONFLICT);

  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (api && current.providerPreapprovalId) {
    try {
      await api.updatePreapproval(
        current.providerPreapprovalId,
        { status: to === "paused" ? "paused" : "authorized" },
        randomUUID(),
      );
    } catch (error) {
      ctx.log?.warn({ err: error, subscriptionId: id }, "mercadopago status change failed");
      throw new BadGateway(PROVIDER_STATUS_FAILED);
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(boxSubscriptions)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(boxSubscriptions.id, id), inArray(boxSubscriptions.status, [...from])))
      .returning({ id: boxSubscriptions.id });
    if (!row) throw new Conflict(STATUS_CONFLICT);
    await tx
      .insert(boxSubscriptionEvents)
      .values({ subscriptionId: id, fromStatus: current.status, toStatus: to, source: "admin" });
    const name = `${current.firstName} ${current.lastName}`;
    await recordAudit(tx as unknown as Db, admin, {
      action: `box-subscription.${action}`,
      entity: "box_subscription",
      entityId: id,
      summary: `${to === "paused" ? "Pausó" : "Reactivó"} la suscripción a la Caja Rizoma de ${name}`,
    });
    return { id, status: to };
  });
}

export interface SubscriptionFilters {
  search?: string | null;
  status?: SubscriptionStatus | null;
}

/** The admin list (spec's admin view), newest first, with plan price and payments count. */
export async function listSubscriptions(db: Db, filters: SubscriptionFilters = {}) {
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(boxSubscriptions.firstName, pattern),
        ilike(boxSubscriptions.lastName, pattern),
        ilike(boxSubscriptions.email, pattern),
        ilike(sql`${boxSubscriptions.firstName} || ' ' || ${boxSubscriptions.lastName}`, pattern),
      ) as SQL,
    );
  }
  if (filters.status) conditions.push(eq(boxSubscriptions.status, filters.status));
  return db
    .select()
    .from(boxSubscriptions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(boxSubscriptions.createdAt), desc(boxSubscriptions.id))
    .limit(1000);
}

/** A subscription as `GET /api/caja/subscriptions` gives it (amounts in pesos). */
export function subscriptionJson(row: BoxSubscription) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    whatsapp: row.whatsapp,
    planType: row.planId,
    status: row.status,
    deliveryMethod: row.deliveryMethod,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    pickupLocation: row.pickupLocation,
    createdAt: row.createdAt.toISOString(),
    nextBoxDate: row.nextBoxDate,
    price: centsToPesos(row.priceCents),
    shippingCost: centsToPesos(row.shippingCents),
  };
}

export interface BoxStats {
  totalSubscriptions: number;
  activeSubscriptions: number;
  pendingSubscriptions: number;
  pausedSubscriptions: number;
  /** Centavos: the monthly equivalent of each active subscription's captured price. */
  monthlyRevenueCents: number;
}

export async function boxStats(db: Db): Promise<BoxStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${boxSubscriptions.status} = 'active')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${boxSubscriptions.status} = 'pending')`.mapWith(Number),
      paused: sql<number>`count(*) filter (where ${boxSubscriptions.status} = 'paused')`.mapWith(Number),
      revenue:
        sql<number>`coalesce(round(sum(${boxSubscriptions.priceCents}::numeric / ${boxSubscriptions.frequencyMonths}) filter (where ${boxSubscriptions.status} = 'active')), 0)`.mapWith(
          Number,
        ),
    })
    .from(boxSubscriptions);
  return {
    totalSubscriptions: row?.total ?? 0,
    activeSubscriptions: row?.active ?? 0,
    pendingSubscriptions: row?.pending ?? 0,
    pausedSubscriptions: row?.paused ?? 0,
    monthlyRevenueCents: row?.revenue ?? 0,
  };
}

export const bulkEmailSchema = z
  .object({
    subject: z
      .string({ error: "Completá el asunto" })
      .trim()
      .min(1, "Completá el asunto")
      .max(200, "El asunto es demasiado largo"),
    content: z
      .string({ error: "Completá el contenido" })
      .trim()
      .min(1, "Completá el contenido")
      .max(20_000, "El contenido es demasiado largo"),
  })
  .strict();

/**
 * One e-mail per active subscriber, queued in the outbox in one transaction with the audit entry: the
 * mail worker paces the sending, and a crash mid-way resends nothing twice (each row is sent once).
 */
export async function sendBulkEmail(
  ctx: BoxContext,
  admin: AdminIdentity,
  raw: unknown,
): Promise<{ queued: number; campaign: string }> {
  const parsed = bulkEmailSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const { subject, content } = parsed.data;
  return ctx.db.transaction(async (tx) => {
    // One message per address (someone with two boxes gets one), with the link to their own page.
    const recipients = await tx
      .selectDistinctOn([boxSubscriptions.email], { email: boxSubscriptions.email, id: boxSubscriptions.id })
      .from(boxSubscriptions)
      .where(eq(boxSubscriptions.status, "active"))
      .orderBy(boxSubscriptions.email, boxSubscriptions.id);
    const campaign = randomUUID();
    for (const { email, id } of recipients) {
      const mail = bulkMessage({
        siteUrl: ctx.siteUrl,
        subject,
        content,
        campaign,
        // Through the transaction: on the embedded database a query outside it would wait for it forever.
        manageUrl: await manageUrl({ ...ctx, db: tx as unknown as Db }, id),
      });
      await enqueueMail(tx as unknown as Db, { to: email, mail, siteUrl: ctx.siteUrl });
    }
    await recordAudit(tx as unknown as Db, admin, {
      action: "box-subscription.bulk-email",
      entity: "box_subscription",
      summary: `Envió «${subject}» a ${recipients.length} suscriptores de la Caja Rizoma`,
      details: { recipients: recipients.length, campaign },
    });
    return { queued: recipients.length, campaign };
  });
}

/** The status of the subscription a preapproval belongs to (the return page shows only this). */
export async function statusForPreapproval(db: Db, preapprovalId: string | null): Promise<SubscriptionStatus | null> {
  if (!preapprovalId || !/^[\w-]{1,64}$/.test(preapprovalId)) return null;
  const [row] = await db
    .select({ status: boxSubscriptions.status })
    .from(boxSubscriptions)
    .where(eq(boxSubscriptions.providerPreapprovalId, preapprovalId));
  return row?.status ?? null;
}
