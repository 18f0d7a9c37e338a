import { Form, redirect, useNavigation } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { PasskeySignIn } from "~/components/admin/passkey-buttons";
import { safeNext } from "~/domain/auth/admin-paths";
import { verifyCode } from "~/domain/auth/factors.server";
import { completeSignIn, login, loginSchema } from "~/domain/auth/login.server";
import { hasPasskey } from "~/domain/auth/passkeys.server";
import { deleteSession } from "~/domain/auth/sessions.server";
import { clearedSessionCookie, sessionCookie } from "~/lib/admin-cookie.server";
import { formAction, formFailure } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { seoMeta } from "~/lib/seo";
import { adminStylesheet } from "~/styles/stylesheets";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (context.admin) throw redirect(next, 303);
  const pendingEmail = context.pendingSignIn?.email ?? null;
  const passkey = pendingEmail ? await hasPasskey(context.db, pendingEmail) : false;
  return { next, pendingEmail, passkey };
}

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * Plain form posts: signing in works without JavaScript. First the e-mail and password; an admin with a
 * second factor then gets a second step (a 5-minute half-session) that asks for the app's code or a
 * recovery code. "Volver" drops the half-session and starts over.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeNext(String(form.get("next") ?? ""));
  const meta = {
    ip: context.clientIp,
    previousToken: context.sessionToken,
    userAgent: request.headers.get("user-agent"),
  };
  const intent = String(form.get("intent") ?? "password");
  const signedIn = (session: { token: string; expiresAt: Date; stage: string }) =>
    redirect(session.stage === "enrol" ? "/admin/seguridad" : next, {
      status: 303,
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) },
    });

  if (intent === "restart") {
    if (context.sessionToken) await deleteSession(context.db, context.sessionToken);
    return redirect(`/admin/login${next === "/admin" ? "" : `?next=${encodeURIComponent(next)}`}`, {
      status: 303,
      headers: { "Set-Cookie": clearedSessionCookie(context.config.secureCookies) },
    });
  }

  if (intent === "code") {
    const code = String(form.get("code") ?? "").trim();
    return formAction({ email: "", code: "" }, async () => {
      const session = await completeSignIn(
        context.db,
        context.sessionToken,
        async (userId) => (await verifyCode(context.db, userId, code.slice(0, 40))) !== null,
        meta,
      );
      return signedIn(session);
    });
  }

  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return formFailure(parsed.error, { email: String(form.get("email") ?? ""), code: "" });
  return formAction({ email: parsed.data.email, code: "" }, async () => {
    const session = await login(context.db, parsed.data, meta, { twoSteps: true });
    if (session.stage === "factor") {
      // The second step: the page reloads with the half-session's cookie and asks for the code.
      return redirect(`/admin/login${next === "/admin" ? "" : `?next=${encodeURIComponent(next)}`}`, {
        status: 303,
        headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) },
      });
    }
    return signedIn(session);
  });
}

export const meta = () => seoMeta({ title: "Ingresar al panel", noIndex: true });

/** The admin's own stylesheet, render-blocking in the <head> (app/styles/admin.css). */
export const links: Route.LinksFunction = () => [adminStylesheet];

function ErrorNote({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-md bg-terracotta/10 px-3 py-2 text-sm font-semibold text-terracotta-dark">
      {message}
    </p>
  ) : null;
}

const submitClass =
  "w-full rounded-full bg-moss py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70";

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const pending = loaderData.pendingEmail;
  return (
    <main id="contenido" className="flex flex-1 items-center justify-center bg-cream px-4 py-16">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm">
        <p className="font-serif text-2xl font-bold tracking-[0.2em] text-moss">RIZOMA</p>
        {pending ? (
          <>
            <h1 className="mt-4 font-serif text-2xl">Segundo paso</h1>
            <p className="mt-1 text-sm text-ink/75">
              Entrando como <strong className="break-all">{pending}</strong>.{" "}
              {loaderData.passkey
                ? "Usá tu llave de acceso, o ingresá el código de 6 dígitos de tu app de autenticación o uno de tus códigos de recuperación."
                : "Ingresá el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación."}
            </p>
            {loaderData.passkey ? (
              <div className="mt-6">
                <PasskeySignIn next={loaderData.next} />
                <p className="mt-4 text-center text-sm text-ink/75">o con un código</p>
              </div>
            ) : null}
            <Form method="post" className={`${loaderData.passkey ? "mt-2" : "mt-6"} space-y-4`} noValidate>
              <input type="hidden" name="next" value={loaderData.next} />
              <input type="hidden" name="intent" value="code" />
              <LabelledInput
                id="code"
                label="Código"
                name="code"
                autoComplete="one-time-code"
                inputMode="text"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                required
                autoFocus
              />
              <ErrorNote message={actionData?.message} />
              <button type="submit" disabled={sending} className={submitClass}>
                {sending ? "Verificando..." : "Verificar e ingresar"}
              </button>
            </Form>
            <Form method="post" className="mt-4 text-center">
              <input type="hidden" name="next" value={loaderData.next} />
              <input type="hidden" name="intent" value="restart" />
              <button type="submit" className="text-sm font-semibold text-moss underline underline-offset-2">
                Volver e ingresar con otra cuenta
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-4 font-serif text-2xl">Ingresar al panel</h1>
            <p className="mt-1 text-sm text-ink/75">Solo para quienes atienden la librería.</p>
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="next" value={loaderData.next} />
              <LabelledInput
                id="email"
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                required
                defaultValue={actionData?.values.email}
              />
              <LabelledInput
                id="password"
                label="Contraseña"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
              <ErrorNote message={actionData?.message} />
              <button type="submit" disabled={sending} className={submitClass}>
                {sending ? "Ingresando..." : "Ingresar"}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
