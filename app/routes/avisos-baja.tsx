import { Link } from "react-router";
import { RouteError } from "~/components/layout/route-error";
import { UnsubscribeAsk, UnsubscribeFrame, UnsubscribeOutcome } from "~/components/layout/unsubscribe-card";
import { alertLink, cancelAlertsWithToken } from "~/domain/stock-alerts/unsubscribe.server";
import { linkPage } from "~/lib/link-page.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/avisos-baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "Cancelar avisos de stock", noIndex: true, matches });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t");

/**
 * The page a stock alert e-mail's link opens (`?t=` signed per alert): it names the book and the alerts
 * of that address still waiting, and asks before cancelling them (mail scanners prefetch links).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return linkPage(async () => {
    const link = await alertLink(requestContext(context), tokenOf(request));
    if (!link || link.waiting.length === 0) return { state: "spent" as const, email: link?.email ?? null };
    return { state: "ask" as const, ...link };
  });
}

/** The button, and RFC 8058 one-click unsubscribe (mail clients POST to the same URL). */
export async function action({ request, context }: Route.ActionArgs) {
  return linkPage(async () => {
    const { email, cancelled } = await cancelAlertsWithToken(requestContext(context), tokenOf(request));
    return cancelled > 0 ? { state: "done" as const, email, cancelled } : { state: "spent" as const, email };
  });
}

const plural = (n: number) => (n === 1 ? "1 libro" : `${n} libros`);

export default function AvisosBaja({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <UnsubscribeFrame>
      {view.state === "ask" ? (
        <UnsubscribeAsk
          title="¿Cancelás tus avisos?"
          confirmLabel="Sí, cancelar mis avisos"
          cancel={{ to: "/tienda", label: "No, quiero que me avisen" }}
        >
          <p className="mt-3 text-ink/80">
            {view.book ? (
              <>
                Este enlace llegó con el aviso de{" "}
                <Link to={`/libro/${view.book.id}`} className="font-semibold text-moss underline">
                  «{view.book.title}»
                </Link>
                .{" "}
              </>
            ) : null}
            Vamos a dejar de avisarle a <strong>{view.email}</strong> por {plural(view.waiting.length)} que esperabas:
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-ink">
            {view.waiting.map((alert) => (
              <li key={alert.id}>
                <Link to={`/libro/${alert.bookId}`} className="underline-offset-4 hover:underline">
                  {alert.title}
                </Link>
              </li>
            ))}
          </ul>
        </UnsubscribeAsk>
      ) : view.state === "invalid" ? (
        <UnsubscribeOutcome title="Enlace no válido" role="alert">
          {view.error}
        </UnsubscribeOutcome>
      ) : view.state === "spent" ? (
        <UnsubscribeOutcome title="No hay avisos para cancelar" role="status">
          {view.email ? (
            <>
              <strong>{view.email}</strong> no tiene avisos de stock pendientes
            </>
          ) : (
            "Este aviso ya no existe"
          )}
          : ya los cancelaste o ya te escribimos. Si querés otro, pedilo desde la página del libro.
        </UnsubscribeOutcome>
      ) : (
        <UnsubscribeOutcome title="Listo, cancelamos tus avisos" role="status">
          No vamos a escribirle a <strong>{view.email}</strong> por {plural(view.cancelled)}. Si cambiás de idea, pedí
          el aviso de nuevo desde la página del libro.
        </UnsubscribeOutcome>
      )}
      <p className="mt-8">
        <Link to="/tienda" className="font-semibold text-moss underline">
          Ir a la tienda
        </Link>
      </p>
    </UnsubscribeFrame>
  );
}

export function ErrorBoundary() {
  return (
    <RouteError title="No pudimos abrir tus avisos" message="Probá de nuevo en unos minutos.">
      <Link to="/tienda" className="mt-8 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Ir a la tienda
      </Link>
    </RouteError>
  );
}
