import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import type { BankDetails } from "~/components/home/transfer-modal";
import TransferSteps from "~/components/home/transfer-steps";
import { transferDiscountLabel } from "~/domain/orders/pricing";
import type { OrderJson } from "~/domain/orders/queries.server";
import { WITHDRAWAL_DAYS } from "~/domain/withdrawals/window";
import { longDayMonthTime } from "~/lib/dates";
import { formatMoney, fromPesos, lineCents } from "~/lib/money";

/*
 * The parts of an order page its owner sees wherever they open it: the buyer's signed page
 * (/pedido/{number}?token=) and Mi cuenta's detail (/cuenta/pedidos/{number}).
 */

/** One sentence under the order's status. */
export const ORDER_STATUS_TEXT: Record<OrderJson["status"], string> = {
  pending_payment: "Estamos esperando tu pago.",
  paid: "Recibimos tu pago: estamos preparando tu pedido.",
  shipped: "Tu pedido está en camino (o listo para retirar).",
  delivered: "Tu pedido fue entregado. ¡Gracias por comprar en Rizoma!",
  cancelled: "Este pedido fue cancelado.",
};

/**
 * What is still to pay, while it is: the bank details and the steps for an unpaid transfer; Mercado
 * Pago's answer (`mercadoPagoStatus`, from its back_url) and the button to pay for an unpaid Mercado Pago
 * order. Nothing once paid.
 */
export function OrderPaymentDue({
  order,
  bank,
  contact,
  mercadoPagoStatus = null,
}: {
  order: OrderJson;
  bank: BankDetails | null;
  contact: { whatsapp: string; email: string };
  mercadoPagoStatus?: string | null;
}) {
  if (order.status !== "pending_payment") return null;
  if (order.paymentMethod === "transfer") {
    if (!bank) return null;
    return (
      <section className="mt-6 rounded-lg bg-white" aria-labelledby="pedido-transferencia">
        <TransferSteps bank={bank} order={transferOrderOf(order)} titleId="pedido-transferencia" dismissible={false} />
        <p className="px-6 pb-6 text-sm text-ink/85 sm:px-8">
          Mandá el comprobante por WhatsApp al {contact.whatsapp} o por correo a {contact.email}.
          {order.expiresAt ? ` Reservamos tus libros hasta el ${longDayMonthTime(order.expiresAt)}.` : ""}
        </p>
      </section>
    );
  }
  return (
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
  );
}

/** The order's number, amount and transfer discount as the transfer steps show them. */
export function transferOrderOf(order: OrderJson) {
  return {
    number: order.number,
    totalLabel: formatMoney(fromPesos(order.total)),
    transferPercent: order.transferDiscountPercent,
  };
}

/** "Detalle": the books, the totals, the delivery (with its tracking code) and the payment method. */
export function OrderDetails({ order }: { order: OrderJson }) {
  return (
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
            <span className="text-right tabular-nums">
              {formatMoney(lineCents(fromPesos(item.unitPrice), item.quantity))}
              <NetPrice
                as="span"
                netCents={fromPesos(item.net)}
                testId="order-line-net"
                className="block text-xs text-ink/75"
              />
            </span>
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
      <NetPrice
        netCents={fromPesos(order.totalNet)}
        testId="order-total-net"
        className="text-right text-xs text-ink/75"
      />
      <p className="mt-4 text-sm text-ink/85">
        <span className="font-semibold">Entrega:</span> {order.delivery.label}
        {order.delivery.trackingCode ? ` · Seguimiento: ${order.delivery.trackingCode}` : ""}
      </p>
      <p className="mt-1 text-sm text-ink/85">
        <span className="font-semibold">Pago:</span> {order.paymentLabel}
      </p>
    </section>
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

/** The botón de arrepentimiento's way in, for any order not cancelled (the law's 10 days count from delivery). */
export function OrderWithdrawalNote({ order }: { order: Pick<OrderJson, "number" | "status"> }) {
  if (order.status === "cancelled") return null;
  return (
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
  );
}
