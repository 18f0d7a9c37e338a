import { data, Form, Link } from "react-router";
import { reminderUnsubscribeState, unsubscribeCartReminders } from "~/domain/accounts/cart-reminders.server";
import { DomainError } from "~/domain/errors";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/recordatorio-baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "No quiero recordatorios del carrito", noIndex: true, matches });

/** The "Recordame mi carrito" e-mail's unsubscribe link: it asks first (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const { email, open } = await reminderUnsubscribeState(requestContext(context), token);
    return { state: open ? ("ask" as const) : ("gone" as const), email };
  } catch (error) {
    if (error instanceof DomainError) return data({ state: "invalid" as const, error: error.message }, { status: 400 });
    throw error;
  }
}

/** The button, and RFC 8058 one-click unsubscribe (mail clients POST to the same URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    return { state: "done" as const, email: await unsubscribeCartReminders(requestContext(context), token) };
  } catch (error) {
    if (error instanceof DomainError) return data({ state: "invalid" as const, error: error.message }, { status: 400 });
    throw error;
  }
}

export default function ReminderUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
          {view.state === "ask" ? (
            <>
              <h1 className="font-serif text-3xl text-ink">¿Dejamos de recordarte el carrito?</h1>
              <p className="mt-3 text-ink/80">
                No le vamos a mandar recordatorios del carrito a <strong>{view.email}</strong>. Si más adelante volvés a
                marcar «Recordame mi carrito», te escribimos de nuevo una sola vez.
              </p>
              <Form method="post" className="mt-6 flex flex-wrap gap-3">
                <button
                  type="submit"
                  className="rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
                >
                  Sí, no quiero recordatorios
                </button>
                <Link
                  to="/"
                  className="rounded-full px-6 py-3 font-semibold text-moss underline-offset-4 hover:underline"
                >
                  Volver a la tienda
                </Link>
              </Form>
            </>
          ) : view.state === "invalid" ? (
            <>
              <h1 className="font-serif text-3xl text-ink">Enlace no válido</h1>
              <p className="mt-3 text-ink/80" role="alert">
                {view.error}
              </p>
            </>
          ) : (
            <>
              <h1 className="font-serif text-3xl text-ink">Listo, no hay recordatorios pendientes</h1>
              <p className="mt-3 text-ink/80" role="status">
                No le vamos a escribir a <strong>{view.email}</strong> por tu carrito. Solo volvemos a hacerlo si marcás
                otra vez «Recordame mi carrito» al comprar.
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
