import { Form, redirect, useNavigation } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { safeNext } from "~/domain/auth/admin-paths";
import { login, loginSchema } from "~/domain/auth/login.server";
import { sessionCookie } from "~/lib/admin-cookie.server";
import { formAction, formFailure } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (context.admin) throw redirect(next, 303);
  return { next };
}

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/** A plain form post: signing in works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeNext(String(form.get("next") ?? ""));
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return formFailure(parsed.error, { email: String(form.get("email") ?? "") });
  return formAction({ email: parsed.data.email }, async () => {
    const session = await login(context.db, parsed.data, {
      ip: context.clientIp,
      previousToken: context.sessionToken,
      userAgent: request.headers.get("user-agent"),
    });
    return redirect(next, {
      status: 303,
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) },
    });
  });
}

export const meta = () => seoMeta({ title: "Ingresar al panel", noIndex: true });

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  return (
    <main id="contenido" className="flex flex-1 items-center justify-center bg-cream px-4 py-16">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm">
        <p className="font-serif text-2xl font-bold tracking-[0.2em] text-moss">RIZOMA</p>
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
          {actionData?.message ? (
            <p role="alert" className="rounded-md bg-terracotta/10 px-3 py-2 text-sm font-semibold text-terracotta">
              {actionData.message}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-full bg-moss py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
          >
            {sending ? "Ingresando..." : "Ingresar"}
          </button>
        </Form>
      </div>
    </main>
  );
}
