import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql, sum } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { getSettings } from "~/domain/settings/settings.server";
import { orderShipment } from "~/domain/shipping/timeline.server";
import { netOf, storedOrderNet } from "~/domain/taxes/net-prices";
import { centsToPesos, lineCents } from "~/lib/money";
import type { Db } from "~db/index";
import { orderEvents, orderItems, orders, withdrawals } from "~db/schema";
import { transferPercentOf } from "./pricing";
import {
  deliveryLabel,
  type Order,
  type OrderContext,
  type OrderItem,
  type OrderStatus,
  orderSigner,
  orderWithItems,
  PAYMENT_LABELS,
  STATUS_LABELS,
} from "./shared.server";

export { isOrderStatus, ORDER_STATUSES } from "./status";

/** The order as its JSON answers give it: amounts in pesos (DESIGN §7). */
export function orderJson(order: Order, items: OrderItem[]) {
  return {
    number: order.number,
    status: order.status,
    statusLabel: STATUS_LABELS[order.status],
    paymentMethod: order.paymentMethod,
    paymentLabel: PAYMENT_LABELS[order.paymentMethod],
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    customer: { firstName: order.firstName, lastName: order.lastName },
    delivery: {
      method: order.deliveryMethod,
      speed: order.shippingSpeed,
      label: deliveryLabel(order),
      trackingCode: order.trackingCode,
    },
    items: items.map((item) => ({
      id: item.bookId,
      title: item.title,
      author: item.author,
      quantity: item.quantity,
      unitPrice: centsToPesos(item.unitPriceCents),
      /** The line's list amount (unitPrice × quantity) without national taxes, at the rate it was sold at. */
      net: centsToPesos(netOf(lineCents(item.unitPriceCents, item.quantity), item.taxRate)),
      isPreorder: item.isPreorder,
    })),
    discountCode: order.discountCode,
    subtotal: centsToPesos(order.subtotalCents),
    codeDiscount: centsToPesos(order.codeDiscountCents),
    transferDiscount: centsToPesos(order.transferDiscountCents),
    /** The percent the transfer discount was when the order was placed (null: none). */
    transferDiscountPercent: transferPercentOf(order),
    discount: centsToPesos(order.codeDiscountCents + order.transferDiscountCents),
    shipping: centsToPesos(order.shippingCents),
    total: centsToPesos(order.totalCents),
    /** The total without national taxes: the lines' stored nets plus the shipping's (docs/decisions/0025). */
    totalNet: centsToPesos(
      storedOrderNet(
        items.map((item) => ({
          grossCents: lineCents(item.unitPriceCents, item.quantity),
          rate: item.taxRate,
          netCents: item.netCents,
        })),
        order.shippingCents,
      ),
    ),
    paymentUrl: order.status === "pending_payment" ? order.paymentUrl : null,
    /** The terms the buyer accepted (null for orders placed before versions were kept). */
    terms: order.termsVersion ? { version: order.termsVersion, hash: order.termsHash } : null,
  };
}

export type OrderJson = ReturnType<typeof orderJson>;

/**
 * The buyer's own order (the order page and GET /api/orders/{number}?token=): a wrong or missing token is
 * the same 404 as an unknown number, so numbers cannot be probed. The bank details come along while a
 * transfer is still unpaid.
 */
export async function buyerOrder(
  ctx: Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">,
  number: string,
  token: string | null,
) {
  return orderPage(ctx.db, await signedOrderWithItems(ctx, number, token));
}

/** The order behind a buyer's signed link, with its lines (stored rows); the 404 every refusal shares. */
export async function signedOrderWithItems(
  ctx: Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">,
  number: string,
  token: string | null,
) {
  const normalised = number.toUpperCase();
  if (!/^RZ-\d{6,}$/.test(normalised) || !(await orderSigner(ctx)).valid(normalised, token)) {
    throw new NotFound("Pedido no encontrado");
  }
  const [row] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.number, normalised));
  const found = row ? await orderWithItems(ctx.db, row.id) : null;
  if (!found) throw new NotFound("Pedido no encontrado");
  return found;
}

/**
 * What an order page shows once the reader has shown the order is theirs (its signed link, or Mi cuenta
 * signed in with its email): the order, and the bank details while a transfer is still unpaid.
 */
export async function orderPage(db: Db, found: { order: Order; items: OrderItem[] }) {
  const [settings, shipment] = await Promise.all([getSettings(db), orderShipment(db, found.order.id)]);
  const awaitingTransfer = found.order.status === "pending_payment" && found.order.paymentMethod === "transfer";
  return {
    order: orderJson(found.order, found.items),
    bank: awaitingTransfer ? settings.bank : null,
    contact: { whatsapp: settings.contact.whatsapp, email: settings.contact.email },
    // The carrier's parcel and its steps, once it has a tracking number (issue 21).
    shipment,
  };
}

// ---------------------------------------------------------------------------------------------------
// Admin

export interface OrderFilters {
  status?: OrderStatus | null;
  search?: string | null;
  page?: number;
}

export const ADMIN_PAGE_SIZE = 50;

const MAX_PAGE = 10_000;

/** The admin list, newest first: by status, and by number, name or e-mail; with its withdrawal's status. */
export async function listOrders(db: Db, filters: OrderFilters = {}) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  const search = filters.search?.trim().slice(0, 100);
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(orders.number, like),
        ilike(orders.email, like),
        ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, like),
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // Any page number from an address is clamped to a whole number a database offset can hold.
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(filters.page ?? 1) || 1));
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
      // At most one withdrawal per order (UNIQUE order_id): the join adds no rows.
      withdrawalStatus: withdrawals.status,
    })
    .from(orders)
    .leftJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { orders: rows, total: total?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}

/** One order for the admin: everything, with its events. */
export async function adminOrder(db: Db, number: string) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number.toUpperCase()));
  const found = row ? await orderWithItems(db, row.id) : null;
  if (!found) throw new NotFound("Pedido no encontrado");
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, found.order.id))
    .orderBy(orderEvents.at, orderEvents.id);
  return { ...found, events };
}

/** The first instant of the Buenos Aires month that contains `now` (UTC-3, no daylight saving), and the next. */
export function buenosAiresMonth(now = new Date()): { start: Date; end: Date } {
  const local = new Date(now.getTime() - 3 * 3600_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1, 3)),
    end: new Date(Date.UTC(year, month + 1, 1, 3)),
  };
}

/** The dashboard's figures: orders waiting for payment; this month's sales and the discounts they carried. */
export async function orderFigures(db: Db, now = new Date()) {
  const { start, end } = buenosAiresMonth(now);
  const [pending] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "pending_payment"));
  const [month] = await db
    .select({
      n: count(),
      sales: sum(orders.totalCents),
      discount: sum(sql`${orders.codeDiscountCents} + ${orders.transferDiscountCents}`),
    })
    .from(orders)
    .where(
      and(inArray(orders.status, ["paid", "shipped", "delivered"]), gte(orders.paidAt, start), lt(orders.paidAt, end)),
    );
  return {
    pendingPayment: pending?.n ?? 0,
    paidThisMonth: month?.n ?? 0,
    salesThisMonthCents: Number(month?.sales ?? 0),
    discountThisMonthCents: Number(month?.discount ?? 0),
  };
}

/** Line count per order number, for the admin list. */
export async function itemCounts(db: Db, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ number: orders.number, n: sum(orderItems.quantity) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orders.number, numbers))
    .groupBy(orders.number);
  return new Map(rows.map((row) => [row.number, Number(row.n ?? 0)]));
}
