import { Form, redirect, useNavigation } from "react-router";
import { CODE_PRIMARY, CodeStep, EmailStep } from "~/components/ui/email-code-steps";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import {
  codeRequestSchema,
  linkEmail,
  requestSignInCode,
  signInSchema,
  signInWithCode,
  signInWithLink,
} from "~/domain/accounts/sign-in.server";
import { CUSTOMER_COOKIE, sessionCookie } from "~/lib/admin-cookie.server";
import { safeReturnPath } from "~/lib/customer.server";
import { normalizeEmail } from "~/lib/email";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { publicOrigin, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/ingresar";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Entrar a mi cuenta",
    url: `${publicOrigin(matches)}/cuenta/ingresar`,
    description: "Entrá a tu cuenta de Rizoma con tu email: sin contraseñas, con un código que te mandamos.",
    noIndex: true,
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * `?enlace=` (the e-mailed magic link) shows one button that signs in (a POST, so a mail scanner that
 * opens the link does not spend it); `?email=` opens the email step filled in; `?volver=` is where to go
 * after. A reader already signed in goes straight on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = safeReturnPath(url.searchParams.get("volver"));
  if (context.customer) throw redirect(back, 303);
  const link = url.searchParams.get("enlace");
  return {
    back,
    email: (url.searchParams.get("email") ?? "").trim().slice(0, 254),
    link: link ? { token: link.slice(0, 200), email: await linkEmail(context.db, link) } : null,
    signedOutEverywhere: url.searchParams.get("salida") === "todas",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  const back = safeReturnPath(String(form.get("volver") ?? ""));
  const ctx = requestContext(context);
  const enter = (session: { token: string; expiresAt: Date }) =>
    redirect(back, {
      status: 303,
      headers: {
        "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies, CUSTOMER_COOKIE),
      },
    });
  if (intent === "link") {
    const token = String(form.get("enlace") ?? "");
    return formAction(
      { email, code: "" },
      async () => enter(await signInWithLink(ctx, token, { previousToken: context.customerToken })),
      { ok: false as const, step: "link" as const },
    );
  }
  if (intent === "confirm") {
    const values = { email, code: String(form.get("code") ?? "") };
    return formAction(
      values,
      async () => {
        const input = signInSchema.parse(values);
        return enter(await signInWithCode(ctx, input, { previousToken: context.customerToken }));
      },
      { ok: false as const, step: "code" as const },
    );
  }
  const ask = async () => {
    const { message } = await requestSignInCode(ctx, codeRequestSchema.parse({ email }));
    return { ok: true as const, step: "code" as const, email: normalizeEmail(email), message };
  };
  return formAction({ email, code: "" }, ask, {
    ok: false as const,
    step: intent === "resend" ? ("code" as const) : ("email" as const),
  });
}

export default function Ingresar({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : null;
  const step = actionData?.step ?? (loaderData.link ? "link" : "email");
  const email = actionData ? (actionData.ok ? actionData.email : actionData.values.email) : loaderData.email;
  const backField = <input type="hidden" name="volver" value={loaderData.back} />;
  const otherEmailHref = `/cuenta/ingresar${loaderData.back === "/cuenta" ? "" : `?volver=${encodeURIComponent(loaderData.back)}`}`;

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-terracotta-dark">Mi cuenta</p>
        <h1 className="mt-2 font-serif text-3xl text-ink sm:text-5xl">Entrá a tu cuenta</h1>
        <p className="mt-4 text-lg text-ink/85">
          Sin contraseñas: te mandamos un código de 6 números a tu email y con eso entrás. Vas a ver tus pedidos, tu
          Caja Rizoma, tus avisos y los libros que querés leer, también los que compraste antes sin cuenta con ese
          email.
        </p>
        {loaderData.signedOutEverywhere && !actionData ? (
          <p className="mt-6 rounded-lg bg-moss/10 p-3 text-moss" role="status">
            Cerramos tu sesión en todos tus dispositivos.
          </p>
        ) : null}

        {step === "link" && loaderData.link ? (
          <section className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
            {loaderData.link.email && !failure ? (
              <Form method="post">
                <input type="hidden" name="intent" value="link" />
                <input type="hidden" name="enlace" value={loaderData.link.token} />
                {backField}
                <p className="text-ink/85">
                  Vas a entrar como <strong className="break-all">{loaderData.link.email}</strong>.
                </p>
                <button type="submit" disabled={busy} className={CODE_PRIMARY}>
                  Entrar a mi cuenta
                </button>
              </Form>
            ) : (
              <>
                <p className="text-terracotta-dark" role="alert">
                  {failure?.message ?? "El enlace venció o ya se usó. Pedí un código nuevo para entrar."}
                </p>
                <a href={otherEmailHref} className="mt-4 inline-flex font-semibold text-moss underline">
                  Pedir un código nuevo
                </a>
              </>
            )}
          </section>
        ) : step === "code" ? (
          <CodeStep
            idPrefix="ingreso"
            email={email}
            emailLabel="Tu email"
            otherEmailHref={otherEmailHref}
            sentMessage={actionData?.ok ? actionData.message : null}
            code={failure?.values.code ?? ""}
            error={failure?.message ?? null}
            busy={busy}
            submitLabel="Entrar"
          >
            {backField}
          </CodeStep>
        ) : (
          <EmailStep
            idPrefix="ingreso"
            email={email}
            error={failure?.message ?? null}
            busy={busy}
            hint="El mismo con el que compraste o te suscribiste, si ya lo hiciste. Si es la primera vez, cualquiera que uses."
            submitLabel="Enviarme el código"
          >
            {backField}
          </EmailStep>
        )}
        <PersonalDataNotice className="mt-6" />
      </div>
    </main>
  );
}
