import { data, Link } from "react-router";
import { SaveDetailsBox } from "~/components/account/save-details-box";
import {
  ORDER_STATUS_TEXT,
  OrderDetails,
  OrderPaymentDue,
  OrderWithdrawalNote,
  transferOrderOf,
} from "~/components/checkout/order-details";
import { OrderTransferDialog } from "~/components/checkout/order-transfer-dialog";
import { OrderVouchers } from "~/components/invoices/order-vouchers";
import { ShipmentTimeline } from "~/components/shipping/shipment-timeline";
import { DomainError } from "~/domain/errors";
import { orderVouchers } from "~/domain/invoices/buyer.server";
import { orderPage, signedOrderWithItems } from "~/domain/orders/queries.server";
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
    // One read of the order (its signed link checked once) serves the page, its invoices and the account box.
    const found = await signedOrderWithItems(ctx, params.number, token);
    const [page, invoicing] = await Promise.all([orderPage(ctx.db, found), orderVouchers(ctx, found.order)]);
    const { email } = found.order;
    return {
      ...page,
      invoicing,
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

export default function Pedido({ loaderData }: Route.ComponentProps) {
  const { order, bank, contact, justPlaced, mercadoPagoStatus, invoicing, account, shipment } = loaderData;
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
      <p className="mt-2 text-ink/85">{ORDER_STATUS_TEXT[order.status]}</p>

      {bank && justPlaced ? <OrderTransferDialog bank={bank} order={transferOrderOf(order)} /> : null}
      <OrderPaymentDue order={order} bank={bank} contact={contact} mercadoPagoStatus={mercadoPagoStatus} />
      <ShipmentTimeline shipment={shipment} />
      <OrderDetails order={order} />
      <OrderVouchers {...invoicing} />
      {account ? <SaveDetailsBox {...account} /> : null}
      <OrderWithdrawalNote order={order} />
      <p className="mt-8">
        <Link to="/tienda" className="font-semibold text-moss underline">
          Seguir comprando
        </Link>
      </p>
    </main>
  );
}
