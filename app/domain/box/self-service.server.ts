import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { BadGateway, Conflict, Invalid, NotFound } from "~/domain/errors";
import { shopCalendar } from "~/domain/holidays/calendar.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { getSection } from "~/domain/settings/settings.server";
import { withdrawalDeadline } from "~/domain/withdrawals/window";
import { mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import type { PreapprovalStatus } from "~/integrations/mercadopago/types";
import { todayInBuenosAires } from "~/lib/dates";
import { ownEntry, parseId } from "~/lib/params";
import type { Db } from "~db/index";
import { boxPayments, boxPlans, boxSubscriptionEvents, boxSubscriptions } from "~db/schema";
import { boxSubscriberChangedShop } from "./mail.server";
import { boxNumberOf } from "./number";
import type { SubscriptionStatus } from "./plans";
import { SUBSCRIPTION_ACTIONS, type SubscriptionAction } from "./subscription-actions";
import type { BoxContext } from "./subscriptions.server";
import { boxWithdrawalOf } from "./withdrawal.server";

/**
 * The subscriber's own page (/caja-rizoma/mi-suscripcion), reached only through the signed link every
 * box e-mail carries: plan, status, next box and payments; pause, reactivate or cancel on their own
 * ('Cancelación libre, sin permanencia mínima'), sent to Mercado Pago too, with a notice to the shop.
 */
const PURPOSE = "box-subscription";
export const BAD_LINK = "Este enlace no es válido. Usá el enlace del último correo de la Caja Rizoma o escribinos.";

export async function manageUrl(ctx: Pick<BoxContext, "db" | "siteUrl" | "configuredSecret">, id: number) {
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  return `${ctx.siteUrl}/caja-rizoma/mi-suscripcion?token=${encodeURIComponent(sign(secret, PURPOSE, String(id)))}`;
}

async function idFromToken(ctx: Pick<BoxContext, "db" | "configuredSecret">, token: string | null): Promise<number> {
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  const id = parseId(token ? verify(secret, PURPOSE, token) : null);
  if (id === null) throw new Invalid(BAD_LINK);
  return id;
}

export async function ownSubscription(ctx: Pick<BoxContext, "db" | "configuredSecret">, token: string | null) {
  const view = await subscriptionView(ctx.db, await idFromToken(ctx, token));
  if (!view) throw new NotFound(BAD_LINK);
  return view;
}

/**
 * What the subscriber sees of subscription `id` (null: none), for the signed page and Mi cuenta; the
 * caller has already proved the subscription is the reader's (a signed link, or its email signed in).
 */
export async function subscriptionView(db: Db, id: number) {
  const [row] = await db
    .select({ sub: boxSubscriptions, planLabel: boxPlans.label })
    .from(boxSubscriptions)
    .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
    .where(eq(boxSubscriptions.id, id));
  if (!row) return null;
  const payments = await db
    .select({ amountCents: boxPayments.amountCents, paidAt: boxPayments.paidAt, boxDate: boxPayments.boxDate })
    .from(boxPayments)
    .where(eq(boxPayments.subscriptionId, id))
    .orderBy(desc(boxPayments.paidAt));
  const { sub } = row;
  return {
    id: sub.id,
    firstName: sub.firstName,
    planLabel: row.planLabel,
    priceCents: sub.priceCents,
    shippingCents: sub.shippingCents,
    frequencyMonths: sub.frequencyMonths,
    status: sub.status,
    nextBoxDate: sub.nextBoxDate,
    delivery: {
      method: sub.deliveryMethod,
      address: sub.address,
      city: sub.city,
      state: sub.state,
      zipCode: sub.zipCode,
      pickupLocation: sub.pickupLocation,
    },
    payments: payments.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    number: boxNumberOf(sub.id),
    withdrawal: await withdrawalView(db, sub.id, sub.createdAt),
  };
}

/**
 * The subscription's botón de arrepentimiento (decision 0047): its withdrawal when it has one, else the
 * last day it may still be withdrawn (null once past it).
 */
async function withdrawalView(db: Db, id: number, createdAt: Date) {
  const done = await boxWithdrawalOf(db, id);
  if (done) return { done, until: null };
  const deadline = withdrawalDeadline(todayInBuenosAires(createdAt), await shopCalendar(db));
  return { done: null, until: todayInBuenosAires() <= deadline ? deadline : null };
}

export type SubscriptionView = NonNullable<Awaited<ReturnType<typeof subscriptionView>>>;

/**
 * The subscriber's actions: their statuses from SUBSCRIPTION_ACTIONS, plus what Mercado Pago is told, the
 * verb of the shop's notice and the answer the subscriber reads.
 */
export const SELF_SERVICE_INTENTS = {
  pause: { ...SUBSCRIPTION_ACTIONS.pause, provider: "paused", verb: "pausó", done: "Tu suscripción quedó pausada." },
  reactivate: {
    ...SUBSCRIPTION_ACTIONS.reactivate,
    provider: "authorized",
    verb: "reactivó",
    done: "Tu suscripción está activa otra vez.",
  },
  cancel: {
    ...SUBSCRIPTION_ACTIONS.cancel,
    provider: "cancelled",
    verb: "canceló",
    done: "Tu suscripción quedó cancelada. No se te va a cobrar más.",
  },
} as const satisfies Record<
  SubscriptionAction,
  {
    from: readonly SubscriptionStatus[];
    to: SubscriptionStatus;
    provider: PreapprovalStatus;
    verb: "pausó" | "canceló" | "reactivó";
    done: string;
  }
>;
export type SelfServiceIntent = keyof typeof SELF_SERVICE_INTENTS;

export const SELF_SERVICE_CONFLICT = "Tu suscripción ya no está en un estado que permita ese cambio.";
export const SELF_SERVICE_PROVIDER_FAILED =
  "No pudimos avisarle a Mercado Pago. Probá de nuevo en unos minutos o escribinos.";

/**
 * Tells Mercado Pago a subscription's new status (`PUT /preapproval/{id}`): the one path of the
 * subscriber's changes, this page's and the botón de baja's. True when Mercado Pago took it; false when
 * there was nothing to tell it now (no preapproval, or no Mercado Pago link at the moment). A failure is a
 * BadGateway with SELF_SERVICE_PROVIDER_FAILED (and a log line); the caller decides what it means.
 */
export async function tellMercadoPago(
  ctx: Pick<BoxContext, "mercadoPago" | "log">,
  subscriptionId: number,
  preapprovalId: string | null,
  status: PreapprovalStatus,
): Promise<boolean> {
  if (!preapprovalId) return false;
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) return false;
  try {
    await api.updatePreapproval(preapprovalId, { status }, randomUUID());
    return true;
  } catch (error) {
    ctx.log?.warn({ err: error, subscriptionId, status }, "mercadopago self-service change failed");
    throw new BadGateway(SELF_SERVICE_PROVIDER_FAILED);
  }
}

/** The signed page's change: the token names the subscription (changeSubscription does the rest). */
export async function changeOwnSubscription(
  ctx: BoxContext & Partial<Pick<RequestContext, "shopEmail">>,
  token: string | null,
  intent: string,
): Promise<string> {
  return changeSubscription(ctx, await idFromToken(ctx, token), intent);
}

/**
 * The subscriber's change of subscription `id` once the caller proved it is theirs (the signed link
 * above, or Mi cuenta's signed-in email): the one path of pause, reactivate and cancel by the subscriber.
 * Mercado Pago first (so charges really stop), then our row, its history and the shop's notice, together.
 */
export async function changeSubscription(
  ctx: BoxContext & Partial<Pick<RequestContext, "shopEmail">>,
  id: number,
  intent: string,
): Promise<string> {
  // An own property only: "constructor" or "toString" are no intent.
  const rule = ownEntry(SELF_SERVICE_INTENTS, intent) ?? null;
  if (!rule) throw new Invalid("Elegí pausar, reactivar o cancelar");
  const [current] = await ctx.db
    .select({ sub: boxSubscriptions, planLabel: boxPlans.label })
    .from(boxSubscriptions)
    .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
    .where(eq(boxSubscriptions.id, id));
  if (!current) throw new NotFound(BAD_LINK);
  const from = rule.from as readonly SubscriptionStatus[];
  if (!from.includes(current.sub.status)) throw new Conflict(SELF_SERVICE_CONFLICT);

  const told = await tellMercadoPago(ctx, id, current.sub.providerPreapprovalId, rule.provider);
  const shopEmail = ctx.shopEmail ?? (await getSection(ctx.db, "contact")).email;
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    // Mercado Pago already stopped the charges: nothing for the baja's retry to do (cancellation-retry.server.ts).
    const providerCancelled = told && rule.to === "cancelled" ? { providerCancelledAt: now } : {};
    const [row] = await tx
      .update(boxSubscriptions)
      .set({ status: rule.to, updatedAt: now, ...providerCancelled })
      .where(and(eq(boxSubscriptions.id, id), inArray(boxSubscriptions.status, [...from])))
      .returning({ status: boxSubscriptions.status });
    if (!row) throw new Conflict(SELF_SERVICE_CONFLICT);
    await tx
      .insert(boxSubscriptionEvents)
      .values({ subscriptionId: id, fromStatus: current.sub.status, toStatus: rule.to, source: "subscriber" });
    if (shopEmail) {
      const mail = boxSubscriberChangedShop({
        siteUrl: ctx.siteUrl,
        name: `${current.sub.firstName} ${current.sub.lastName}`,
        email: current.sub.email,
        planName: current.planLabel,
        change: rule.verb,
      });
      await enqueueMail(tx as unknown as Db, { to: shopEmail, mail, siteUrl: ctx.siteUrl });
    }
  });
  return rule.done;
}
