import { Form, Link, redirect, useNavigation } from "react-router";
import { CARD, PRIMARY, SECONDARY } from "~/components/account/form-styles";
import { accountNewsletter, leaveNewsletter, saveAccountTopics } from "~/domain/newsletter/account.server";
import { requireCustomer } from "~/lib/customer.server";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mi newsletter", noIndex: true });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const url = new URL(request.url);
  return {
    newsletter: await accountNewsletter(context.db, email),
    done: url.searchParams.get("listo") === "baja" ? "baja" : null,
  };
}

/** `intent` save (subscribe if needed, topics exactly as ticked) or leave. */
export async function action({ request, context }: Route.ActionArgs) {
  const { email } = requireCustomer(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const interests = form.getAll("interests").filter((value): value is string => typeof value === "string");
  if (intent === "leave") {
    await leaveNewsletter(context.db, email);
    return redirect("/cuenta/newsletter?listo=baja", 303);
  }
  return formAction(
    { interests: interests.join(",") },
    async () => ({
      ok: true as const,
      message: await saveAccountTopics(requestContext(context), email, interests),
    }),
    { ok: false as const },
  );
}

export default function AccountNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { newsletter, done } = loaderData;
  const active = newsletter.status === "active";
  const ticked = new Set(newsletter.interests);
  return (
    <section aria-labelledby="mi-newsletter">
      <h1 id="mi-newsletter" className="font-serif text-3xl text-ink sm:text-4xl">
        Newsletter
      </h1>
      <p className="mt-2 text-ink/85" data-testid="newsletter-status">
        {active
          ? "Estás suscripto: te escribimos una vez por mes con reseñas, lanzamientos y eventos."
          : newsletter.status === "unsubscribed"
            ? "No estás suscripto: te diste de baja. Elegí tus temas y volvé cuando quieras."
            : "Todavía no estás suscripto. Una vez por mes: reseñas, lanzamientos, eventos y ofertas."}
      </p>
      {actionData || done ? (
        <p
          role={actionData && !actionData.ok ? "alert" : "status"}
          className={`mt-4 rounded-lg p-3 ${actionData && !actionData.ok ? "bg-terracotta/10 text-terracotta-dark" : "bg-moss/10 text-moss"}`}
        >
          {actionData ? actionData.message : "Te diste de baja del newsletter. Podés volver cuando quieras."}
        </p>
      ) : null}
      <Form method="post" className={`mt-6 ${CARD}`}>
        <fieldset>
          <legend className="font-serif text-2xl text-ink">¿Sobre qué te interesa leer?</legend>
          <p className="mt-1 text-sm text-ink/75">Marcá los temas que quieras; podés cambiarlos cuando quieras.</p>
          <div className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {newsletter.topics.map((topic) => (
              <label key={topic.id} className="flex items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  name="interests"
                  value={topic.id}
                  defaultChecked={ticked.has(topic.id)}
                  className="size-4 accent-moss"
                />
                {topic.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" name="intent" value="save" disabled={busy} className={`mt-6 ${PRIMARY}`}>
          {active ? "Guardar mis temas" : "Suscribirme"}
        </button>
      </Form>
      {active ? (
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="leave" disabled={busy} className={SECONDARY}>
            Darme de baja del newsletter
          </button>
        </Form>
      ) : null}
      <p className="mt-6 text-sm text-ink/75">
        También podés darte de baja desde el enlace al pie de cada correo. Más sobre cómo usamos tus datos en{" "}
        <Link to="/privacidad" className="font-semibold text-moss underline">
          privacidad
        </Link>
        .
      </p>
    </section>
  );
}
