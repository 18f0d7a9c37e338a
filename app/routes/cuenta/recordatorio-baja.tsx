import { UnsubscribeAsk, UnsubscribeFrame, UnsubscribeOutcome } from "~/components/layout/unsubscribe-card";
import { reminderUnsubscribeState, unsubscribeCartReminders } from "~/domain/accounts/cart-reminders.server";
import { linkPage } from "~/lib/link-page.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/recordatorio-baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "No quiero recordatorios del carrito", noIndex: true, matches });

/** The "Recordame mi carrito" e-mail's unsubscribe link: it asks first (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return linkPage(async () => {
    const { email, open } = await reminderUnsubscribeState(requestContext(context), token);
    return { state: open ? ("ask" as const) : ("gone" as const), email };
  });
}

/** The button, and RFC 8058 one-click unsubscribe (mail clients POST to the same URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return linkPage(async () => {
    return { state: "done" as const, email: await unsubscribeCartReminders(requestContext(context), token) };
  });
}

export default function ReminderUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <UnsubscribeFrame>
      {view.state === "ask" ? (
        <UnsubscribeAsk
          title="¿Dejamos de recordarte el carrito?"
          confirmLabel="Sí, no quiero recordatorios"
          cancel={{ to: "/", label: "Volver a la tienda" }}
        >
          <p className="mt-3 text-ink/80">
            No le vamos a mandar recordatorios del carrito a <strong>{view.email}</strong>. Si más adelante volvés a
            marcar «Recordame mi carrito», te escribimos de nuevo una sola vez.
          </p>
        </UnsubscribeAsk>
      ) : view.state === "invalid" ? (
        <UnsubscribeOutcome title="Enlace no válido" role="alert">
          {view.error}
        </UnsubscribeOutcome>
      ) : (
        <UnsubscribeOutcome title="Listo, no hay recordatorios pendientes" role="status">
          No le vamos a escribir a <strong>{view.email}</strong> por tu carrito. Solo volvemos a hacerlo si marcás otra
          vez «Recordame mi carrito» al comprar.
        </UnsubscribeOutcome>
      )}
    </UnsubscribeFrame>
  );
}
