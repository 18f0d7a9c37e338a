import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/**
 * The two steps of every "we e-mail you a 6-digit code" page (the Caja Rizoma's botón de baja, the
 * sign-in to Mi cuenta): an email form, then a code form with "Pedir un código nuevo". Plain posts with an
 * `intent` ("request", "confirm", "resend") and the email in a hidden field, so they work without
 * JavaScript and need no session. The field with the error takes the focus.
 */

export const CODE_INPUT =
  "mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink focus:border-moss focus:outline-2 focus:outline-moss/40";
export const CODE_PRIMARY =
  "mt-6 w-full rounded-full bg-terracotta-dark px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70 sm:w-auto";
const CARD = "mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8";

function useFocusOnError(error: string | null) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return ref;
}

export function EmailStep({
  idPrefix,
  email,
  error,
  busy,
  hint,
  submitLabel,
  children,
}: {
  /** Ids of the field, its hint and its error ("baja" -> "baja-email"). */
  idPrefix: string;
  email: string;
  error: string | null;
  busy: boolean;
  hint: string;
  submitLabel: string;
  /** Extra hidden fields (where to go after signing in...). */
  children?: ReactNode;
}) {
  const fieldRef = useFocusOnError(error);
  return (
    <Form method="post" noValidate className={CARD}>
      <input type="hidden" name="intent" value="request" />
      {children}
      <label htmlFor={`${idPrefix}-email`} className="block font-semibold text-ink">
        Email
      </label>
      <input
        ref={fieldRef}
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${idPrefix}-error` : `${idPrefix}-email-hint`}
        placeholder="tu@email.com"
        className={CODE_INPUT}
      />
      <p id={`${idPrefix}-email-hint`} className="mt-1 text-sm text-ink/70">
        {hint}
      </p>
      {error ? (
        <p id={`${idPrefix}-error`} className="mt-2 text-sm text-terracotta-dark" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={CODE_PRIMARY}>
        {submitLabel}
      </button>
    </Form>
  );
}

export function CodeStep({
  idPrefix,
  email,
  emailLabel,
  otherEmailHref,
  sentMessage,
  code,
  error,
  busy,
  submitLabel,
  children,
}: {
  idPrefix: string;
  email: string;
  /** "Email de la suscripción", "Tu email"… */
  emailLabel: string;
  /** The page again, at the email step. */
  otherEmailHref: string;
  /** The answer of the code request, shown once. */
  sentMessage: string | null;
  code: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const fieldRef = useFocusOnError(error);
  return (
    <section className={CARD}>
      {sentMessage ? (
        <p className="rounded-lg bg-moss/10 p-3 text-moss" role="status">
          {sentMessage}
        </p>
      ) : null}
      <p className="mt-4 text-ink/85">
        {emailLabel}: <strong className="break-all">{email}</strong>{" "}
        <Link to={otherEmailHref} className="text-sm text-moss underline">
          Usar otro email
        </Link>
      </p>
      <Form method="post" noValidate className="mt-4">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="email" value={email} />
        {children}
        <label htmlFor={`${idPrefix}-code`} className="block font-semibold text-ink">
          Código
        </label>
        <input
          ref={fieldRef}
          id={`${idPrefix}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          defaultValue={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-error` : `${idPrefix}-code-hint`}
          className={`${CODE_INPUT} max-w-48 font-mono text-xl tracking-widest`}
        />
        <p id={`${idPrefix}-code-hint`} className="mt-1 text-sm text-ink/70">
          Los 6 números del correo que te mandamos. Vence a los 15 minutos y tenés 5 intentos.
        </p>
        {error ? (
          <p id={`${idPrefix}-error`} className="mt-2 text-sm text-terracotta-dark" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={CODE_PRIMARY}>
          {submitLabel}
        </button>
      </Form>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        {children}
        <button type="submit" disabled={busy} className="text-sm font-semibold text-moss underline">
          Pedir un código nuevo
        </button>
      </Form>
    </section>
  );
}
