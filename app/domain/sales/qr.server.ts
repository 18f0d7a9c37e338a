import { and, eq, isNull } from "drizzle-orm";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { BadGateway, GatewayTimeout, Unavailable } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import {
  MercadoPagoError,
  type MercadoPagoLink,
  mercadoPagoLink,
  type NewQrOrder,
  type QrOrder,
} from "~/integrations/mercadopago/index.server";
import { pesosToCents } from "~/lib/money";
import { sales } from "~db/schema";
import { cancelPendingSale, withoutProviderOrder } from "./cancel.server";
import type { SaleInput } from "./input";
import { type RecordedSale, recordSale, type Sale, type SaleItem, saleByClientId } from "./record.server";

/**
 * Mercado Pago QR sales (issue 35 item 1, docs/decisions/0051): the sale is recorded first ('pending_payment',
 * stock taken, in its own transaction), then Mercado Pago is asked for a dynamic QR — never inside a
 * transaction — and its order id and QR data are stored. When Mercado Pago fails or does not answer, the sale
 * is cancelled and its stock returned; the same clientId again gets the same failure, never the dead sale as
 * a success. Payment, expiry and cancellation are settled in ./qr-settle.server.ts.
 */

export type QrContext = Pick<
  RequestContext,
  "db" | "siteUrl" | "configuredSecret" | "shopEmail" | "log" | "mercadoPago"
>;

/** How long a sale's QR takes payments (Mercado Pago's default for a dynamic QR, sent explicitly). */
export const QR_MINUTES = 15;

export const QR_MESSAGES = {
  unavailable:
    "El cobro con QR de Mercado Pago no está configurado en este sitio: cobrá de otra forma (efectivo, transferencia o tarjeta).",
  failed:
    "No pudimos generar el QR de Mercado Pago: la venta se canceló y los libros volvieron al stock. Probá de nuevo (se carga como una venta nueva) o cobrá de otra forma.",
  timeout:
    "No pudimos generar el QR de Mercado Pago: no respondió a tiempo. La venta se canceló y los libros volvieron al stock. Probá de nuevo (se carga como una venta nueva) o cobrá de otra forma.",
} as const;

/**
 * The error a failed QR sale answers, now and on every replay of its clientId: 502 (504 when Mercado Pago
 * did not answer in time) with `code: "qr_failed"`, so the sale page knows to make a new clientId to retry.
 */
function qrFailed(sale: Sale, timedOut: boolean) {
  const details = { code: "qr_failed", number: sale.number };
  return timedOut ? new GatewayTimeout(QR_MESSAGES.timeout, details) : new BadGateway(QR_MESSAGES.failed, details);
}

/** Pesos with two decimals, as the Orders API takes amounts ("1234.50"). */
export function orderAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * The order of a sale: its total as one payment, its lines as items that add up to it (each line at what it
 * was charged after its discounts; a line whose total does not divide by its quantity goes as one item).
 * The sale number is the external reference: how a notification or the admin finds the sale again.
 */
export function qrOrderFor(sale: Sale, items: readonly SaleItem[], posId: string): NewQrOrder {
  const total = orderAmount(sale.totalCents);
  return {
    type: "qr",
    total_amount: total,
    description: `Venta ${sale.number} en Rizoma`,
    external_reference: sale.number,
    expiration_time: `PT${QR_MINUTES}M`,
    config: { qr: { external_pos_id: posId, mode: "dynamic" } },
    transactions: { payments: [{ amount: total }] },
    items: items
      .filter((item) => item.lineTotalCents > 0)
      .map((item) => {
        const even = item.lineTotalCents % item.quantity === 0;
        const title = even || item.quantity === 1 ? item.title : `${item.title} (×${item.quantity})`;
        return {
          title: title.slice(0, 150),
          unit_price: orderAmount(even ? item.lineTotalCents / item.quantity : item.lineTotalCents),
          quantity: even ? item.quantity : 1,
          unit_measure: "unit" as const,
          external_code: item.isbn ?? String(item.bookId),
        };
      }),
  };
}

/** What makes an order answer usable for this sale: its QR, waiting, for the sale's amount and number. */
function usable(order: QrOrder, sale: Sale): string | null {
  const data = order.type_response?.qr_data;
  if (!order.id || !data) return "sin qr_data";
  if (order.external_reference !== sale.number) return `external_reference ${order.external_reference}`;
  if (pesosToCents(order.total_amount) !== sale.totalCents) return `total ${order.total_amount}`;
  if (order.status !== "created") return `estado ${order.status}`;
  return null;
}

/**
 * POST /api/admin/ventas: records the sale; a QR sale then gets its QR (see the module's comment). A QR sale
 * is refused before anything is written when Mercado Pago is not set up for it.
 */
export async function recordSaleWithPayment(
  ctx: QrContext,
  admin: AdminIdentity,
  input: SaleInput,
): Promise<RecordedSale> {
  if (input.payment !== "mercadopago_qr") return recordSale(ctx, admin, input);
  const link = await mercadoPagoLink(ctx.mercadoPago);
  const replay = await saleByClientId(ctx.db, input.clientId);
  if (!replay && (!link.api || !link.qrPosId)) throw new Unavailable(QR_MESSAGES.unavailable);
  return attachQr(ctx, link, replay ?? (await recordSale(ctx, admin, input)));
}

/**
 * Gives a recorded QR sale its QR, or answers what it already is. Mercado Pago's order is created with the
 * sale's clientId as X-Idempotency-Key, so a retry, a replay of the request, or two racing requests all get
 * the one order; the conditional writes below decide which request stores it or cancels the sale.
 */
export async function attachQr(ctx: QrContext, link: MercadoPagoLink, recorded: RecordedSale): Promise<RecordedSale> {
  const { sale } = recorded;
  if (sale.paymentMethod !== "mercadopago_qr") return recorded;
  // A sale cancelled before it ever had a QR is a failed one: its replay fails the same way.
  if (sale.status === "cancelled" && sale.providerOrderId === null) throw qrFailed(sale, false);
  if (sale.status !== "pending_payment" || sale.providerOrderId !== null) return recorded;

  const { api, qrPosId } = link;
  if (!api || !qrPosId) {
    // A replay after Mercado Pago was switched off: the sale cannot get its QR any more.
    await cancelPendingSale(ctx.db, sale.id, { adminId: sale.sellerId, onlyIf: withoutProviderOrder });
    throw new Unavailable(QR_MESSAGES.unavailable);
  }
  const asked = Date.now();
  let order: QrOrder;
  try {
    order = await api.createQrOrder(qrOrderFor(sale, recorded.items, qrPosId), sale.clientId);
    const problem = usable(order, sale);
    if (problem) {
      await api.cancelQrOrder(order.id, `cancel-${order.id}`).catch(() => undefined);
      throw new MercadoPagoError(`Mercado Pago respondió un QR que no sirve para la venta (${problem})`, null);
    }
  } catch (error) {
    ctx.log.warn({ err: error, sale: sale.number }, "mercadopago qr order not created: the sale is cancelled");
    const cancelled = await cancelPendingSale(ctx.db, sale.id, {
      adminId: sale.sellerId,
      onlyIf: withoutProviderOrder,
    });
    if (!cancelled) {
      // A twin request (same clientId) stored the QR meanwhile: that is the answer.
      const now = await saleByClientId(ctx.db, sale.clientId);
      if (now && now.sale.providerOrderId !== null && now.sale.status !== "cancelled") {
        return { ...now, created: recorded.created };
      }
    }
    throw qrFailed(sale, error instanceof MercadoPagoError && error.timedOut);
  }

  // Counted from when it was asked for (or from MP's own creation, for an order made earlier with this key).
  const created = Date.parse(order.created_date ?? "");
  const expiresAt = new Date(Math.min(asked, Number.isFinite(created) ? created : asked) + QR_MINUTES * 60_000);
  const [stored] = await ctx.db
    .update(sales)
    .set({
      providerOrderId: order.id,
      qrData: order.type_response?.qr_data ?? null,
      qrExpiresAt: expiresAt,
      updatedAt: new Date(),
    })
    .where(and(eq(sales.id, sale.id), eq(sales.status, "pending_payment"), isNull(sales.providerOrderId)))
    .returning();
  if (stored) return { ...recorded, sale: stored };
  const now = await saleByClientId(ctx.db, sale.clientId);
  if (now && now.sale.providerOrderId === order.id) return { ...now, created: recorded.created };
  // A twin request gave up on this sale (cancelled it) while this one got the QR: the QR must not take money.
  await api.cancelQrOrder(order.id, `cancel-${order.id}`).catch((error: unknown) => {
    ctx.log.warn({ err: error, order: order.id }, "mercadopago qr order of a cancelled sale not cancelled");
  });
  throw qrFailed(sale, false);
}
