import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { type AddedPasskey, AddPasskey } from "~/components/admin/passkey-buttons";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { FACTOR_KIND_LABELS, RECOVERY_CODE_COUNT } from "~/domain/auth/factors";
import {
  confirmTotp,
  factorRequired,
  listFactors,
  recoveryCodesLeft,
  removeFactor,
  renewRecoveryCodes,
  resumeTotp,
  startTotp,
  type TotpEnrolment,
} from "~/domain/auth/factors.server";
import { finishEnrolment } from "~/domain/auth/sessions.server";
import { shopMode } from "~/domain/demo/demo-mode.server";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { formFailure } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { Route } from "./+types/seguridad";

export const meta: Route.MetaFunction = () => [{ title: "Seguridad | Panel Rizoma" }];

const dateTime = new Intl.DateTimeFormat("es-AR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Argentina/Buenos_Aires",
});

/**
 * /admin/seguridad (issue 34): each admin's own second factors — an authenticator app (TOTP) and passkeys —
 * and their recovery codes. An admin who must enrol (the shop requires a factor and they have none) is sent
 * here by the gate and reaches nothing else until one is confirmed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const [factors, codesLeft, required, mode] = await Promise.all([
    listFactors(context.db, admin.id),
    recoveryCodesLeft(context.db, admin.id),
    factorRequired(context.db),
    shopMode(context.db),
  ]);
  return {
    email: admin.email,
    factors: factors.map((factor) => ({
      ...factor,
      createdAt: dateTime.format(factor.createdAt),
      lastUsedAt: factor.lastUsedAt ? dateTime.format(factor.lastUsedAt) : null,
    })),
    codesLeft,
    required,
    demo: mode === "demo",
    mustEnrol: context.adminSession?.mustEnrol === true,
  };
}

type ActionResult =
  | { kind: "enrolment"; enrolment: TotpEnrolment; message?: string }
  | { kind: "failure"; message: string }
  | { kind: "codes"; codes: string[]; enrolled: boolean }
  | { kind: "notice"; notice: NoticeData };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    switch (intent) {
      case "totp-start":
        return { kind: "enrolment", enrolment: await startTotp(context.db, admin) } satisfies ActionResult;
      case "totp-confirm": {
        const factorId = idParam(text("factorId"), "Ese código QR ya no sirve. Empezá de nuevo.");
        try {
          const { recoveryCodes } = await confirmTotp(context.db, admin, {
            factorId,
            code: text("code"),
            label: text("label"),
          });
          await finishEnrolment(context.db, admin.id);
          if (recoveryCodes) return { kind: "codes", codes: recoveryCodes, enrolled: true } satisfies ActionResult;
          return {
            kind: "notice",
            notice: { tone: "success", title: "App agregada", message: "Desde ahora también podés entrar con ella." },
          } satisfies ActionResult;
        } catch (error) {
          // A wrong code keeps the same QR on screen: the app already has it.
          const enrolment = await resumeTotp(context.db, admin, factorId);
          if (!enrolment) throw error;
          return formFailure(error, {}, { kind: "enrolment" as const, enrolment });
        }
      }
      case "remove":
        await removeFactor(context.db, admin, idParam(text("id"), "Ese factor ya no está."));
        return { kind: "notice", notice: { tone: "success", title: "Factor quitado" } } satisfies ActionResult;
      case "recovery-renew":
        return {
          kind: "codes",
          codes: await renewRecoveryCodes(context.db, admin),
          enrolled: false,
        } satisfies ActionResult;
      default:
        throw new Invalid("Acción desconocida");
    }
  } catch (error) {
    return formFailure(error, {}, { kind: "failure" as const });
  }
}

const button = "rounded-full bg-moss px-5 py-2.5 text-sm font-semibold text-white hover:bg-moss-dark";
const outlined = "rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/5";
const card = "rounded-xl bg-white p-5 shadow-sm";

function Enrolment({ enrolment, message }: { enrolment: TotpEnrolment; message?: string }) {
  return (
    <section aria-labelledby="nueva-app" className={card}>
      <h2 id="nueva-app" className="font-serif text-xl">
        Escaneá el código con tu app
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink/80">
        <li>Abrí tu app de autenticación (Google Authenticator, Microsoft Authenticator, Aegis, 1Password…).</li>
        <li>Agregá una cuenta nueva y escaneá este código QR.</li>
        <li>Escribí acá abajo el código de 6 dígitos que te muestra.</li>
      </ol>
      <div className="mt-4 flex flex-col gap-5 md:flex-row md:items-start">
        <div
          role="img"
          aria-label="Código QR para tu app de autenticación"
          className="h-48 w-48 shrink-0 rounded-lg border border-ink/15 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
          // The SVG is drawn here by the qrcode library from the secret: nothing from a visitor.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a QR drawn on the server from our own data.
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="min-w-0 space-y-3">
          <p className="text-sm text-ink/80">
            ¿No podés escanearlo? Cargá esta clave a mano:
            <code
              data-testid="totp-secret"
              className="mt-1 block break-all rounded bg-cream px-2 py-1 font-mono text-sm"
            >
              {enrolment.secret}
            </code>
          </p>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="totp-confirm" />
            <input type="hidden" name="factorId" value={enrolment.factorId} />
            <LabelledInput
              id="totp-code"
              label="Código de 6 dígitos"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
              required
              autoFocus
            />
            <LabelledInput
              id="totp-label"
              label="Nombre para reconocerla (opcional)"
              name="label"
              placeholder="Por ejemplo: teléfono de Ana"
              maxLength={60}
            />
            {message ? (
              <p
                role="alert"
                className="rounded-md bg-terracotta/10 px-3 py-2 text-sm font-semibold text-terracotta-dark"
              >
                {message}
              </p>
            ) : null}
            <button type="submit" className={button}>
              Confirmar
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}

function RecoveryCodes({ codes, enrolled }: { codes: string[]; enrolled: boolean }) {
  return (
    <section aria-labelledby="codigos" className="rounded-xl border-2 border-moss bg-white p-5 shadow-sm">
      <h2 id="codigos" className="font-serif text-xl">
        {enrolled ? "¡Listo! Guardá tus códigos de recuperación" : "Tus códigos de recuperación nuevos"}
      </h2>
      <p className="mt-1 text-sm text-ink/80">
        Si perdés el teléfono o la llave, cada uno de estos {codes.length} códigos te deja entrar una vez en lugar de tu
        segundo factor. Guardalos ahora en un lugar seguro (un gestor de contraseñas o impresos): no los vamos a volver
        a mostrar
        {enrolled ? "" : ", y los anteriores ya no sirven"}.
      </p>
      <ul data-testid="recovery-codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-cream px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      {enrolled ? (
        <Link to="/admin" className={`${button} mt-5 inline-block`}>
          Ya los guardé, ir al panel
        </Link>
      ) : null}
    </section>
  );
}

export default function AdminSeguridad({ loaderData, actionData }: Route.ComponentProps) {
  const { factors, codesLeft, required, demo, mustEnrol } = loaderData;
  const result = actionData as ActionResult | undefined;
  const revalidator = useRevalidator();
  // A passkey is added by the browser's code (passkey-buttons.tsx), not by this page's action: what it
  // answered is shown here, and the list is read again.
  const [passkey, setPasskey] = useState<AddedPasskey | null>(null);
  const passkeyAdded = (added: AddedPasskey) => {
    setPasskey(added);
    void revalidator.revalidate();
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Seguridad</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          Un segundo factor protege el panel aunque alguien consiga tu contraseña: al entrar te pedimos también el
          código de tu app de autenticación o tu llave de acceso.
        </p>
      </div>
      {mustEnrol && factors.length === 0 ? (
        <Notice
          notice={{
            tone: "error",
            title: "Configurá tu segundo factor para seguir",
            message: "La tienda lo pide a todo el equipo. Cuando lo confirmes, vas a poder usar el panel.",
          }}
        />
      ) : null}
      {demo ? (
        <p className="rounded-lg border border-ochre/40 bg-ochre/10 px-4 py-3 text-sm text-ink">
          Esta es una tienda de demostración: el segundo factor se ofrece para que lo pruebes, pero no se pide. En una
          tienda en producción es obligatorio para todo el equipo.
        </p>
      ) : null}
      {result?.kind === "notice" ? <Notice notice={result.notice} /> : null}
      {result?.kind === "failure" ? <Notice notice={failureNotice(result, "No se pudo completar")} /> : null}
      {result?.kind === "codes" ? <RecoveryCodes codes={result.codes} enrolled={result.enrolled} /> : null}
      {result?.kind === "enrolment" ? <Enrolment enrolment={result.enrolment} message={result.message} /> : null}
      {passkey?.recoveryCodes ? <RecoveryCodes codes={passkey.recoveryCodes} enrolled /> : null}
      {passkey && !passkey.recoveryCodes ? (
        <Notice
          notice={{
            tone: "success",
            title: "Llave de acceso agregada",
            message: `Desde ahora también podés entrar con «${passkey.label}».`,
          }}
        />
      ) : null}

      <section aria-labelledby="factores" className={card}>
        <h2 id="factores" className="font-serif text-xl">
          Tus segundos factores
        </h2>
        {factors.length === 0 ? (
          <p className="mt-2 text-sm text-ink/80">
            Todavía no configuraste ninguno.{" "}
            {required ? "La tienda lo pide para entrar al panel." : "Te recomendamos hacerlo."}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-ink/10">
            {factors.map((factor) => (
              <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-words font-semibold">{factor.label}</p>
                  <p className="text-sm text-ink/75">
                    {FACTOR_KIND_LABELS[factor.kind]} · Agregado: {factor.createdAt} · Último uso:{" "}
                    {factor.lastUsedAt ?? "nunca"}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={factor.id} />
                  <button type="submit" className={outlined} aria-label={`Quitar ${factor.label}`}>
                    Quitar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {result?.kind === "enrolment" ? null : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="totp-start" />
            <button type="submit" className={button}>
              Agregar una app de autenticación
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="llaves" className={card}>
        <h2 id="llaves" className="font-serif text-xl">
          Llaves de acceso
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-ink/80">
          Una llave de acceso usa el desbloqueo de tu dispositivo (huella, rostro o PIN) o una llave física USB o NFC.
          No hay código que copiar, y solo funciona en esta tienda: no sirve en una página que la imite.
        </p>
        <AddPasskey onAdded={passkeyAdded} />
      </section>

      {factors.length > 0 ? (
        <section aria-labelledby="recuperacion" className={card}>
          <h2 id="recuperacion" className="font-serif text-xl">
            Códigos de recuperación
          </h2>
          <p className="mt-1 text-sm text-ink/80">
            Te quedan {codesLeft} de {RECOVERY_CODE_COUNT}. Cada uno sirve una sola vez si no tenés tu app o tu llave a
            mano.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="recovery-renew" />
            <button type="submit" className={outlined}>
              Generar códigos nuevos
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Seguridad"
      message="No se pudo cargar la seguridad de tu cuenta"
      retry={{ href: "/admin/seguridad", label: "Probá de nuevo" }}
    />
  );
}
