import { Form, Link, redirect } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { StepUpField } from "~/components/admin/step-up-field";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { factorRequired, factorRequiredChoice, setFactorRequired } from "~/domain/auth/factors.server";
import { ADMIN_ROLES, type AdminRole, ROLE_HINTS, ROLE_LABELS } from "~/domain/auth/roles";
import { INVITE_HOURS, MIN_PASSWORD_LENGTH } from "~/domain/auth/team";
import {
  changeOwnPassword,
  changeRole,
  inviteAdmin,
  isSaleDevice,
  listTeam,
  markSaleDevice,
  removeAdmin,
  revokeInvite,
  signOutOtherSessions,
} from "~/domain/auth/team.server";
import { shopMode } from "~/domain/demo/demo-mode.server";
import { Invalid } from "~/domain/errors";
import { requireAction, requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { alertOrigin, requireFormStepUp, stepUpState } from "~/lib/step-up.server";
import type { Route } from "./+types/equipo";

export const meta: Route.MetaFunction = () => [{ title: "Equipo | Panel Rizoma" }];

const notices: Record<string, NoticeData> = {
  invitacion: { tone: "success", title: "Invitación enviada", message: `El enlace vence en ${INVITE_HOURS} horas.` },
  anulada: { tone: "success", title: "Invitación anulada", message: "Su enlace ya no sirve." },
  rol: { tone: "success", title: "Rol actualizado" },
  quitado: {
    tone: "success",
    title: "Listo",
    message: "Esa persona ya no es parte del equipo y sus sesiones se cerraron.",
  },
  clave: { tone: "success", title: "Contraseña cambiada", message: "Cerramos tus otras sesiones." },
  sesiones: { tone: "success", title: "Listo", message: "Cerramos tus otras sesiones." },
  factor: { tone: "success", title: "Listo", message: "Guardamos cuándo se pide el segundo factor." },
  venta: { tone: "success", title: "Dispositivo de venta", message: "Este dispositivo queda abierto hasta 12 horas." },
  "venta-off": {
    tone: "success",
    title: "Listo",
    message: "Este dispositivo vuelve a cerrarse tras 30 minutos sin uso.",
  },
};

const dateTime = new Intl.DateTimeFormat("es-AR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Argentina/Buenos_Aires",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const [team, saleDevice, required, mode, factorChosen] = await Promise.all([
    listTeam(context.db, admin),
    isSaleDevice(context.db, context.sessionToken),
    factorRequired(context.db),
    shopMode(context.db),
    factorRequiredChoice(context.db),
  ]);
  const owner = admin.role === "owner";
  const format = (date: Date | null) => (date ? dateTime.format(date) : null);
  return {
    owner,
    saleDevice,
    me: { email: admin.email, role: admin.role },
    factorPolicy: { required, mode, chosen: factorChosen },
    // Staff see only themselves: the team's list is the owners' to manage.
    members: team.members
      .filter((member) => owner || member.self)
      .map((member) => ({ ...member, createdAt: format(member.createdAt), lastLoginAt: format(member.lastLoginAt) })),
    invites: owner ? team.invites.map((invite) => ({ ...invite, expiresAt: format(invite.expiresAt) })) : [],
    notice: notices[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null,
    // Inviting someone, or making someone an owner, asks for a fresh proof (step-up).
    stepUp: owner ? await stepUpState(context, admin) : null,
  };
}

/** Every form on the page posts here with its `intent`; the owner-only ones are declared in roles.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const done = (aviso: string) => redirect(`/admin/equipo?aviso=${aviso}`, 303);
  const origin = alertOrigin(request, context);
  const runs: Record<string, () => Promise<Response>> = {
    invite: async () => {
      await requireFormStepUp(context, admin, form);
      await inviteAdmin(
        { db: context.db, siteUrl: context.config.publicUrl },
        admin,
        { email: text("email"), role: text("role") },
        origin,
      );
      return done("invitacion");
    },
    "revoke-invite": async () => {
      await revokeInvite(context.db, admin, idParam(text("id"), "No encontramos esa invitación"));
      return done("anulada");
    },
    role: async () => {
      const id = idParam(text("id"), "No encontramos a esa persona");
      // Making someone an owner hands them everything: a fresh proof first.
      if (text("role") === "owner") await requireFormStepUp(context, admin, form);
      await changeRole(context.db, admin, id, text("role"), origin);
      return done("rol");
    },
    remove: async () => {
      await removeAdmin(context.db, admin, idParam(text("id"), "No encontramos a esa persona"));
      return done("quitado");
    },
    password: async () => {
      await changeOwnPassword(
        context.db,
        admin,
        { current: text("current"), next: text("next") },
        context.sessionToken,
      );
      return done("clave");
    },
    "sign-out-others": async () => {
      await signOutOtherSessions(context.db, admin, context.sessionToken);
      return done("sesiones");
    },
    "factor-required": async () => {
      await setFactorRequired(context.db, admin, text("required") === "1", origin);
      return done("factor");
    },
    "sale-device": async () => {
      const on = text("on") === "1";
      await markSaleDevice(context.db, admin, context.sessionToken, on);
      return done(on ? "venta" : "venta-off");
    },
  };
  return formAction(
    { email: text("email") },
    async () => {
      const run = Object.hasOwn(runs, intent) ? runs[intent] : undefined;
      if (!run) throw new Invalid("Acción desconocida");
      requireAction(admin, "admin/equipo", intent);
      return run();
    },
    { intent },
  );
}

/** "Una app de autenticación y 2 llaves de acceso", or that there is none yet. */
function factorText(factors: { totp: number; passkey: number }): string {
  const parts = [
    factors.totp === 1 ? "una app de autenticación" : factors.totp > 1 ? `${factors.totp} apps de autenticación` : "",
    factors.passkey === 1 ? "una llave de acceso" : factors.passkey > 1 ? `${factors.passkey} llaves de acceso` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" y ") : "ninguno todavía";
}

const button = "rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark";
const outlined = "rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/5";
const card = "rounded-xl bg-white p-5 shadow-sm";

function RoleSelect({ id, value }: { id: string; value?: AdminRole }) {
  return (
    <select
      id={id}
      name="role"
      defaultValue={value ?? "staff"}
      className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2"
    >
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

export default function AdminEquipo({ loaderData, actionData }: Route.ComponentProps) {
  const { owner, me, members, invites, saleDevice, notice, factorPolicy, stepUp } = loaderData;
  const failure = failureNotice(actionData, "No se pudo completar");
  const stepUpError = (intent: string) => (actionData?.intent === intent ? actionData.fields?.stepUpProof : undefined);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Equipo</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          {owner
            ? "Quiénes entran al panel y qué puede hacer cada uno. Titular: todo. Equipo: el día a día, sin ajustes, reembolsos ni exportaciones."
            : "Tu cuenta del panel: tu contraseña, tus sesiones y este dispositivo."}
        </p>
      </div>
      <Notice notice={failure ?? notice} />

      <section aria-labelledby="mi-cuenta" className={card}>
        <h2 id="mi-cuenta" className="font-serif text-xl">
          Tu cuenta
        </h2>
        <p className="mt-1 text-sm text-ink/80">
          {me.email} · {ROLE_LABELS[me.role]} ·{" "}
          <Link to="/admin/seguridad" className="font-semibold text-moss underline underline-offset-2">
            Tu segundo factor
          </Link>
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="password" />
            <h3 className="font-semibold">Cambiar tu contraseña</h3>
            <LabelledInput
              id="current"
              label="Contraseña actual"
              name="current"
              type="password"
              autoComplete="current-password"
              required
            />
            <LabelledInput
              id="next"
              label={`Contraseña nueva (al menos ${MIN_PASSWORD_LENGTH} caracteres)`}
              name="next"
              type="password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              required
            />
            <button type="submit" className={button}>
              Cambiar contraseña
            </button>
            <p className="text-xs text-ink/75">Al cambiarla se cierran tus otras sesiones.</p>
          </Form>
          <div className="space-y-5">
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-others" />
              <h3 className="font-semibold">Tus otras sesiones</h3>
              <p className="mt-1 text-sm text-ink/75">
                ¿Dejaste el panel abierto en otra compu o en un teléfono? Cerralas todas menos esta.
              </p>
              <button type="submit" className={`${outlined} mt-3`}>
                Cerrar mis otras sesiones
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="sale-device" />
              <input type="hidden" name="on" value={saleDevice ? "0" : "1"} />
              <h3 className="font-semibold">Dispositivo de venta</h3>
              <p className="mt-1 text-sm text-ink/75">
                {saleDevice
                  ? "Este dispositivo es el de venta de la tienda: queda abierto hasta 12 horas desde que entraste, aunque no lo uses."
                  : "Las sesiones se cierran tras 30 minutos sin uso. Si este es el teléfono del mostrador o de la feria, marcalo y queda abierto hasta 12 horas."}
              </p>
              <button type="submit" className={`${outlined} mt-3`}>
                {saleDevice ? "Dejar de usarlo para vender" : "Usar este dispositivo para vender"}
              </button>
            </Form>
          </div>
        </div>
      </section>

      {owner ? (
        <>
          <section aria-labelledby="personas" className={card}>
            <h2 id="personas" className="font-serif text-xl">
              Personas con acceso
            </h2>
            <ul className="mt-4 divide-y divide-ink/10">
              {members.map((member) => (
                <li key={member.id} className="flex flex-col gap-3 py-4 md:flex-row md:items-start md:justify-between">
                  <div className="min-w-0">
                    <p className="break-words font-semibold">
                      {member.email}
                      {member.self ? <span className="ml-2 text-sm font-normal text-ink/70">(vos)</span> : null}
                    </p>
                    <p className="text-sm text-ink/75">
                      {ROLE_LABELS[member.role]} · Último ingreso: {member.lastLoginAt ?? "nunca"} · Sesiones abiertas:{" "}
                      {member.sessions}
                    </p>
                    <p className="text-sm text-ink/75">Segundo factor: {factorText(member.factors)}</p>
                  </div>
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post" className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={member.id} />
                      <div>
                        <label htmlFor={`rol-${member.id}`} className="block text-xs font-semibold">
                          Rol de {member.email}
                        </label>
                        <RoleSelect id={`rol-${member.id}`} value={member.role} />
                      </div>
                      {stepUp && !stepUp.fresh ? (
                        <StepUpField state={stepUp} error={stepUpError("role")} compact />
                      ) : null}
                      <button type="submit" className={outlined}>
                        Cambiar
                      </button>
                    </Form>
                    {member.self ? null : (
                      <details className="text-sm">
                        <summary className="cursor-pointer py-2 font-semibold text-terracotta-dark">Quitar…</summary>
                        <Form method="post" className="mt-2">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="id" value={member.id} />
                          <p className="max-w-xs text-ink/80">Sus sesiones se cierran en el momento.</p>
                          <button
                            type="submit"
                            className="mt-2 rounded-full bg-terracotta-dark px-4 py-2 font-semibold text-white"
                          >
                            Quitar a {member.email}
                          </button>
                        </Form>
                      </details>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="segundo-factor" className={card}>
            <h2 id="segundo-factor" className="font-serif text-xl">
              Segundo factor
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-ink/80">
              {factorPolicy.mode === "demo"
                ? "Esta es una tienda de demostración: el segundo factor se ofrece, pero no se pide a nadie."
                : factorPolicy.mode === "live"
                  ? "La tienda está en producción: todo el equipo entra con su contraseña y un segundo factor (una app de autenticación o una llave de acceso). Quien no tenga uno lo configura al entrar."
                  : factorPolicy.required
                    ? "Todo el equipo entra con su contraseña y un segundo factor. Quien no tenga uno lo configura al entrar."
                    : "Todavía es opcional. Al pasar a producción se pide a todo el equipo; podés pedirlo desde ya."}
            </p>
            {factorPolicy.mode === "plain" ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="factor-required" />
                <input type="hidden" name="required" value={factorPolicy.chosen ? "0" : "1"} />
                <button type="submit" className={outlined}>
                  {factorPolicy.chosen
                    ? "Dejarlo opcional hasta pasar a producción"
                    : "Pedirlo a todo el equipo desde ya"}
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="invitar" className={card}>
            <h2 id="invitar" className="font-serif text-xl">
              Invitar a alguien
            </h2>
            <p className="mt-1 text-sm text-ink/75">
              Le mandamos un enlace para que elija su contraseña. Sirve una sola vez y vence en {INVITE_HOURS} horas.
            </p>
            <Form method="post" className="mt-4 grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end">
              <input type="hidden" name="intent" value="invite" />
              <LabelledInput
                id="invite-email"
                label="Email"
                name="email"
                type="email"
                autoComplete="off"
                required
                defaultValue={actionData?.values.email}
              />
              <div>
                <label htmlFor="invite-role" className="block text-sm font-semibold">
                  Rol
                </label>
                <RoleSelect id="invite-role" />
              </div>
              {stepUp ? (
                <div className="md:col-span-3">
                  <StepUpField state={stepUp} error={stepUpError("invite")} />
                </div>
              ) : null}
              <button type="submit" className={button}>
                Enviar invitación
              </button>
            </Form>
            <ul className="mt-3 space-y-1 text-xs text-ink/75">
              {ADMIN_ROLES.map((role) => (
                <li key={role}>
                  <strong>{ROLE_LABELS[role]}:</strong> {ROLE_HINTS[role]}
                </li>
              ))}
            </ul>
            {invites.length > 0 ? (
              <>
                <h3 className="mt-6 font-semibold">Invitaciones abiertas</h3>
                <ul className="mt-2 divide-y divide-ink/10">
                  {invites.map((invite) => (
                    <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                      <span className="break-words">
                        {invite.email} · {ROLE_LABELS[invite.role]} · vence {invite.expiresAt}
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke-invite" />
                        <input type="hidden" name="id" value={invite.id} />
                        <button type="submit" className={outlined}>
                          Anular
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Equipo"
      message="No se pudo cargar el equipo"
      retry={{ href: "/admin/equipo", label: "Probá de nuevo" }}
    />
  );
}
