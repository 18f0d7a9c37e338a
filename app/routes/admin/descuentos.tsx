import { Plus } from "lucide-react";
import { Link, redirect, useNavigate } from "react-router";
import { CodeList } from "~/components/admin/discounts/code-list";
import { DeleteDialog } from "~/components/admin/discounts/delete-dialog";
import {
  type DiscountFormValues,
  discountBody,
  discountFormValues,
} from "~/components/admin/discounts/discount-form-values";
import { DiscountStats } from "~/components/admin/discounts/discount-stats";
import { EditDialog } from "~/components/admin/discounts/edit-dialog";
import { type Done, done, FAILED, isDone, DISCOUNTS_PAGE as PAGE } from "~/components/admin/discounts/messages";
import { pageCode } from "~/components/admin/discounts/page-code";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import {
  createDiscountCode,
  deleteDiscountCode,
  discountCodeId,
  discountStats,
  listDiscountCodes,
  setDiscountActive,
  updateDiscountCode,
} from "~/domain/discounts/admin.server";
import { CODE_PATTERN } from "~/domain/discounts/rules";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import type { Route } from "./+types/descuentos";

export const meta: Route.MetaFunction = () => [{ title: "Códigos de Descuento | Panel Rizoma" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const [stats, rows] = await Promise.all([discountStats(context.db), listDiscountCodes(context.db)]);
  const codes = rows.map(pageCode);
  const find = (name: string) => codes.find((code) => code.id === parseId(params.get(name))) ?? null;
  const editing = find("editar");
  const deleting = find("eliminar");
  const ok = params.get("ok");
  const shown = params.get("codigo") ?? "";
  const missing = (params.has("editar") && !editing) || (params.has("eliminar") && !deleting);
  let notice: NoticeData | null = null;
  if (missing) notice = { tone: "error", title: "Código no encontrado", message: "Puede que ya lo hayan eliminado." };
  else if (isDone(ok) && CODE_PATTERN.test(shown)) notice = { tone: "success", ...done[ok](shown) };
  return {
    stats,
    codes,
    creating: params.has("nuevo") && !editing,
    editing,
    deleting: editing ? null : deleting,
    notice,
  };
}

/** The page's forms without JavaScript: create, edit, toggle and delete, each a 303 back with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = () => discountCodeId(form.get("id"));
  const back = (what: Done, code: string) => redirect(`${PAGE}?ok=${what}&codigo=${code}`, 303);
  const values = discountFormValues(form);
  const work = async () => {
    if (intent === "create") {
      return back("creado", (await createDiscountCode(context.db, admin, discountBody(values, true))).code);
    }
    if (intent === "update") {
      const saved = await updateDiscountCode(context.db, admin, id(), discountBody(values, false));
      return back("actualizado", saved.code);
    }
    if (intent === "toggle") {
      const active = form.get("active") === "true";
      const saved = await setDiscountActive(context.db, admin, id(), active);
      return back(active ? "activado" : "desactivado", saved.code);
    }
    if (intent === "delete") return back("eliminado", (await deleteDiscountCode(context.db, admin, id())).code);
    throw new Invalid("Acción desconocida");
  };
  const title = intent === "toggle" ? FAILED.toggle : intent === "delete" ? FAILED.delete : FAILED.save;
  return formAction(values, work, { title, intent });
}

/** Only a refused save reopens the dialog's form with what was typed. */
const savedValues = (failure: { intent: string; values: DiscountFormValues } | undefined) =>
  failure?.intent === "create" || failure?.intent === "update" ? failure.values : null;

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, codes, creating, editing, deleting } = loaderData;
  const navigate = useNavigate();
  const close = () => navigate(PAGE, { preventScrollReset: true });
  // A failed save keeps the dialog's notice; anything else shows above the list.
  const dialogOpen = creating || editing !== null;
  const failed = failureNotice(actionData, actionData?.title ?? "");
  const pageNotice = dialogOpen ? loaderData.notice : (failed ?? loaderData.notice);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Códigos de Descuento</h1>
        <Link
          to={`${PAGE}?nuevo`}
          preventScrollReset
          className="flex items-center gap-2 rounded-full bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark"
        >
          <Plus aria-hidden="true" className="size-4" /> Nuevo código
        </Link>
      </div>
      <DiscountStats stats={stats} />
      <Notice notice={pageNotice} />
      <CodeList codes={codes} />
      {dialogOpen ? (
        <EditDialog
          key={editing?.id ?? "nuevo"}
          editing={editing}
          values={savedValues(actionData)}
          problem={failed}
          onClose={close}
        />
      ) : null}
      {deleting ? <DeleteDialog code={deleting} onClose={close} /> : null}
    </div>
  );
}

/** The codes could not be read (the database is down): said inside the admin, with a way back. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Códigos de Descuento"
      message="No se pudieron cargar los códigos de descuento"
      retry={{ href: PAGE, label: "Probá de nuevo" }}
    />
  );
}
