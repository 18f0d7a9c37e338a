import { eq } from "drizzle-orm";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import type { RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { netOf, storedOrderNet } from "~/domain/taxes/net-prices";
import { lineCents } from "~/lib/money";
import type { Db } from "~db/index";
import { orderItems, orders } from "~db/schema";
import { carrierDeliveryLabel, provinceName } from "./delivery";
import type { OrderSummary } from "./mail.server";
import { transferPercentOf } from "./pricing";

/**
 * What the order functions need from a request. The server's expiry job has no Mercado Pago, shop
 * address or visitor: without Mercado Pago no payment is made or read, the shop address falls back to
 * the settings' contact e-mail, and nothing is logged without a log.
 */
export type OrderContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "clientIp"> &
  Partial<Pick<RequestContext, "mercadoPago" | "shopEmail" | "log" | "carriers">>;

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type { OrderStatus } from "./status";

export { PAYMENT_LABELS, STATUS_LABELS } from "./status";

const TOKEN_PURPOSE = "order";

/**
 * Signs buyer links: an HMAC bound to the order number (no enumeration without it). The key is read
 * once, before any transaction (on PGlite a second query outside the transaction would wait for it).
 */
export async function orderSigner(ctx: Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">) {
  const secret = await signingSecret(ctx.db, ctx.configuredSecret);
  const token = (number: string) => sign(secret, TOKEN_PURPOSE, number).slice(number.length + 1);
  return {
    token,
    url: (number: string) => `${ctx.siteUrl}/pedido/${encodeURIComponent(number)}?token=${token(number)}`,
    valid: (number: string, given: string | null | undefined) =>
      !!given && given.length <= 64 && verify(secret, TOKEN_PURPOSE, `${number}.${given}`) === number,
  };
}

/** How the order is delivered, in words (e-mails, order pages). */
export function deliveryLabel(order: Order): string {
  if (order.deliveryMethod === "pickup") return `Retiro en ${order.pickupPoint ?? "la librería"}`;
  if (order.deliveryMethod === "caba") return `Envío en CABA a ${order.address}, ${order.city}`;
  if (order.carrierChoice) return carrierDeliveryLabel(order.carrierChoice, order);
  const speed = order.shippingSpeed === "fast" ? "rápido" : "estándar";
  return `Envío ${speed} a ${order.address}, ${order.city}, ${provinceName(order.province)} (${order.zipCode})`;
}

export function orderSummary(order: Order, items: OrderItem[]): OrderSummary {
  return {
    orderNumber: order.number,
    customerName: `${order.firstName} ${order.lastName}`,
    items: items.map((item) => ({
      title: item.title,
      quantity: item.quantity,
      unitCents: item.unitPriceCents,
      netCents: netOf(lineCents(item.unitPriceCents, item.quantity), item.taxRate),
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.codeDiscountCents + order.transferDiscountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    totalNetCents: storedOrderNet(
      items.map((item) => ({
        grossCents: lineCents(item.unitPriceCents, item.quantity),
        rate: item.taxRate,
        netCents: item.netCents,
      })),
      order.shippingCents,
    ),
    deliveryLabel: deliveryLabel(order),
    transferPercent: transferPercentOf(order),
    termsVersion: order.termsVersion,
  };
}

export async function orderWithItems(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  return { order, items };
}

/**
 * Called after every committed change of stock by an order (placed, cancelled, expired): cached public
 * pages show availability, so every instance refreshes them. A stock change is one a visitor may see a
 * moment late (the order itself checks stock in its transaction), so the pages are refreshed in the
 * background rather than dropped (`stock.` reasons, see isStockOnlyChange).
 */
export function afterStockChange(db: Db, reason: string): Promise<void> {
  return publicPagesChanged(db, `stock.${reason}`);
}
