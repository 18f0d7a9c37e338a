import type { ReactNode } from "react";
import { Link } from "react-router";
import { customerHref } from "~/domain/customers/filters";
import { termsVersionLabel } from "~/domain/legal/terms";
import { provinceName } from "~/domain/orders/delivery";
import { PAYMENT_LABELS } from "~/domain/orders/status";
import { dayMonthTime } from "~/lib/dates";
import { OrderSection } from "./order-section";
import type { AdminOrderView } from "./order-view";

/** Who bought, how it reaches them and how they pay; the optional rows only when they apply. */
export function OrderCustomer({ order }: { order: AdminOrderView }) {
  return (
    <OrderSection id="cliente" title="Cliente y entrega">
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact label="Nombre">
          {order.firstName} {order.lastName}
        </Fact>
        <Fact label="Email">
          <a href={`mailto:${order.email}`} className="text-moss underline">
            {order.email}
          </a>{" "}
          <Link to={customerHref(order.email)} className="text-moss underline">
            Ver cliente
          </Link>
        </Fact>
        <Fact label="Teléfono">{order.phone}</Fact>
        <Fact label="Entrega">{order.delivery}</Fact>
        {order.province ? <Fact label="Provincia">{provinceName(order.province)}</Fact> : null}
        {order.trackingCode ? <Fact label="Seguimiento">{order.trackingCode}</Fact> : null}
        <Fact label="Pago">
          {PAYMENT_LABELS[order.paymentMethod]}
          {order.providerPaymentId ? ` (pago ${order.providerPaymentId})` : ""}
        </Fact>
        {order.invoiceRequest ? (
          <Fact label={order.invoiceRequest.label}>
            <span data-testid="order-invoice-request">{order.invoiceRequest.text}</span>
          </Fact>
        ) : null}
        <Fact label="Fecha">{dayMonthTime(order.createdAt)}</Fact>
        {order.expiresAt && order.status === "pending_payment" ? (
          <Fact label="Vence">{dayMonthTime(order.expiresAt)}</Fact>
        ) : null}
        {order.cancelReason ? <Fact label="Motivo">{order.cancelReason}</Fact> : null}
        <Fact label="Términos">
          {order.termsVersion ? (
            <span data-testid="order-terms">
              Aceptó la{" "}
              <a
                href={`/terminos?version=${encodeURIComponent(order.termsVersion)}`}
                target="_blank"
                rel="noreferrer"
                className="text-moss underline"
              >
                versión {termsVersionLabel(order.termsVersion)}
              </a>
              {order.termsHash ? (
                <span className="text-ink/75" title={order.termsHash}>
                  {" "}
                  (huella <code>{order.termsHash.slice(0, 16)}</code>)
                </span>
              ) : null}
            </span>
          ) : (
            <span className="text-ink/75">Sin registro (pedido anterior a que se guardara la versión)</span>
          )}
        </Fact>
      </dl>
    </OrderSection>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
