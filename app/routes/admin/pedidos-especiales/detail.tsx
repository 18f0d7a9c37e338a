import { ArrowLeft } from "lucide-react";
import { data, Link, redirect, useNavigation } from "react-router";
import { SpecialOrderFacts } from "~/components/admin/special-orders/special-order-facts";
import { SpecialOrderNotesForm } from "~/components/admin/special-orders/special-order-notes-form";
import { SpecialOrderReplies } from "~/components/admin/special-orders/special-order-replies";
import { SpecialOrderStatusForm } from "~/components/admin/special-orders/special-order-status-form";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { DomainError, Invalid } from "~/domain/errors";
import { nextStatuses } from "~/domain/special-orders/rules";
import {
  getSpecialOrder,
  NOT_FOUND,
  replyToSpecialOrder,
  updateSpecialOrder,
} from "~/domain/special-orders/special-orders.server";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
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

export default function AdminPedidoEspecial({ loaderData, actionData }: Route.ComponentProps) {
  const { order, next, replies, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A refusal is shown in the section of the form that was sent, which keeps what was typed.
  const failed = (intent: string) => (actionData?.intent === intent ? actionData : null);
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
      <SpecialOrderFacts order={order} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SpecialOrderStatusForm next={next} failure={failed("status")} busy={busy} />
        <SpecialOrderNotesForm notes={order.adminNotes} failure={failed("notes")} busy={busy} />
      </div>
      <SpecialOrderReplies email={order.email} replies={replies} failure={failed("reply")} busy={busy} />
    </div>
  );
}
