import { Form } from "react-router";
import { type OrderAction, orderActions } from "~/domain/orders/actions";
import type { AdminOrderView } from "./order-view";

const button = "rounded-full px-5 py-2 font-semibold disabled:opacity-70";
const input = "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2";

/** The actions the order's status allows (orderActions), each a form that posts its `intent` to the page. */
export function OrderActions({ order, busy }: { order: AdminOrderView; busy: boolean }) {
  const actions = orderActions(order);
  return (
    <section aria-labelledby="acciones" className="space-y-4 rounded-lg bg-white p-5">
      <h2 id="acciones" className="font-serif text-xl">
        Acciones
      </h2>
      {actions.map((action) => (
        <OrderActionForm key={action} action={action} order={order} busy={busy} />
      ))}
      {actions.length === 0 ? <p className="text-sm text-ink/80">No hay acciones pendientes.</p> : null}
    </section>
  );
}

function OrderActionForm({ action, order, busy }: { action: OrderAction; order: AdminOrderView; busy: boolean }) {
  switch (action) {
    case "confirm":
      return (
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <button type="submit" disabled={busy} className={`${button} bg-moss text-white hover:bg-moss-dark`}>
            {order.paymentMethod === "transfer" ? "Confirmar pago de la transferencia" : "Confirmar pago"}
          </button>
        </Form>
      );
    case "ship":
      return (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="ship" />
          <div>
            <label htmlFor="trackingCode" className="block text-sm font-semibold">
              Código de seguimiento {order.deliveryMethod === "shipping" ? "" : "(opcional)"}
            </label>
            <input id="trackingCode" name="trackingCode" className={input} autoComplete="off" />
          </div>
          <button type="submit" disabled={busy} className={`${button} bg-moss text-white hover:bg-moss-dark`}>
            {order.deliveryMethod === "pickup" ? "Marcar listo para retirar" : "Marcar como enviado"}
          </button>
        </Form>
      );
    case "deliver":
      return (
        <Form method="post">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" disabled={busy} className={`${button} bg-moss text-white hover:bg-moss-dark`}>
            Marcar como entregado
          </button>
        </Form>
      );
    case "cancel":
      return (
        <Form method="post" className="flex flex-wrap items-end gap-2 border-t border-ink/10 pt-4">
          <input type="hidden" name="intent" value="cancel" />
          <div className="min-w-64 flex-1">
            <label htmlFor="reason" className="block text-sm font-semibold">
              Motivo de la cancelación
            </label>
            <input id="reason" name="reason" className={input} autoComplete="off" />
          </div>
          <button
            type="submit"
            disabled={busy}
            className={`${button} border border-terracotta-dark text-terracotta-dark hover:bg-terracotta/10`}
          >
            Cancelar pedido
          </button>
          {order.status === "paid" && order.paymentMethod === "mercadopago" ? (
            <p className="w-full text-sm text-ink/80">
              Ya está pagado con Mercado Pago: devolvé el dinero desde tu cuenta de Mercado Pago.
            </p>
          ) : null}
        </Form>
      );
  }
}
