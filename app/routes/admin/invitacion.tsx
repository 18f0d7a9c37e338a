import { Form, redirect, useNavigation } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { ROLE_HINTS, ROLE_LABELS } from "~/domain/auth/roles";
import { MIN_PASSWORD_LENGTH, TEAM_MESSAGES } from "~/domain/auth/team";
import { acceptInvite, openInvite } from "~/domain/auth/team.server";
import { sessionCookie } from "~/lib/admin-cookie.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { seoMeta } from "~/lib/seo";
import { adminStylesheet } from "~/styles/stylesheets";
import type { Route } from "./+types/invitacion";

/**
 * An invitation to the team (issue 34): the link from the e-mail opens this page, where the invited person
 * chooses a password and enters the panel. Outside the admin's gate, like the sign-in; the link works once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const invite = await openInvite(context.db, token);
  return { token: invite ? token : null, invite };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  return formAction({}, async () => {
    const session = await acceptInvite(
      context.db,
      token,
      form.get("password") ?? "",
      { ip: context.clientIp, userAgent: request.headers.get("user-agent") },
      context.config.publicUrl,
    );
    return redirect("/admin", {
      status: 303,
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) },
    });
  });
}

export const meta = () => seoMeta({ title: "Invitación al panel", noIndex: true });

/** The admin's own stylesheet, render-blocking in the <head> (app/styles/admin.css). */
export const links: Route.LinksFunction = () => [adminStylesheet];

export default function AdminInvitacion({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { invite, token } = loaderData;
  return (
    <main id="contenido" className="flex flex-1 items-center justify-center bg-cream px-4 py-16">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm">
        <p className="font-serif text-2xl font-bold tracking-[0.2em] text-moss">RIZOMA</p>
        <h1 className="mt-4 font-serif text-2xl">Invitación al panel</h1>
        {invite && token ? (
          <>
            <p className="mt-2 text-sm text-ink/80">
              Entrás como <strong>{invite.email}</strong>, con el rol {ROLE_LABELS[invite.role].toLowerCase()}.{" "}
              {ROLE_HINTS[invite.role]}
            </p>
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="username" value={invite.email} autoComplete="username" />
              <LabelledInput
                id="password"
                label={`Elegí tu contraseña (al menos ${MIN_PASSWORD_LENGTH} caracteres)`}
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                required
              />
              {actionData?.message ? (
                <p
                  role="alert"
                  className="rounded-md bg-terracotta/10 px-3 py-2 text-sm font-semibold text-terracotta-dark"
                >
                  {actionData.message}
                </p>
              ) : null}
              <button
                type="submit"
                disabled={navigation.state !== "idle"}
                className="w-full rounded-full bg-moss py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
              >
                Entrar al panel
              </button>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-3 text-ink/80">
            {actionData?.message ?? TEAM_MESSAGES.inviteInvalid}
          </p>
        )}
      </div>
    </main>
  );
}
