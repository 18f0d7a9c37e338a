import { Link } from "react-router";
import { UnsubscribeAsk, UnsubscribeFrame, UnsubscribeOutcome } from "~/components/layout/unsubscribe-card";
import { subscriberForToken, unsubscribeWithToken } from "~/domain/newsletter/newsletter.server";
import { linkPage } from "~/lib/link-page.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "Darte de baja del newsletter", noIndex: true, matches });

/** The page the e-mail's "Darte de baja" link opens: it asks before unsubscribing (links get prefetched). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return linkPage(async () => {
    const subscriber = await subscriberForToken(requestContext(context), token);
    return { state: subscriber.status === "active" ? ("ask" as const) : ("gone" as const), email: subscriber.email };
  });
}

/**
 * The confirmation button, and RFC 8058 one-click unsubscribe: mail clients POST
 * `List-Unsubscribe=One-Click` to the same URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return linkPage(async () => {
    const email = await unsubscribeWithToken(requestContext(context), token);
    return { state: "done" as const, email };
  });
}

export default function NewsletterBaja({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <UnsubscribeFrame>
      {view.state === "ask" ? (
        <UnsubscribeAsk
          title="¿Te das de baja del newsletter?"
          confirmLabel="Sí, darme de baja"
          cancel={{ to: "/", label: "No, quiero seguir recibiéndolo" }}
        >
          <p className="mt-3 text-ink/80">
            Vamos a dejar de escribirle a <strong>{view.email}</strong>. Podés volver a suscribirte cuando quieras.
          </p>
        </UnsubscribeAsk>
      ) : view.state === "invalid" ? (
        <UnsubscribeOutcome title="Enlace no válido" role="alert">
          {view.error}
        </UnsubscribeOutcome>
      ) : (
        <UnsubscribeOutcome title="Listo, te diste de baja" role="status">
          No vamos a escribirle más a <strong>{view.email}</strong>. Si cambiás de idea, te esperamos en el{" "}
          <Link to="/newsletter" className="font-semibold text-moss underline">
            newsletter
          </Link>
          .
        </UnsubscribeOutcome>
      )}
    </UnsubscribeFrame>
  );
}
