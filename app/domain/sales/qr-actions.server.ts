import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { BadGateway, Conflict, GatewayTimeout, Unavailable } from "~/domain/errors";
import { MercadoPagoError, mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import type { Db } from "~db/index";
import { cancelPendingSale } from "./cancel.server";
import { QR_MESSAGES, type QrContext } from "./qr.server";
import { settlePaymentWithoutSale, settleQrOrder, syncQrOrder } from "./qr-settle.server";
import { type RecordedSale, type Sale, saleByNumber } from "./record.server";

/**
 * What the seller's phone does with a QR sale while it waits: reads it (GET /api/admin/ventas/:number, which
 * also asks Mercado Pago now and then, in case a notification is late or lost) and cancels it
 * (POST /api/admin/ventas/:number/cancelar). docs/decisions/0051.
 */

export const CANCEL_MESSAGES = {
  notQr: "Solo una venta con QR de Mercado Pago espera el pago: las otras ya están cobradas",
  alreadyPaid: "El comprador ya pagó el QR: la venta quedó pagada y no se cancela desde acá",
  failed:
    "No pudimos cancelar el QR en Mercado Pago: probá de nuevo en unos segundos. Mientras tanto la venta sigue esperando el pago.",
} as const;

/** How often one process asks Mercado Pago about one waiting sale when the page polls it. */
export const QR_POLL_MS = 10_000;
const lastAsked = new Map<number, number>();

/**
 * A waiting QR sale as the page polls it: at most every QR_POLL_MS per sale and process, Mercado Pago is
 * asked for the order (the notification is the normal path; this covers one that is late, lost, or never
 * configured). Mercado Pago failing here changes nothing: the sale is answered as it is.
 */
export async function refreshQrSale(ctx: QrContext, sale: Sale, now = Date.now()): Promise<boolean> {
  if (sale.status !== "pending_payment" || !sale.providerOrderId) return false;
  if (now - (lastAsked.get(sale.id) ?? 0) < QR_POLL_MS) return false;
  lastAsked.set(sale.id, now);
  if (lastAsked.size > 1000) {
    for (const [id, at] of lastAsked) if (now - at > QR_POLL_MS) lastAsked.delete(id);
  }
  try {
    return (await syncQrOrder(ctx, sale.providerOrderId)) !== "unchanged";
  } catch (error) {
    ctx.log.warn({ err: error, sale: sale.number }, "could not ask mercadopago about a waiting qr sale");
    return false;
  }
}

const audit = (db: Db, admin: AdminIdentity, sale: Sale, summary: string) =>
  recordAudit(db, admin, { action: "sale.cancel", entity: "sale", entityId: sale.number, summary });

/**
 * The seller gives up on a QR sale (the buyer left, or pays another way): the order is cancelled at Mercado
 * Pago first — only an order still waiting can be, so after this no one can pay it — then the sale is
 * cancelled and its stock returned. If Mercado Pago refuses because the order is no longer waiting, its state
 * decides: paid → the sale is paid (409, say so); expired → cancelled. Paid with an amount that is not the
 * sale's → the sale is cancelled and the payment refunded (docs/decisions/0051). Mercado Pago unreachable →
 * 502/504 and the sale keeps waiting. Cancelling a cancelled sale answers it again.
 */
export async function cancelQrSale(ctx: QrContext, admin: AdminIdentity, number: string): Promise<RecordedSale> {
  const { sale } = await saleByNumber(ctx.db, number.toUpperCase());
  if (sale.paymentMethod !== "mercadopago_qr") throw new Conflict(CANCEL_MESSAGES.notQr);
  if (sale.status === "cancelled") return saleByNumber(ctx.db, sale.number);
  if (sale.status === "paid") throw new Conflict(CANCEL_MESSAGES.alreadyPaid, { number: sale.number });

  const orderId = sale.providerOrderId;
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (orderId) {
    if (!api) throw new Unavailable(QR_MESSAGES.unavailable);
    try {
      await api.cancelQrOrder(orderId, `cancel-${orderId}`);
    } catch (error) {
      if (!(error instanceof MercadoPagoError)) throw error;
      const refused = error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 404;
      if (!refused && error.status !== 404) {
        ctx.log.warn({ err: error, sale: sale.number }, "mercadopago did not cancel a qr order");
        throw error.timedOut ? new GatewayTimeout(CANCEL_MESSAGES.failed) : new BadGateway(CANCEL_MESSAGES.failed);
      }
      if (refused) {
        const order = await api.getQrOrder(orderId).catch((failure: unknown) => {
          ctx.log.warn({ err: failure, sale: sale.number }, "mercadopago did not answer for a qr order");
          throw new BadGateway(CANCEL_MESSAGES.failed);
        });
        await settleQrOrder(ctx, api, order);
        const after = await saleByNumber(ctx.db, sale.number);
        if (after.sale.status === "paid") throw new Conflict(CANCEL_MESSAGES.alreadyPaid, { number: sale.number });
        if (after.sale.status === "cancelled") return after;
        if (order.status !== "processed") throw new BadGateway(CANCEL_MESSAGES.failed);
        // Paid, but not what the sale asks (flagged): the sale ends here and the money goes back.
        const cancelled = await cancelPendingSale(ctx.db, sale.id, {
          adminId: admin.id,
          within: (tx) =>
            audit(
              tx,
              admin,
              sale,
              `Canceló la venta ${sale.number}: el pago con QR no coincidía con el total y se devuelve`,
            ),
        });
        await settlePaymentWithoutSale(ctx, api, cancelled ?? after.sale, order).catch((failure: unknown) => {
          ctx.log.warn({ err: failure, sale: sale.number }, "refund after cancelling a mismatched qr sale failed");
        });
        return saleByNumber(ctx.db, sale.number);
      }
      // 404: Mercado Pago does not know the order (nobody can pay it): the sale is cancelled here.
    }
  }
  const cancelled = await cancelPendingSale(ctx.db, sale.id, {
    adminId: admin.id,
    within: (tx) => audit(tx, admin, sale, `Canceló la venta ${sale.number} (QR de Mercado Pago sin pagar)`),
  });
  const after = await saleByNumber(ctx.db, sale.number);
  if (!cancelled && after.sale.status === "paid") {
    throw new Conflict(CANCEL_MESSAGES.alreadyPaid, { number: sale.number });
  }
  return after;
}
