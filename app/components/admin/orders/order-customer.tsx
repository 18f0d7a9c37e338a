import { provinceName } from "~/domain/orders/delivery";
import { PAYMENT_LABELS } from "~/domain/orders/status";
import { dayMonthTime } from "~/lib/dates";
import type { AdminOrderView } from "./order-view";

/** Who bought, how it reaches them and how they pay; the optional rows only when they apply. */
export function OrderCustomer({ order }: { order: AdminOrderView }) {
  return (
    <section aria-labelledby="cliente" className="rounded-lg bg-white p-5">
      <h2 id="cliente" className="font-serif text-xl">
        Cliente y entrega
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Nombre</dt>
        <dd>
          {order.firstName} {order.lastName}
        </dd>
        <dt className="font-semibold">Email</dt>
        <dd>
          <a href={`mailto:${order.email}`} className="text-moss underline">
            {order.email}
          </a>
        </dd>
        <dt className="font-semibold">Teléfono</dt>
        <dd>{order.phone}</dd>
        <dt className="font-semibold">Entrega</dt>
        <dd>{order.delivery}</dd>
        {order.province ? (
          <>
            <dt className="font-semibold">Provincia</dt>
            <dd>{provinceName(order.province)}</dd>
          </>
        ) : null}
        {order.trackingCode ? (
          <>
            <dt className="font-semibold">Seguimiento</dt>
            <dd>{order.trackingCode}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Pago</dt>
        <dd>
          {PAYMENT_LABELS[order.paymentMethod]}
          {order.providerPaymentId ? ` (pago ${order.providerPaymentId})` : ""}
        </dd>
        <dt className="font-semibold">Fecha</dt>
        <dd>{dayMonthTime(order.createdAt)}</dd>
        {order.expiresAt && order.status === "pending_payment" ? (
          <>
            <dt className="font-semibold">Vence</dt>
            <dd>{dayMonthTime(order.expiresAt)}</dd>
          </>
        ) : null}
        {order.cancelReason ? (
          <>
            <dt className="font-semibold">Motivo</dt>
            <dd>{order.cancelReason}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
