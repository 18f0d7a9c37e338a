import { data, Form, Link } from "react-router";
import { DomainError } from "~/domain/errors";
import { subscriberForToken, unsubscribeWithToken } from "~/domain/newsletter/newsletter.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "Darte de baja del newsletter", noIndex: true, matches });

/** The page the e-mail's "Darte de baja" link opens: it asks before unsubscribing (links get prefetched). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const subscriber = await subscriberForToken(requestContext(context), token);
    return { state: subscriber.status === "active" ? ("ask" as const) : ("gone" as const), email: subscriber.email };
  } catch (error) {
    if (error instanceof DomainError) return data({ state: "invalid" as const, error: error.message }, { status: 400 });
    throw error;
  }
}

/**
 * The confirmation button, and RFC 8058 one-click unsubscribe: mail clients POST
 * `List-Unsubscribe=One-Click` to the same URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const email = await unsubscribeWithToken(requestContext(context), token);
    return { state: "done" as const, email };
  } catch (error) {
    if (error instanceof DomainError) return data({ state: "invalid" as const, error: error.message }, { status: 400 });
    throw error;
  }
}

export default function NewsletterBaja({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
          {view.state === "ask" ? (
            <>
              <h1 className="font-serif text-3xl text-ink">¿Te das de baja del newsletter?</h1>
              <p className="mt-3 text-ink/80">
                Vamos a dejar de escribirle a <strong>{view.email}</strong>. Podés volver a suscribirte cuando quieras.
              </p>
              <Form method="post" className="mt-6 flex flex-wrap gap-3">
                <button
                  type="submit"
                  className="rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
                >
                  Sí, darme de baja
                </button>
                <Link
                  to="/"
                  className="rounded-full px-6 py-3 font-semibold text-moss underline-offset-4 hover:underline"
                >
                  No, quiero seguir recibiéndolo
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
              <h1 className="font-serif text-3xl text-ink">Listo, te diste de baja</h1>
              <p className="mt-3 text-ink/80" role="status">
                No vamos a escribirle más a <strong>{view.email}</strong>. Si cambiás de idea, te esperamos en el{" "}
                <Link to="/newsletter" className="font-semibold text-moss underline">
                  newsletter
                </Link>
                .
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
