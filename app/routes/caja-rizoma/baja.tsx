import { Link, useNavigation } from "react-router";
import { CodeStep, EmailStep } from "~/components/ui/email-code-steps";
import { confirmCancellation, requestCancellationCode } from "~/domain/box/cancellation.server";
import { normalizeEmail } from "~/lib/email";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { publicOrigin, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Botón de baja | Caja Rizoma",
    url: `${publicOrigin(matches)}/caja-rizoma/baja`,
    description:
      "Dá de baja tu suscripción a la Caja Rizoma sin iniciar sesión: tu email, un código de 6 números y listo.",
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/** `?email=` (the link of the code's e-mail) opens the page at the code step. */
export function loader({ request }: Route.LoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim().slice(0, 254);
  return { email };
}

/**
 * The botón de baja without JavaScript: plain posts. `request` (and its "Pedir un código nuevo") sends
 * the code, `confirm` cancels; the email travels in a hidden field, so no session is needed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  const ctx = requestContext(context);
  if (intent === "confirm") {
    const values = { email, code: String(form.get("code") ?? "") };
    const confirm = async () => {
      const result = await confirmCancellation(ctx, values);
      return { ok: true as const, step: "done" as const, email: normalizeEmail(email), ...result };
    };
    return formAction(values, confirm, { ok: false as const, step: "code" as const });
  }
  const ask = async () => {
    const { message } = await requestCancellationCode(ctx, { email });
    return { ok: true as const, step: "code" as const, email: normalizeEmail(email), message, code: null };
  };
  return formAction({ email, code: "" }, ask, {
    ok: false as const,
    step: intent === "resend" ? ("code" as const) : ("email" as const),
  });
}

export default function BotonDeBaja({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : null;
  const step = actionData?.step ?? (loaderData.email ? "code" : "email");
  const email = actionData ? (actionData.ok ? actionData.email : actionData.values.email) : loaderData.email;

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-terracotta-dark">Caja Rizoma</p>
        <h1 className="mt-2 font-serif text-3xl text-ink sm:text-5xl">Botón de baja</h1>
        <p className="mt-4 text-lg text-ink/85">
          Desde acá das de baja tu suscripción a la Caja Rizoma, sin iniciar sesión: ingresás el email con el que te
          suscribiste, te mandamos un código de 6 números y con ese código confirmás la baja. También la cancelamos en
          Mercado Pago, así que no se te cobra más.
        </p>

        {actionData?.ok && actionData.step === "done" ? (
          <section
            aria-labelledby="codigo-de-baja"
            className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8"
          >
            <h2 id="codigo-de-baja" className="font-semibold text-ink">
              Código de baja
            </h2>
            <p
              className="mt-2 font-mono text-3xl font-bold tracking-wider text-moss sm:text-4xl"
              data-testid="baja-code"
            >
              {actionData.code}
            </p>
            <p className="mt-4 text-ink/85" role="status">
              {actionData.message}
            </p>
            <p className="mt-2 text-ink/85">
              Guardá el código: es tu comprobante. El correo va a <strong>{actionData.email}</strong>.
            </p>
            <Link to="/caja-rizoma" className="mt-6 inline-flex font-semibold text-moss underline">
              Volver a la Caja Rizoma
            </Link>
          </section>
        ) : step === "code" ? (
          <CodeStep
            idPrefix="baja"
            email={email}
            emailLabel="Email de la suscripción"
            otherEmailHref="/caja-rizoma/baja"
            sentMessage={actionData?.ok ? actionData.message : null}
            code={failure?.values.code ?? ""}
            error={failure?.message ?? null}
            busy={busy}
            submitLabel="Confirmar la baja"
          />
        ) : (
          <EmailStep
            idPrefix="baja"
            email={email}
            error={failure?.message ?? null}
            busy={busy}
            hint="El mismo con el que te suscribiste a la Caja Rizoma."
            submitLabel="Enviarme el código"
          />
        )}
      </div>
    </main>
  );
}
