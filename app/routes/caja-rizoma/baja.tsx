import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
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

const INPUT =
  "mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink focus:border-moss focus:outline-2 focus:outline-moss/40";
const PRIMARY =
  "mt-6 w-full rounded-full bg-terracotta-dark px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70 sm:w-auto";

export default function BotonDeBaja({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : null;
  const step = actionData?.step ?? (loaderData.email ? "code" : "email");
  const email = actionData ? (actionData.ok ? actionData.email : actionData.values.email) : loaderData.email;
  const fieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (failure) fieldRef.current?.focus();
  }, [failure]);

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
          <section className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
            {actionData?.ok ? (
              <p className="rounded-lg bg-moss/10 p-3 text-moss" role="status">
                {actionData.message}
              </p>
            ) : null}
            <p className="mt-4 text-ink/85">
              Email de la suscripción: <strong>{email}</strong>{" "}
              <Link to="/caja-rizoma/baja" className="text-sm text-moss underline">
                Usar otro email
              </Link>
            </p>
            <Form method="post" noValidate className="mt-4">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="email" value={email} />
              <label htmlFor="baja-code" className="block font-semibold text-ink">
                Código
              </label>
              <input
                ref={fieldRef}
                id="baja-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                defaultValue={failure?.values.code ?? ""}
                aria-invalid={failure ? true : undefined}
                aria-describedby={failure ? "baja-error" : "baja-code-hint"}
                className={`${INPUT} max-w-48 font-mono text-xl tracking-widest`}
              />
              <p id="baja-code-hint" className="mt-1 text-sm text-ink/70">
                Los 6 números del correo que te mandamos. Vence a los 15 minutos y tenés 5 intentos.
              </p>
              {failure ? (
                <p id="baja-error" className="mt-2 text-sm text-terracotta-dark" role="alert">
                  {failure.message}
                </p>
              ) : null}
              <button type="submit" disabled={busy} className={PRIMARY}>
                Confirmar la baja
              </button>
            </Form>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={email} />
              <button type="submit" disabled={busy} className="text-sm font-semibold text-moss underline">
                Pedir un código nuevo
              </button>
            </Form>
          </section>
        ) : (
          <Form method="post" noValidate className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
            <input type="hidden" name="intent" value="request" />
            <label htmlFor="baja-email" className="block font-semibold text-ink">
              Email
            </label>
            <input
              ref={fieldRef}
              id="baja-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={email}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? "baja-error" : "baja-email-hint"}
              placeholder="tu@email.com"
              className={INPUT}
            />
            <p id="baja-email-hint" className="mt-1 text-sm text-ink/70">
              El mismo con el que te suscribiste a la Caja Rizoma.
            </p>
            {failure ? (
              <p id="baja-error" className="mt-2 text-sm text-terracotta-dark" role="alert">
                {failure.message}
              </p>
            ) : null}
            <button type="submit" disabled={busy} className={PRIMARY}>
              Enviarme el código
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
