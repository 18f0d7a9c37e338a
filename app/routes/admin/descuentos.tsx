import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, redirect, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import {
  BLANK_DISCOUNT,
  DiscountForm,
  type DiscountFormValues,
  discountBody,
  discountFormValues,
  Modal,
} from "~/components/admin/discount-dialog";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { toast } from "~/components/ui/toast";
import {
  type AdminDiscountCode,
  createDiscountCode,
  deleteDiscountCode,
  discountCodeId,
  discountStats,
  listDiscountCodes,
  setDiscountActive,
  updateDiscountCode,
} from "~/domain/discounts/admin.server";
import { CODE_PATTERN, type DiscountDisplayStatus } from "~/domain/discounts/rules";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { shortDate, todayInBuenosAires } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoney, formatNumberInput } from "~/lib/money";
import { parseId } from "~/lib/params";
import { sendJson } from "~/lib/send-json";
import type { Route } from "./+types/descuentos";

export const meta: Route.MetaFunction = () => [{ title: "Códigos de Descuento | Panel Rizoma" }];

const PAGE = "/admin/descuentos";
const CONFIRM_DELETE = "¿Estás seguro de que quieres eliminar este código?";
/** The spec's failure messages, by what was being done. */
const FAILED = {
  save: "Error al procesar la solicitud",
  toggle: "Error al actualizar el estado",
  delete: "Error al eliminar el código",
  connection: "Error de conexión",
} as const;

const STATUS: Record<DiscountDisplayStatus, { label: string; className: string }> = {
  inactive: { label: "Inactivo", className: "bg-ink/10 text-ink" },
  expired: { label: "Vencido", className: "bg-red-100 text-red-900" },
  exhausted: { label: "Agotado", className: "bg-yellow-100 text-yellow-900" },
  active: { label: "Activo", className: "bg-green-100 text-green-900" },
};

/** What happened, said after the redirect (no JavaScript) or in a toast (JavaScript). */
const done = {
  creado: (code: string) => ({ title: "Código creado", message: `El código ${code} ya está guardado.` }),
  actualizado: (code: string) => ({ title: "Código actualizado", message: `Guardamos los cambios de ${code}.` }),
  activado: (code: string) => ({ title: "Código activado", message: `${code} ya se puede usar en la tienda.` }),
  desactivado: (code: string) => ({ title: "Código desactivado", message: `${code} ya no se puede usar.` }),
  eliminado: (code: string) => ({ title: "Código eliminado", message: `Eliminamos el código ${code}.` }),
};
type Done = keyof typeof done;
const isDone = (key: string | null): key is Done => key !== null && Object.hasOwn(done, key);

/** A code as the page shows it: amounts in centavos, dates as text (ISO, and the expiry's calendar day). */
const pageCode = (code: AdminDiscountCode) => ({
  id: code.id,
  code: code.code,
  description: code.description,
  discountPercentage: code.discountPercentage,
  discountAmountCents: code.discountAmountCents,
  minimumAmountCents: code.minimumAmountCents,
  maxUses: code.maxUses,
  usedCount: code.usedCount,
  validUntil: code.validUntil?.toISOString() ?? null,
  validUntilDay: code.validUntil ? todayInBuenosAires(code.validUntil) : "",
  active: code.active,
  status: code.status,
});
type PageCode = ReturnType<typeof pageCode>;

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

const valuesOf = (code: PageCode): DiscountFormValues => ({
  customCode: code.code,
  description: code.description ?? "",
  discountPercentage: code.discountPercentage === null ? "" : String(code.discountPercentage),
  discountAmount: code.discountAmountCents === null ? "" : formatNumberInput(code.discountAmountCents),
  minimumAmount: formatNumberInput(code.minimumAmountCents),
  maxUses: code.maxUses === null ? "" : String(code.maxUses),
  validUntil: code.validUntilDay,
  active: code.active,
});

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
  const cards = [
    ["Códigos totales", stats.totalCodes.toLocaleString("es-AR")],
    ["Códigos activos", stats.activeCodes.toLocaleString("es-AR")],
    ["Usos totales", stats.totalUsage.toLocaleString("es-AR")],
    ["Descuento otorgado", formatMoney(stats.totalDiscountGivenCents)],
  ] as const;
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
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Resumen de los códigos">
        {cards.map(([label, value]) => (
          <li key={label} className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
            <p className="text-sm text-ink/75">{label}</p>
            <p className="mt-1 text-2xl font-bold break-words">{value}</p>
          </li>
        ))}
      </ul>
      <Notice notice={pageNotice} />
      {codes.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-ink/75 ring-1 ring-ink/10">
          Todavía no hay códigos de descuento. Creá el primero con «Nuevo código».
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Códigos de descuento">
          {codes.map((code) => (
            <CodeCard key={code.id} code={code} />
          ))}
        </ul>
      )}
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

function CodeCard({ code }: { code: PageCode }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const status = STATUS[code.status];
  const used = code.usedCount > 0;
  const name = <span className="sr-only"> {code.code}</span>;

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson(`/api/discount-codes/${code.id}`, "PUT", { active: !code.active });
    setBusy(false);
    if (result.ok) {
      toast({ title: done[code.active ? "desactivado" : "activado"](code.code).title });
      await revalidator.revalidate();
    } else {
      toast({ title: FAILED.toggle, description: failure(result), variant: "destructive" });
    }
  }

  async function remove(event: React.MouseEvent) {
    event.preventDefault();
    if (!window.confirm(CONFIRM_DELETE)) return;
    setBusy(true);
    const result = await sendJson(`/api/discount-codes/${code.id}`, "DELETE");
    setBusy(false);
    if (result.ok) {
      toast({ title: "Código eliminado", description: done.eliminado(code.code).message });
      await revalidator.revalidate();
    } else {
      toast({ title: FAILED.delete, description: failure(result), variant: "destructive" });
    }
  }

  const button = "rounded-md border px-3 py-1.5 text-sm font-semibold";
  return (
    <li className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-ink/10" data-testid={`codigo-${code.code}`}>
      <div className="flex items-start justify-between gap-3">
        <p className="font-mono text-lg font-bold break-all">{code.code}</p>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${status.className}`}>
          {status.label}
        </span>
      </div>
      {code.description ? <p className="mt-1 text-sm break-words">{code.description}</p> : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink/75">Descuento</dt>
        <dd className="font-semibold">
          {code.discountPercentage !== null
            ? `${code.discountPercentage} %`
            : formatMoney(code.discountAmountCents ?? 0)}
        </dd>
        <dt className="text-ink/75">Compra mínima</dt>
        <dd>{code.minimumAmountCents > 0 ? formatMoney(code.minimumAmountCents) : "Sin mínimo"}</dd>
        <dt className="text-ink/75">Usos</dt>
        <dd>
          {code.maxUses === null
            ? `${code.usedCount.toLocaleString("es-AR")} (sin límite)`
            : `${code.usedCount.toLocaleString("es-AR")} de ${code.maxUses.toLocaleString("es-AR")}`}
        </dd>
        <dt className="text-ink/75">Vence</dt>
        <dd>{code.validUntil ? shortDate(code.validUntil) : "Sin vencimiento"}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-ink/10 pt-3">
        <Link
          to={`${PAGE}?editar=${code.id}`}
          preventScrollReset
          className={`${button} border-moss text-moss hover:bg-moss/10`}
        >
          Editar{name}
        </Link>
        <form method="post" action={PAGE} onSubmit={toggle}>
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="active" value={String(!code.active)} />
          <button
            type="submit"
            disabled={busy}
            className={`${button} border-ink/30 hover:bg-ink/5 disabled:opacity-70`}
          >
            {code.active ? "Desactivar" : "Activar"}
            {name}
          </button>
        </form>
        {used ? (
          <button
            type="button"
            disabled
            aria-describedby={`usado-${code.id}`}
            className={`${button} cursor-not-allowed border-ink/20 text-ink/60`}
          >
            Eliminar{name}
          </button>
        ) : (
          <Link
            to={`${PAGE}?eliminar=${code.id}`}
            preventScrollReset
            onClick={busy ? (event) => event.preventDefault() : remove}
            className={`${button} border-terracotta text-terracotta hover:bg-terracotta/10`}
          >
            Eliminar{name}
          </Link>
        )}
      </div>
      {used ? (
        <p id={`usado-${code.id}`} className="mt-2 text-xs text-ink/75">
          Ya se usó: no se puede eliminar. Desactivalo para que no se use más.
        </p>
      ) : null}
    </li>
  );
}

/** The API's Spanish message, or the spec's connection error when there was no answer. */
const failure = (result: { status: number; error?: string }) =>
  result.status === 0 ? FAILED.connection : (result.error ?? FAILED.save);

function EditDialog({
  editing,
  values,
  problem,
  onClose,
}: {
  editing: PageCode | null;
  values: DiscountFormValues | null;
  problem: NoticeData | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<NoticeData | null>(problem);
  const submitting = useNavigation().state === "submitting";
  const busy = sending || submitting;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = discountBody(discountFormValues(new FormData(event.currentTarget)), !editing);
    setSending(true);
    const result = editing
      ? await sendJson<{ discountCode: { code: string } }>(`/api/discount-codes/${editing.id}`, "PUT", body)
      : await sendJson<{ discountCode: { code: string } }>("/api/discount-codes/create", "POST", body);
    setSending(false);
    if (!result.ok) {
      const message = failure(result);
      setFailed({ tone: "error", title: result.status === 0 ? FAILED.connection : FAILED.save, message });
      toast({
        title: result.status === 0 ? FAILED.connection : FAILED.save,
        description: message,
        variant: "destructive",
      });
      return;
    }
    const what = done[editing ? "actualizado" : "creado"](result.body.discountCode.code);
    toast({ title: what.title, description: what.message });
    navigate(PAGE, { preventScrollReset: true });
  }

  return (
    <Modal titleId="discount-dialog-title" closeTo={PAGE} onClose={onClose}>
      <DiscountForm
        editing={editing}
        initial={values ?? (editing ? valuesOf(editing) : BLANK_DISCOUNT)}
        action={`${PAGE}${search}`}
        problem={failed}
        busy={busy}
        onSubmit={save}
        onCancel={onClose}
        cancelTo={PAGE}
      />
    </Modal>
  );
}

/** Without JavaScript, "Eliminar" leads here: the spec's question and the real button. */
function DeleteDialog({ code, onClose }: { code: PageCode; onClose: () => void }) {
  return (
    <Modal titleId="delete-dialog-title" closeTo={PAGE} onClose={onClose}>
      <h2 id="delete-dialog-title" className="pr-8 font-serif text-2xl">
        {CONFIRM_DELETE}
      </h2>
      <p className="mt-3 font-mono text-lg font-bold">{code.code}</p>
      {code.description ? <p className="text-sm">{code.description}</p> : null}
      <p className="mt-3 text-sm text-ink/75">No se puede deshacer.</p>
      <form method="post" action={PAGE} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={code.id} />
        <button
          type="submit"
          className="rounded-full bg-terracotta-dark px-5 py-2 font-semibold text-white hover:opacity-90"
        >
          Sí, eliminar
        </button>
        <Link to={PAGE} className="text-sm font-semibold text-moss underline">
          Cancelar
        </Link>
      </form>
    </Modal>
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
