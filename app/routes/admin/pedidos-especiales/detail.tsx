import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { StatusBadge } from "~/components/admin/special-order-status";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { DomainError, Invalid } from "~/domain/errors";
import { SCOPE_LABELS, SCOPE_PROMISE, STATUS_LABELS } from "~/domain/special-orders/labels";
import { nextStatuses } from "~/domain/special-orders/rules";
import {
  getSpecialOrder,
  NOT_FOUND,
  replyToSpecialOrder,
  updateSpecialOrder,
} from "~/domain/special-orders/special-orders.server";
import { requireAdmin } from "~/lib/admin.server";
import { mediumDateTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Pedido especial #${data.order.id}` : "Pedido especial"} | Panel Rizoma` },
];

const notices: Record<string, NoticeData> = {
  estado: { tone: "success", title: "Actualizado", message: "El estado del pedido cambió" },
  notas: { tone: "success", title: "Actualizado", message: "Guardamos las notas" },
  respuesta: { tone: "success", title: "Éxito", message: "La respuesta salió a la cola de correos" },
};

function orderId(raw: string | undefined): number {
  try {
    return idParam(raw, NOT_FOUND);
  } catch {
    throw data(null, { status: 404 });
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { order, replies } = await getSpecialOrder(context.db, orderId(params.id)).catch((error) => {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  });
  return {
    order: {
      ...order,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    },
    next: nextStatuses(order.status),
    replies: replies.map((reply) => ({
      id: reply.id,
      adminEmail: reply.adminEmail,
      body: reply.body,
      sentAt: reply.sentAt.toISOString(),
    })),
    notice: notices[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null,
  };
}

/** One form per task (status, notes, reply), told apart by `intent`; each redirects (303) with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const id = orderId(params.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const value = (name: string) => String(form.get(name) ?? "");
  const work = async () => {
    if (intent === "status") {
      await updateSpecialOrder(context.db, admin, id, { status: value("status") });
    } else if (intent === "notes") {
      await updateSpecialOrder(context.db, admin, id, { adminNotes: value("adminNotes") });
    } else if (intent === "reply") {
      await replyToSpecialOrder(context.db, admin, id, { message: value("message") }, context.config.publicUrl);
    } else {
      throw new Invalid("Acción desconocida");
    }
    const aviso = intent === "status" ? "estado" : intent === "notes" ? "notas" : "respuesta";
    return redirect(`/admin/pedidos-especiales/${id}?aviso=${aviso}`, 303);
  };
  return formAction({ adminNotes: value("adminNotes"), message: value("message") }, work, { intent });
}

const field = "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2";
const button = "rounded-md bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70";

export default function AdminPedidoEspecial({ loaderData, actionData }: Route.ComponentProps) {
  const { order, next, replies, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errorFor = (intent: string) =>
    actionData?.intent === intent ? <Notice notice={failureNotice(actionData, "Error")} /> : null;
  const rows: [string, React.ReactNode][] = [
    ["Estado", <StatusBadge key="status" status={order.status} />],
    [
      "Libro",
      order.bookId ? (
        <Link key="book" to={`/libro/${order.bookId}`} className="underline">
          {order.bookTitle}
        </Link>
      ) : (
        order.bookTitle
      ),
    ],
    ["Autor/a", order.bookAuthor ?? "—"],
    ["Tipo", `${SCOPE_LABELS[order.scope]}: ${SCOPE_PROMISE[order.scope]}`],
    ["Nombre", order.name],
    [
      "Email",
      <a key="email" href={`mailto:${order.email}`} className="underline">
        {order.email}
      </a>,
    ],
    ["Teléfono", order.phone ?? "—"],
    ["Nota del pedido", order.note ?? "—"],
    ["Recibido", mediumDateTime(order.createdAt)],
  ];

  return (
    <div className="space-y-6">
      <Link
        to="/admin/pedidos-especiales"
        className="inline-flex items-center gap-1 text-sm font-semibold text-moss underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Volver a los pedidos especiales
      </Link>
      <h1 className="font-serif text-2xl sm:text-3xl">
        Pedido especial #{order.id}: {order.bookTitle}
      </h1>
      <Notice notice={notice} />
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-ink/10 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink/75">{label}</dt>
            <dd className="font-semibold break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="estado-titulo" className="space-y-3 rounded-xl border border-ink/10 bg-white p-4">
          <h2 id="estado-titulo" className="font-semibold">
            Estado
          </h2>
          {errorFor("status")}
          {next.length === 0 ? (
            <p className="text-sm text-ink/75">El pedido fue entregado: ya no cambia de estado.</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="status" />
              <div>
                <label htmlFor="status" className="text-sm font-semibold">
                  Pasar a
                </label>
                <select id="status" name="status" defaultValue={next[0]} className={`${field} block`}>
                  {next.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" disabled={busy} className={button}>
                Cambiar estado
              </button>
            </Form>
          )}
        </section>

        <section aria-labelledby="notas-titulo" className="space-y-3 rounded-xl border border-ink/10 bg-white p-4">
          <h2 id="notas-titulo" className="font-semibold">
            Notas internas
          </h2>
          {errorFor("notes")}
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="notes" />
            <label htmlFor="adminNotes" className="text-sm font-semibold">
              Notas (solo las ve el equipo)
            </label>
            <textarea
              id="adminNotes"
              name="adminNotes"
              rows={4}
              maxLength={5000}
              defaultValue={actionData?.intent === "notes" ? actionData.values.adminNotes : (order.adminNotes ?? "")}
              className={field}
            />
            <button type="submit" disabled={busy} className={button}>
              Guardar notas
            </button>
          </Form>
        </section>
      </div>

      <section aria-labelledby="respuestas-titulo" className="space-y-4 rounded-xl border border-ink/10 bg-white p-4">
        <h2 id="respuestas-titulo" className="font-semibold">
          Respuestas por email
        </h2>
        {replies.length === 0 ? (
          <p className="text-sm text-ink/75">Todavía no le escribimos.</p>
        ) : (
          <ol className="space-y-3" aria-label="Historial de respuestas">
            {replies.map((reply) => (
              <li key={reply.id} className="rounded-lg bg-cream/60 p-3 text-sm">
                <p className="text-ink/75">
                  <time dateTime={reply.sentAt}>{mediumDateTime(reply.sentAt)}</time> · {reply.adminEmail}
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
        {errorFor("reply")}
        {/* A new key after each reply sent: the emptied box is a fresh one. */}
        <Form key={replies.length} method="post" className="space-y-3">
          <input type="hidden" name="intent" value="reply" />
          <label htmlFor="message" className="text-sm font-semibold">
            Respuesta para {order.email}
          </label>
          <textarea
            id="message"
            name="message"
            rows={6}
            maxLength={5000}
            required
            defaultValue={actionData?.intent === "reply" ? actionData.values.message : ""}
            className={field}
          />
          <button type="submit" disabled={busy} className={button}>
            Enviar respuesta por email
          </button>
        </Form>
      </section>
    </div>
  );
}
