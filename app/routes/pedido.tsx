import { data, Link } from "react-router";
import { SaveDetailsBox } from "~/components/account/save-details-box";
import { OrderTransferDialog } from "~/components/checkout/order-transfer-dialog";
import TransferSteps from "~/components/home/transfer-steps";
import { OrderVouchers } from "~/components/invoices/order-vouchers";
import { orderEmail } from "~/domain/accounts/profile.server";
import { DomainError } from "~/domain/errors";
import { buyerVouchers } from "~/domain/invoices/buyer.server";
import { transferDiscountLabel } from "~/domain/orders/pricing";
import { buyerOrder } from "~/domain/orders/queries.server";
import { WITHDRAWAL_DAYS } from "~/domain/withdrawals/window";
import { longDayMonthTime } from "~/lib/dates";
import { formatMoney, fromPesos, lineCents } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedido";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  seoMeta({ title: `Pedido ${params.number}`, noIndex: true, matches });

/** One buyer's order: never cached, never indexed. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * /pedido/{number}?token= : the buyer's own order page (also Mercado Pago's back_url, which adds
 * `status`). A wrong or missing token is the same 404 as an unknown number.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const ctx = requestContext(context);
    const token = url.searchParams.get("token");
    const found = await buyerOrder(ctx, params.number, token);
    const email = await orderEmail(ctx.db, found.order.number);
    return {
      ...found,
      invoicing: await buyerVouchers(ctx, params.number, token),
      justPlaced: url.searchParams.get("nuevo") === "1",
      mercadoPagoStatus: url.searchParams.get("status") ?? url.searchParams.get("collection_status"),
      // "Guardá tus datos para la próxima", or "Ver mis pedidos" for the reader signed in with this email;
      // nothing for a reader signed in with another one (the sign-in page would send them to their own).
      account:
        email && (!context.customer || context.customer.email === email)
          ? { email, signedIn: context.customer?.email === email }
          : null,
    };
  } catch (error) {
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

const STATUS_TEXT: Record<string, string> = {
  pending_payment: "Estamos esperando tu pago.",
  paid: "Recibimos tu pago: estamos preparando tu pedido.",
  shipped: "Tu pedido está en camino (o listo para retirar).",
  delivered: "Tu pedido fue entregado. ¡Gracias por comprar en Rizoma!",
  cancelled: "Este pedido fue cancelado.",
};

export default function Pedido({ loaderData }: Route.ComponentProps) {
  const { order, bank, contact, justPlaced, mercadoPagoStatus, invoicing, account } = loaderData;
  const pendingMercadoPago = order.status === "pending_payment" && order.paymentMethod === "mercadopago";
  const transferOrder = bank
    ? {
        number: order.number,
        totalLabel: formatMoney(fromPesos(order.total)),
        transferPercent: order.transferDiscountPercent,
      }
    : undefined;
  return (
    <main id="contenido" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <p className="text-sm font-semibold tracking-[0.2em] text-ink/70">TU PEDIDO</p>
      <h1 className="font-serif text-3xl sm:text-4xl">Pedido {order.number}</h1>
      <p className="mt-3">
        <span
          className="inline-block rounded bg-ochre-light/60 px-2 py-1 text-sm font-semibold"
          data-testid="order-status"
        >
          Estado: {order.statusLabel}
        </span>
      </p>
      <p className="mt-2 text-ink/85">{STATUS_TEXT[order.status]}</p>

      {bank && transferOrder ? (
        <>
          {justPlaced ? <OrderTransferDialog bank={bank} order={transferOrder} /> : null}
          <section className="mt-6 rounded-lg bg-white" aria-labelledby="pedido-transferencia">
            <TransferSteps bank={bank} order={transferOrder} titleId="pedido-transferencia" dismissible={false} />
            <p className="px-6 pb-6 text-sm text-ink/85 sm:px-8">
              Mandá el comprobante por WhatsApp al {contact.whatsapp} o por correo a {contact.email}.
              {order.expiresAt ? ` Reservamos tus libros hasta el ${longDayMonthTime(order.expiresAt)}.` : ""}
            </p>
          </section>
        </>
      ) : null}

      {pendingMercadoPago ? (
        <section className="mt-6 space-y-3 rounded-lg bg-white p-6" aria-labelledby="pedido-pago">
          <h2 id="pedido-pago" className="font-serif text-xl">
            Pago con Mercado Pago
          </h2>
          {mercadoPagoStatus === "approved" ? (
            <p role="status">Mercado Pago aprobó tu pago: en unos instantes lo vas a ver confirmado acá.</p>
          ) : mercadoPagoStatus === "rejected" || mercadoPagoStatus === "failure" ? (
            <p role="alert" className="text-terracotta-dark">
              Mercado Pago no aprobó el pago. Podés intentar de nuevo, con otra tarjeta si hace falta.
            </p>
          ) : (
            <p>Todavía no recibimos el pago de este pedido.</p>
          )}
          {order.paymentUrl ? (
            <a
              href={order.paymentUrl}
              className="inline-block rounded-full bg-moss px-6 py-3 font-bold tracking-wider text-white hover:bg-moss-dark"
            >
              Pagar con Mercado Pago
            </a>
          ) : null}
        </section>
      ) : null}

      <section className="mt-6 rounded-lg bg-white p-6" aria-labelledby="pedido-detalle">
        <h2 id="pedido-detalle" className="font-serif text-xl">
          Detalle
        </h2>
        <ul className="mt-3 divide-y divide-ink/10">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-2">
              <span>
                {item.quantity} × {item.title}
                {item.isPreorder ? <span className="ml-2 text-xs font-semibold text-moss-dark">PREVENTA</span> : null}
              </span>
              <span className="tabular-nums">{formatMoney(lineCents(fromPesos(item.unitPrice), item.quantity))}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-ink/10 pt-3 text-sm">
          <Row label="Subtotal" value={formatMoney(fromPesos(order.subtotal))} />
          {order.codeDiscount > 0 ? (
            <Row label={`Código ${order.discountCode}`} value={`− ${formatMoney(fromPesos(order.codeDiscount))}`} />
          ) : null}
          {order.transferDiscount > 0 ? (
            <Row
              label={transferDiscountLabel(order.transferDiscountPercent)}
              value={`− ${formatMoney(fromPesos(order.transferDiscount))}`}
            />
          ) : null}
          <Row label="Envío" value={order.shipping > 0 ? formatMoney(fromPesos(order.shipping)) : "Gratis"} />
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatMoney(fromPesos(order.total))}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-ink/85">
          <span className="font-semibold">Entrega:</span> {order.delivery.label}
          {order.delivery.trackingCode ? ` · Seguimiento: ${order.delivery.trackingCode}` : ""}
        </p>
        <p className="mt-1 text-sm text-ink/85">
          <span className="font-semibold">Pago:</span> {order.paymentLabel}
        </p>
      </section>
      <OrderVouchers {...invoicing} />
      {account ? <SaveDetailsBox {...account} /> : null}
      {order.status !== "cancelled" ? (
        <p className="mt-6 text-sm text-ink/85">
          ¿Cambiaste de idea? Tenés {WITHDRAWAL_DAYS} días corridos desde que recibís el pedido para arrepentirte de la
          compra, sin costo:{" "}
          <Link
            to={`/arrepentimiento?pedido=${encodeURIComponent(order.number)}`}
            className="font-semibold text-moss underline"
          >
            Botón de arrepentimiento
          </Link>
          .
        </p>
      ) : null}
      <p className="mt-8">
        <Link to="/tienda" className="font-semibold text-moss underline">
          Seguir comprando
        </Link>
      </p>
    </main>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
