import { data, Link, redirect, useNavigation } from "react-router";
import { OrderActions } from "~/components/admin/orders/order-actions";
import { OrderCustomer } from "~/components/admin/orders/order-customer";
import { OrderHistory } from "~/components/admin/orders/order-history";
import { OrderTotals } from "~/components/admin/orders/order-totals";
import { OrderShipping } from "~/components/admin/shipping/order-shipping";
import { WithdrawalPanel } from "~/components/admin/withdrawals/withdrawal-panel";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { alertPaidOrderCancelled, alertRefund } from "~/domain/auth/owner-alerts.server";
import { Invalid, NotFound } from "~/domain/errors";
import { invoiceRequest } from "~/domain/invoices/request";
import { cancelOrder, confirmPayment, deliverOrder, shipOrder } from "~/domain/orders/lifecycle.server";
import { adminOrder } from "~/domain/orders/queries.server";
import { deliveryLabel } from "~/domain/orders/shared.server";
import { STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { getSettings } from "~/domain/settings/settings.server";
import { orderShippingPanel } from "~/domain/shipping/order-panel.server";
import { createOrderShipment } from "~/domain/shipping/shipments.server";
import { withdrawalForOrder, withdrawalIdByOrder } from "~/domain/withdrawals/queries.server";
import { booksReturned, cancelForWithdrawal, refundWithdrawal } from "~/domain/withdrawals/resolve.server";
import { requireAction, requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { ownEntry } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import { alertOrigin, requireFormStepUp, stepUpState } from "~/lib/step-up.server";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Pedido ${params.number} | Panel Rizoma` }];

const NOTICES: Record<string, NoticeData> = {
  pagado: { tone: "success", title: "Pago confirmado", message: "Le avisamos al comprador por correo." },
  enviado: { tone: "success", title: "Pedido enviado", message: "Le mandamos el seguimiento por correo." },
  entregado: { tone: "success", title: "Pedido entregado", message: "Le avisamos al comprador por correo." },
  cancelado: {
    tone: "success",
    title: "Pedido cancelado",
    message: "Los libros volvieron al stock y el código de descuento quedó libre.",
  },
  "arrepentimiento-cancelado": {
    tone: "success",
    title: "Pedido cancelado por arrepentimiento",
    message: "Le avisamos al comprador por correo qué pasa con su dinero.",
  },
  "libros-devueltos": { tone: "success", title: "Los libros volvieron", message: "Ya están otra vez en el stock." },
  reembolsado: { tone: "success", title: "Reembolso hecho", message: "Le avisamos al comprador por correo." },
  "envio-creado": {
    tone: "success",
    title: "Envío creado",
    message: "Imprimí la etiqueta y pegala en el paquete. Le mandamos el seguimiento al comprador por correo.",
  },
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  try {
    const { order, items, events } = await adminOrder(context.db, params.number);
    const withdrawal = await withdrawalForOrder(context.db, order.id);
    const { taxCondition } = (await getSettings(context.db)).fiscal;
    const shipping = await orderShippingPanel(requestContext(context), order);
    return {
      withdrawal,
      shipping,
      role: admin.role,
      // Cancelling (a refund to make) and refunding ask for a fresh proof: whether their forms ask now.
      stepUp: admin.role === "owner" ? await stepUpState(context, admin) : null,
      order: {
        ...order,
        createdAt: order.createdAt.toISOString(),
        expiresAt: order.expiresAt?.toISOString() ?? null,
        delivery: deliveryLabel(order),
        invoiceRequest: invoiceRequest(order, taxCondition),
      },
      items,
      events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      notice: NOTICES[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null,
    };
  } catch (error) {
    if (error instanceof NotFound) throw data("Pedido no encontrado", { status: 404 });
    throw error;
  }
}

/** Cancelling an order (its money goes back) and a withdrawal's refund: a fresh proof first (step-up). */
const MOVES_MONEY = new Set(["cancel", "withdrawal-refund"]);

/** The order's buttons and the withdrawal panel's post here (no JavaScript needed): the change, then 303 back with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ctx = requestContext(context);
  const number = params.number;
  const origin = alertOrigin(request, context);
  const runs: Record<string, [() => Promise<unknown>, string]> = {
    confirm: [() => confirmPayment(ctx, admin, number), "pagado"],
    ship: [() => shipOrder(ctx, admin, number, { trackingCode: String(form.get("trackingCode") ?? "") }), "enviado"],
    deliver: [() => deliverOrder(ctx, admin, number), "entregado"],
    "create-shipment": [() => createOrderShipment(ctx, admin, number), "envio-creado"],
    cancel: [
      async () => {
        const order = await cancelOrder(ctx, admin, number, { reason: String(form.get("reason") ?? "") });
        if (order.paidAt) await alertPaidOrderCancelled(ctx.db, admin, origin, order);
      },
      "cancelado",
    ],
    "withdrawal-cancel": [
      async () => cancelForWithdrawal(ctx, await withdrawalIdByOrder(ctx.db, number), admin),
      "arrepentimiento-cancelado",
    ],
    "withdrawal-books-returned": [
      async () => booksReturned(ctx, await withdrawalIdByOrder(ctx.db, number), admin),
      "libros-devueltos",
    ],
    "withdrawal-refund": [
      async () => {
        const refunded = await refundWithdrawal(ctx, await withdrawalIdByOrder(ctx.db, number), admin, {
          refundedOn: String(form.get("refundedOn") ?? ""),
          reference: String(form.get("reference") ?? ""),
        });
        await alertRefund(ctx.db, admin, origin, refunded, number);
      },
      "reembolsado",
    ],
  };
  const run = ownEntry(runs, intent);
  const work = async () => {
    if (!run) throw new Invalid("Acción desconocida");
    requireAction(admin, "admin/pedidos/:number", intent);
    if (MOVES_MONEY.has(intent)) await requireFormStepUp(context, admin, form);
    await run[0]();
    return redirect(`/admin/pedidos/${number}?aviso=${run[1]}`, 303);
  };
  return formAction({}, work, { intent });
}

export default function AdminPedido({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, events, notice, withdrawal, shipping, role, stepUp } = loaderData;
  const stepUpError = actionData?.fields?.stepUpProof;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/pedidos" className="text-sm font-semibold text-moss underline">
          ← Todos los pedidos
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl">Pedido {order.number}</h1>
        <span
          className={`rounded px-2 py-0.5 text-sm font-semibold ${STATUS_BADGES[order.status]}`}
          data-testid="admin-order-status"
        >
          {STATUS_LABELS[order.status]}
        </span>
      </div>
      <Notice notice={failureNotice(actionData, "Error") ?? notice} />
      {withdrawal ? (
        <WithdrawalPanel
          withdrawal={withdrawal}
          totalCents={order.totalCents}
          busy={busy}
          fields={actionData?.intent === "withdrawal-refund" ? actionData.fields : undefined}
          owner={role === "owner"}
          stepUp={stepUp}
          stepUpError={actionData?.intent === "withdrawal-refund" ? stepUpError : undefined}
        />
      ) : null}
      {shipping ? <OrderShipping panel={shipping} busy={busy} /> : null}
      <OrderActions
        order={order}
        busy={busy}
        role={role}
        stepUp={stepUp}
        stepUpError={actionData?.intent === "cancel" ? stepUpError : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderCustomer order={order} />
        <OrderTotals order={order} items={items} />
      </div>
      <OrderHistory events={events} />
    </div>
  );
}
