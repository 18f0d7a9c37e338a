import { useEffect } from "react";
import { Link, redirect, useLocation } from "react-router";
import { PriceForm } from "~/components/admin/prices/price-form";
import { PriceHistory } from "~/components/admin/prices/price-history";
import { PricePreviewPanel } from "~/components/admin/prices/price-preview";
import { PREVIEW_ROWS, PRICES_PAGE } from "~/components/admin/prices/prices-page";
import { UndoStep } from "~/components/admin/prices/undo-step";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { listPriceUpdates, undoLastPriceUpdate, undoPlan } from "~/domain/catalog/price-history.server";
import { blankPriceForm, booksText, type PriceFormValues, priceFormToRequest } from "~/domain/catalog/price-rules";
import { applyPriceUpdate, previewPriceUpdate, priceScopeOptions } from "~/domain/catalog/price-updates.server";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/precios";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const undoId = parseId(url.searchParams.get("deshacer"));
  const appliedId = parseId(url.searchParams.get("aplicada"));
  const [options, history, plan] = await Promise.all([
    priceScopeOptions(context.db),
    listPriceUpdates(context.db),
    undoId ? undoPlan(context.db, undoId) : null,
  ]);
  const applied = history.find((update) => update.id === appliedId);
  let notice: NoticeData | null = null;
  if (url.searchParams.has("deshacer") && !plan) {
    notice = {
      tone: "error",
      title: "Esa actualización ya no se puede deshacer",
      message: "Solo se puede deshacer la última, y una sola vez.",
    };
  } else if (applied) {
    notice = {
      tone: "success",
      title: "Precios actualizados",
      message: `${applied.description}: ${booksText(applied.bookCount)}. La tienda ya muestra los precios nuevos.`,
    };
  }
  return { options, history, plan, notice };
}

const FIELDS = Object.keys(blankPriceForm) as (keyof PriceFormValues)[];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const values = Object.fromEntries(FIELDS.map((name) => [name, text(name)])) as PriceFormValues;
  const titles: Record<string, string> = {
    preview: "No se pudo calcular la actualización",
    apply: "No se pudieron actualizar los precios",
    undo: "No se pudo deshacer",
  };
  const work = async () => {
    if (intent === "undo") {
      const id = parseId(text("id"));
      if (!id) throw new Invalid("Elegí la actualización a deshacer");
      // Answered on this page (not redirected) so it can list the books left alone; a resent form is
      // refused by the id check, never undone twice.
      return { undone: await undoLastPriceUpdate(context.db, admin, id) };
    }
    if (intent !== "preview" && intent !== "apply") throw new Invalid("Acción desconocida");
    const { scope, change } = priceFormToRequest(values);
    if (intent === "preview") {
      const preview = await previewPriceUpdate(context.db, scope, change);
      return { preview: { ...preview, rows: preview.rows.slice(0, PREVIEW_ROWS) }, values };
    }
    const applied = await applyPriceUpdate(context.db, admin, scope, change);
    return redirect(`${PRICES_PAGE}?aplicada=${applied.id}`, 303);
  };
  return formAction(values, work, { title: titles[intent] ?? "No se pudo completar la acción", intent });
}

export const meta = () => seoMeta({ title: "Actualizar precios", noIndex: true });

export default function AdminPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { options, history, plan } = loaderData;
  // A new key after each navigation resets the form once an update went through.
  const { key } = useLocation();
  const failure = actionData && "message" in actionData ? actionData : null;
  const preview =
    actionData && "preview" in actionData && actionData.preview && actionData.values
      ? { preview: actionData.preview, values: actionData.values }
      : null;
  const undone = actionData && "undone" in actionData ? actionData.undone : null;
  const values = preview?.values ?? (failure && failure.intent !== "undo" ? failure.values : blankPriceForm);
  // A new preview takes the focus to its heading (once per answer, not on every render).
  useEffect(() => {
    if (actionData && "preview" in actionData) document.getElementById("preview-title")?.focus();
  }, [actionData]);
  const undoneNotice: NoticeData | null = undone
    ? {
        tone: "success",
        title: "Actualización deshecha",
        message: `${booksText(undone.restored)} ${undone.restored === 1 ? "volvió" : "volvieron"} a su precio anterior.`,
      }
    : null;
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link to="/admin/libros" className="font-semibold text-moss underline">
            Libros
          </Link>
        </p>
        <h1 className="mt-1 font-serif text-3xl">Actualizar precios</h1>
        <p className="mt-1 max-w-2xl text-ink/75">
          Subí o bajá de una vez los precios de una categoría, una editorial, un autor o todo el catálogo. Primero ves
          los cambios libro por libro; la última actualización se puede deshacer.
        </p>
      </div>
      <Notice notice={failureNotice(failure, failure?.title ?? "") ?? undoneNotice ?? loaderData.notice} />
      {undone && undone.skipped.length > 0 ? (
        <section aria-labelledby="skipped-title" className="rounded-lg border border-ochre/40 bg-white p-4 text-sm">
          <h2 id="skipped-title" className="font-semibold">
            {booksText(undone.skipped.length)} {undone.skipped.length === 1 ? "cambió" : "cambiaron"} después y no se{" "}
            {undone.skipped.length === 1 ? "tocó" : "tocaron"}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {undone.skipped.map((book) => (
              <li key={book.bookId}>
                <Link to={`/admin/libros/${book.bookId}`} className="underline">
                  {book.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan ? <UndoStep plan={plan} /> : null}
      <section aria-label="Nueva actualización" className="rounded-xl border border-ink/10 bg-white p-5">
        <PriceForm key={key} options={options} values={values} errors={failure?.fields ?? {}} />
      </section>
      {preview ? <PricePreviewPanel preview={preview.preview} values={preview.values} /> : null}
      <PriceHistory updates={history} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Actualizar precios"
      message="No pudimos mostrar la actualización de precios. Probá de nuevo en unos minutos."
      retry={{ href: PRICES_PAGE, label: "Volver a intentar" }}
    />
  );
}
