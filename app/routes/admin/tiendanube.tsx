import { RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { startSyncAsAdmin, syncStatus } from "~/domain/tiendanube/admin.server";
import { requireAdmin } from "~/lib/admin.server";
import { numericDateTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/tiendanube";

const PAGE = "/admin/tiendanube";

/** Dates are written on the server (Buenos Aires time), so the browser shows exactly the same text. */
const when = (iso: string | null) => (iso ? numericDateTime(iso) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const status = await syncStatus(context.db, context.tiendanube);
  const { state } = status;
  return {
    ...status,
    started: new URL(request.url).searchParams.has("iniciada"),
    dates: {
      startedAt: when(state.startedAt),
      finishedAt: when(state.finishedAt),
      lastFullSyncAt: when(state.lastFullSyncAt),
      lastSuccessAt: when(state.lastSuccessAt),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return formAction({}, async () => {
    await startSyncAsAdmin(context.db, context.tiendanube, admin);
    return redirect(`${PAGE}?iniciada`, 303);
  });
}

export const meta = () => seoMeta({ title: "Tienda Nube", noIndex: true });

export default function TiendanubePage({ loaderData, actionData }: Route.ComponentProps) {
  const { configured, webhooksSigned, state, dates, started } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  // While a sync runs, the page reads its progress every second.
  useEffect(() => {
    if (!state.running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [state.running, revalidator]);

  const percent = state.total ? Math.min(100, Math.round((state.done / state.total) * 100)) : null;
  const finished = !state.running && state.finishedAt !== null;
  const notice: NoticeData | null =
    failureNotice(actionData, "No se pudo sincronizar") ??
    (finished && state.error
      ? { tone: "error", title: "La última sincronización falló", message: state.error }
      : finished && started
        ? {
            tone: "success",
            title: "Sincronización terminada",
            message: `${state.done} productos leídos: ${state.created} libros nuevos, ${state.updated} actualizados, ${state.unpublished} despublicados.`,
          }
        : null);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Tienda Nube</h1>
        <p className="mt-1 text-ink/75">
          El catálogo del sitio se copia de Tienda Nube. Los cambios llegan solos (webhooks y una sincronización
          automática); si algo no aparece, sincronizá ahora. Las categorías y cada cuánto se sincroniza se configuran en{" "}
          <Link to="/admin/ajustes#tiendanube" className="font-semibold text-moss underline">
            Ajustes
          </Link>
          .
        </p>
      </div>
      <Notice notice={notice} />
      {!configured ? (
        <p className="rounded-lg border border-ochre/40 bg-ochre/10 p-4 text-sm">
          Tienda Nube no está configurada: el servidor necesita las variables TIENDANUBE_STORE_ID y TIENDANUBE_TOKEN (y
          TIENDANUBE_APP_SECRET para recibir los webhooks).
        </p>
      ) : (
        <section aria-labelledby="sync-title" className="rounded-xl border border-ink/10 bg-white p-4 sm:p-6">
          <h2 id="sync-title" className="font-serif text-2xl">
            Sincronización
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Última sincronización completa</dt>
            <dd>{dates.lastFullSyncAt ?? "Nunca"}</dd>
            <dt className="font-semibold">Última sincronización correcta</dt>
            <dd>{dates.lastSuccessAt ?? "Nunca"}</dd>
            <dt className="font-semibold">Webhooks</dt>
            <dd>{webhooksSigned ? "Activos (firmados)" : "Inactivos: falta TIENDANUBE_APP_SECRET"}</dd>
          </dl>
          <div aria-live="polite" className="mt-5">
            {state.running ? (
              <div>
                <p className="text-sm font-semibold">
                  Sincronizando… {state.done}
                  {state.total !== null ? ` de ${state.total}` : ""} productos
                </p>
                <progress
                  className="mt-2 h-3 w-full accent-moss"
                  aria-label="Progreso de la sincronización"
                  max={100}
                  value={percent ?? undefined}
                />
                <p className="mt-1 text-xs text-ink/75">
                  Empezó el {dates.startedAt}; podés salir de esta página: sigue en el servidor.{" "}
                  <Link to={PAGE} className="underline">
                    Actualizar
                  </Link>
                </p>
              </div>
            ) : finished ? (
              <p className="text-sm">
                {state.kind === "incremental" ? "Última sincronización automática" : "Última sincronización"} (
                {dates.finishedAt}): {state.done} productos leídos, {state.created} nuevos, {state.updated}{" "}
                actualizados, {state.unpublished} despublicados.
              </p>
            ) : null}
          </div>
          <Form method="post" className="mt-5">
            <button
              type="submit"
              disabled={state.running || submitting}
              className="inline-flex items-center gap-2 rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${state.running ? "animate-spin" : ""}`} />
              {state.running ? "Sincronizando…" : "Sincronizar ahora"}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="No pudimos mostrar Tienda Nube"
      message="Probá de nuevo en unos minutos."
      retry={{ href: PAGE, label: "Reintentar" }}
    />
  );
}
