import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { Invalid, NotFound } from "~/domain/errors";
import { type OrderAction, orderActions } from "~/domain/orders/actions";
import { provinceName } from "~/domain/orders/delivery";
import { cancelOrder, confirmPayment, deliverOrder, shipOrder } from "~/domain/orders/lifecycle.server";
import { adminOrder } from "~/domain/orders/queries.server";
import { deliveryLabel } from "~/domain/orders/shared.server";
import { PAYMENT_LABELS, STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonthTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
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
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  try {
    const { order, items, events } = await adminOrder(context.db, params.number);
    return {
      order: {
        ...order,
        createdAt: order.createdAt.toISOString(),
        expiresAt: order.expiresAt?.toISOString() ?? null,
        delivery: deliveryLabel(order),
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

/** The four buttons post here (no JavaScript needed): the change, then 303 back with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ctx = requestContext(context);
  const number = params.number;
  const runs: Record<string, [() => Promise<unknown>, string]> = {
    confirm: [() => confirmPayment(ctx, admin, number), "pagado"],
    ship: [() => shipOrder(ctx, admin, number, { trackingCode: String(form.get("trackingCode") ?? "") }), "enviado"],
    deliver: [() => deliverOrder(ctx, admin, number), "entregado"],
    cancel: [() => cancelOrder(ctx, admin, number, { reason: String(form.get("reason") ?? "") }), "cancelado"],
  };
  const run = runs[intent];
  const work = async () => {
    if (!run) throw new Invalid("Acción desconocida");
    await run[0]();
    return redirect(`/admin/pedidos/${number}?aviso=${run[1]}`, 303);
  };
  return formAction({}, work, { intent });
}

const button = "rounded-full px-5 py-2 font-semibold disabled:opacity-70";
const input = "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2";

export default function AdminPedido({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, events, notice } = loaderData;
  const busy = useNavigation().state !== "idle";
  const actions = orderActions(order);
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

      <section aria-labelledby="acciones" className="space-y-4 rounded-lg bg-white p-5">
        <h2 id="acciones" className="font-serif text-xl">
          Acciones
        </h2>
        {actions.map((action) => (
          <OrderActionForm key={action} action={action} order={order} busy={busy} />
        ))}
        {actions.length === 0 ? <p className="text-sm text-ink/80">No hay acciones pendientes.</p> : null}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
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

        <section aria-labelledby="libros" className="rounded-lg bg-white p-5">
          <h2 id="libros" className="font-serif text-xl">
            Libros y totales
          </h2>
          <ul className="mt-3 divide-y divide-ink/10 text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.quantity} × {item.title}
                  {item.isPreorder ? " (preventa)" : ""}
                </span>
                <span className="tabular-nums">{formatMoney(item.unitPriceCents * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-ink/10 pt-3 text-sm">
            <Row label="Subtotal" value={formatMoney(order.subtotalCents)} />
            {order.codeDiscountCents > 0 ? (
              <Row label={`Código ${order.discountCode}`} value={`− ${formatMoney(order.codeDiscountCents)}`} />
            ) : null}
            {order.transferDiscountCents > 0 ? (
              <Row label="15% por transferencia" value={`− ${formatMoney(order.transferDiscountCents)}`} />
            ) : null}
            <Row label="Envío" value={order.shippingCents ? formatMoney(order.shippingCents) : "Gratis"} />
            <Row label="Total" value={formatMoney(order.totalCents)} strong />
          </dl>
        </section>
      </div>

      <section aria-labelledby="historial" className="rounded-lg bg-white p-5">
        <h2 id="historial" className="font-serif text-xl">
          Historial
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {events.map((event) => (
            <li key={event.id}>
              {dayMonthTime(event.at)}:{" "}
              {event.fromStatus ? `${STATUS_LABELS[event.fromStatus as keyof typeof STATUS_LABELS]} → ` : ""}
              {STATUS_LABELS[event.toStatus as keyof typeof STATUS_LABELS]} ({SOURCES[event.source] ?? event.source})
              {event.note ? ` · ${event.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

type ShownOrder = Route.ComponentProps["loaderData"]["order"];

/** One of the actions the order's status allows (orderActions), as a form that posts its intent. */
function OrderActionForm({ action, order, busy }: { action: OrderAction; order: ShownOrder; busy: boolean }) {
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

const SOURCES: Record<string, string> = {
  buyer: "comprador",
  admin: "panel",
  mercadopago: "Mercado Pago",
  system: "vencimiento automático",
};

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
