import type { ReactNode } from "react";
import { Form } from "react-router";
import { StepUpField } from "~/components/admin/step-up-field";
import { ADMIN_ROUTE_ROLES, type AdminRole, mayAct, roleForAction } from "~/domain/auth/roles";
import type { StepUpState } from "~/domain/auth/step-up";
import { type OrderAction, orderActions } from "~/domain/orders/actions";
import { OrderSection } from "./order-section";
import type { AdminOrderView } from "./order-view";

const button = "rounded-full px-5 py-2 font-semibold disabled:opacity-70";
const primary = `${button} bg-moss text-white hover:bg-moss-dark`;
const input = "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2";

/** The actions the order's status allows (orderActions), each a form that posts its `intent` to the page. */
export function OrderActions({
  order,
  busy,
  role,
  stepUp,
  stepUpError,
}: {
  order: AdminOrderView;
  busy: boolean;
  role: AdminRole;
  /** Cancelling asks for a fresh proof (step-up): the page's state of it (owners only). */
  stepUp: StepUpState | null;
  stepUpError?: string;
}) {
  // Only what this admin's role may do (app/domain/auth/roles.ts): staff do not see "cancel" (a refund).
  const page = ADMIN_ROUTE_ROLES["admin/pedidos/:number"];
  const actions = orderActions(order).filter((action) => !page || mayAct(role, roleForAction(page, action)));
  return (
    <OrderSection id="acciones" title="Acciones" spaced>
      {actions.map((action) => (
        <OrderActionForm
          key={action}
          action={action}
          order={order}
          busy={busy}
          stepUp={stepUp}
          stepUpError={stepUpError}
        />
      ))}
      {actions.length === 0 ? <p className="text-sm text-ink/80">No hay acciones pendientes.</p> : null}
    </OrderSection>
  );
}

function OrderActionForm({
  action,
  order,
  busy,
  stepUp,
  stepUpError,
}: {
  action: OrderAction;
  order: AdminOrderView;
  busy: boolean;
  stepUp: StepUpState | null;
  stepUpError?: string;
}) {
  switch (action) {
    case "confirm":
      return (
        <OneClickForm intent="confirm" busy={busy}>
          {order.paymentMethod === "transfer" ? "Confirmar pago de la transferencia" : "Confirmar pago"}
        </OneClickForm>
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
          <button type="submit" disabled={busy} className={primary}>
            {order.deliveryMethod === "pickup" ? "Marcar listo para retirar" : "Marcar como enviado"}
          </button>
        </Form>
      );
    case "deliver":
      return (
        <OneClickForm intent="deliver" busy={busy}>
          Marcar como entregado
        </OneClickForm>
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
          {stepUp ? (
            <div className="w-full">
              <StepUpField state={stepUp} error={stepUpError} />
            </div>
          ) : null}
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

/** An action with nothing to fill in: one button posting its intent. */
function OneClickForm({ intent, busy, children }: { intent: OrderAction; busy: boolean; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={busy} className={primary}>
        {children}
      </button>
    </Form>
  );
}
