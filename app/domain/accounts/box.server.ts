import { and, desc, eq } from "drizzle-orm";
import { changeSubscriptionDelivery } from "~/domain/box/delivery-change.server";
import { changeSubscription, type SubscriptionView, subscriptionView } from "~/domain/box/self-service.server";
import type { BoxContext } from "~/domain/box/subscriptions.server";
import { NotFound } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import type { Db } from "~db/index";
import { boxSubscriptions } from "~db/schema";

/**
 * The Caja Rizoma in Mi cuenta: every subscription made with the reader's email, and the subscriber's own
 * changes on them through the same functions as the signed page (self-service.server.ts): the email
 * signed in proves the subscription is theirs as the signed link does. Another person's id is a 404.
 */
export const NO_SUCH_SUBSCRIPTION = "No encontramos esa suscripción en tu cuenta";

/** How many payments each subscription shows (the newest). */
export const RECENT_PAYMENTS = 6;

export async function customerSubscriptions(db: Db, email: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ id: boxSubscriptions.id })
    .from(boxSubscriptions)
    .where(eq(boxSubscriptions.email, email))
    .orderBy(desc(boxSubscriptions.createdAt), desc(boxSubscriptions.id));
  const views = await Promise.all(rows.map((row) => subscriptionView(db, row.id)));
  return views
    .filter((view): view is SubscriptionView => view !== null)
    .map((view) => ({ ...view, payments: view.payments.slice(0, RECENT_PAYMENTS) }));
}

/** `id` when it is a subscription of `email`; NotFound otherwise (unknown and another's alike). */
async function ownSubscriptionId(db: Db, email: string, id: number): Promise<number> {
  const [row] = await db
    .select({ id: boxSubscriptions.id })
    .from(boxSubscriptions)
    .where(and(eq(boxSubscriptions.id, id), eq(boxSubscriptions.email, email)));
  if (!row) throw new NotFound(NO_SUCH_SUBSCRIPTION);
  return row.id;
}

/** Pause, reactivate or cancel (Mercado Pago told first), as the subscriber's signed page does. */
export async function changeCustomerSubscription(
  ctx: BoxContext & Partial<Pick<RequestContext, "shopEmail">>,
  email: string,
  id: number,
  intent: string,
): Promise<string> {
  return changeSubscription(ctx, await ownSubscriptionId(ctx.db, email, id), intent);
}

/** Another address or pickup point for the reader's subscription (delivery-change.server.ts). */
export async function changeCustomerSubscriptionDelivery(
  ctx: Pick<RequestContext, "db" | "siteUrl"> & Partial<Pick<RequestContext, "shopEmail">>,
  email: string,
  id: number,
  raw: unknown,
): Promise<string> {
  return changeSubscriptionDelivery(ctx, await ownSubscriptionId(ctx.db, email, id), raw);
}
