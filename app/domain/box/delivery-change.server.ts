import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RequestContext } from "~/domain/request-context";
import { PROVINCE_CODES } from "~/domain/settings/argentina";
import { getSection } from "~/domain/settings/settings.server";
import { formatMoney } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { boxPlans, boxSubscriptions } from "~db/schema";
import { SUBSCRIBE_MESSAGES } from "./form";
import { boxSubscriberChangedShop } from "./mail.server";
import { boxShippingCents } from "./shipping";

/**
 * The subscriber changes where their box goes: another address or a pickup point. The Mercado Pago
 * preapproval keeps its amount, so a change is taken only when the new place costs the same shipping per
 * box as the subscription pays (today's table): a dearer or cheaper place is arranged with the shop, who
 * changes the charge with Mercado Pago. The shop gets a notice in the same transaction (outbox).
 */
export const DELIVERY_MESSAGES = {
  method: "Elegí envío a domicilio o retiro",
  province: "Elegí una provincia de la lista",
  pickup: "Elegí un punto de retiro de la lista",
  cancelled: "Tu suscripción está cancelada: no hay cajas que mandar.",
  done: "Listo: la próxima caja va a la entrega nueva.",
} as const;

const text = (max: number) =>
  z
    .string({ error: "Los datos de entrega no son válidos" })
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .optional()
    .transform((value) => value ?? "");

export const deliveryChangeSchema = z
  .object({
    deliveryMethod: z.enum(["delivery", "pickup"], { error: DELIVERY_MESSAGES.method }),
    address: text(200),
    city: text(100),
    state: text(2).refine(
      (code) => code === "" || (PROVINCE_CODES as readonly string[]).includes(code),
      DELIVERY_MESSAGES.province,
    ),
    zipCode: text(12),
    pickupLocation: text(200),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.deliveryMethod !== "delivery") return;
    if (!input.address) ctx.addIssue({ code: "custom", path: ["address"], message: SUBSCRIBE_MESSAGES.address });
    else if (!input.city) ctx.addIssue({ code: "custom", path: ["city"], message: SUBSCRIBE_MESSAGES.address });
  });
export type DeliveryChange = z.input<typeof deliveryChangeSchema>;

export function shippingDiffers(paysCents: number, newCents: number): string {
  const cost = (cents: number) => (cents === 0 ? "sin cargo" : `${formatMoney(cents)} por caja`);
  return `Con esa entrega el envío es ${cost(newCents)} y tu suscripción paga ${cost(paysCents)}. Escribinos y lo cambiamos juntos, así ajustamos el cobro en Mercado Pago.`;
}

/**
 * Changes subscription `id`'s delivery. The caller has proved the subscription is the reader's (Mi
 * cuenta: its email signed in). A cancelled subscription is refused (409).
 */
export async function changeSubscriptionDelivery(
  ctx: Pick<RequestContext, "db" | "siteUrl"> & Partial<Pick<RequestContext, "shopEmail">>,
  id: number,
  raw: unknown,
): Promise<string> {
  const parsed = deliveryChangeSchema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw new Invalid(zodMessage(parsed.error), typeof field === "string" ? { field } : undefined);
  }
  const input = parsed.data;
  const delivery = input.deliveryMethod === "delivery";
  const [pickup, shipping, contact] = await Promise.all([
    getSection(ctx.db, "pickup"),
    getSection(ctx.db, "shipping"),
    getSection(ctx.db, "contact"),
  ]);
  if (!delivery && input.pickupLocation && !pickup.points.some((point) => point.name === input.pickupLocation))
    throw new Invalid(DELIVERY_MESSAGES.pickup, { field: "pickupLocation" });

  const [current] = await ctx.db
    .select({ sub: boxSubscriptions, planLabel: boxPlans.label })
    .from(boxSubscriptions)
    .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
    .where(eq(boxSubscriptions.id, id));
  if (!current) throw new NotFound("No encontramos esa suscripción");
  if (current.sub.status === "cancelled") throw new Conflict(DELIVERY_MESSAGES.cancelled);
  const newCents = boxShippingCents(shipping.rates, {
    deliveryMethod: input.deliveryMethod,
    state: input.state,
    city: input.city,
  });
  if (newCents !== current.sub.shippingCents) throw new Conflict(shippingDiffers(current.sub.shippingCents, newCents));

  const shopEmail = ctx.shopEmail ?? contact.email;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(boxSubscriptions)
      .set({
        deliveryMethod: input.deliveryMethod,
        address: delivery ? input.address : null,
        city: delivery ? input.city : null,
        state: delivery ? input.state || null : null,
        zipCode: delivery ? input.zipCode || null : null,
        pickupLocation: delivery ? null : input.pickupLocation || null,
        updatedAt: new Date(),
      })
      .where(and(eq(boxSubscriptions.id, id), ne(boxSubscriptions.status, "cancelled")))
      .returning({ id: boxSubscriptions.id });
    // Cancelled meanwhile (the botón de baja, Mercado Pago): nothing to deliver any more.
    if (!row) throw new Conflict(DELIVERY_MESSAGES.cancelled);
    if (shopEmail) {
      const mail = boxSubscriberChangedShop({
        siteUrl: ctx.siteUrl,
        name: `${current.sub.firstName} ${current.sub.lastName}`,
        email: current.sub.email,
        planName: current.planLabel,
        change: "cambió la entrega de",
      });
      await enqueueMail(tx as unknown as Db, { to: shopEmail, mail, siteUrl: ctx.siteUrl });
    }
  });
  return DELIVERY_MESSAGES.done;
}
