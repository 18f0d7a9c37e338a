import { useState } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { submitSubscription } from "~/components/box/subscribe-client";
import { SubscribeFields } from "~/components/box/subscribe-form";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { subscribeBodyFromForm } from "~/domain/box/form";
import { boxPageData } from "~/domain/box/page-data.server";
import { subscribeToBox } from "~/domain/box/subscriptions.server";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/suscribirme";

export const meta: Route.MetaFunction = () =>
  seoMeta({ title: "Suscribirme a la Caja Rizoma", description: "Elegí tu plan y suscribite a la Caja Rizoma." });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/** The subscription form as a page: the landing's SUSCRIBIRME without JavaScript comes here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pageData = await boxPageData(context.db);
  const wanted = new URL(request.url).searchParams.get("plan") ?? "monthly";
  const plan = pageData.plans.find((p) => p.id === wanted) ?? pageData.plans[0];
  if (!plan) throw data("No hay planes disponibles", { status: 404 });
  return { ...pageData, plan };
}

/** Posts without JavaScript: on success the browser goes to Mercado Pago (303), else the form with the message. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = subscribeBodyFromForm(await readForm(request));
  return formAction(body, async () => redirect((await subscribeToBox(requestContext(context), body)).initPoint, 303));
}

export default function Suscribirme({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, plans, rates, pickupPoints, taxRate } = loaderData;
  const navigation = useNavigation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const message = await submitSubscription(new FormData(event.currentTarget));
    setError(message);
    if (message) setSending(false);
  }

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="font-serif text-3xl text-ink sm:text-4xl">Suscribite a la Caja Rizoma</h1>
        {plans.length > 1 ? (
          <nav aria-label="Planes" className="mt-4 flex flex-wrap gap-2">
            {plans.map((other) => (
              <Link
                key={other.id}
                to={`?plan=${other.id}`}
                aria-current={other.id === plan.id ? "page" : undefined}
                className={`rounded-full px-4 py-2 font-semibold ${other.id === plan.id ? "bg-moss text-white" : "bg-white text-ink ring-1 ring-ink/20"}`}
              >
                {other.label}
              </Link>
            ))}
          </nav>
        ) : null}
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8"
        >
          <SubscribeFields
            key={plan.id}
            plan={plan}
            rates={rates}
            pickupPoints={pickupPoints}
            taxRate={taxRate}
            values={actionData?.values}
            error={error ?? actionData?.message ?? null}
            sending={sending || navigation.state === "submitting"}
            idPrefix="pagina"
            cancel={
              <Link
                to="/caja-rizoma#planes"
                className="rounded-full border border-ink/30 px-6 py-3 font-semibold text-ink hover:bg-cream"
              >
                Cancelar
              </Link>
            }
          />
          <PersonalDataNotice className="mt-4" />
        </form>
      </div>
    </main>
  );
}
