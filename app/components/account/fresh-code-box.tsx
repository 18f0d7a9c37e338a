import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { INPUT, LABEL, PRIMARY, SECONDARY } from "./form-styles";

/**
 * "Confirmá que sos vos" on /cuenta/privacidad (app/domain/accounts/fresh-code.server.ts): one plain form
 * sends a code to the signed-in email, the other takes it. Two forms, not two buttons in one, so Enter in
 * the code field confirms instead of sending another code. Works without JavaScript.
 */
export function FreshCodeBox({
  email,
  reason,
  sent,
  sendError,
  code,
  codeError,
  busy,
}: {
  email: string;
  /** Why the reader is here (a download asked for without a fresh proof), shown first. */
  reason: string | null;
  /** The answer of "Mandarme un código". */
  sent: string | null;
  sendError: string | null;
  code: string;
  codeError: string | null;
  busy: boolean;
}) {
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeError || sent) codeRef.current?.focus();
  }, [codeError, sent]);
  return (
    <section
      id="confirmar"
      aria-labelledby="confirmar-titulo"
      className="scroll-mt-32 rounded-2xl bg-white p-6 shadow-sm ring-2 ring-terracotta-dark/40 sm:p-8"
    >
      <h2 id="confirmar-titulo" className="font-serif text-2xl text-ink">
        Confirmá que sos vos
      </h2>
      {reason ? (
        <p className="mt-3 rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark" role="alert">
          {reason}
        </p>
      ) : null}
      <p className="mt-3 text-ink/85">
        Para descargar tus datos o eliminar tu cuenta tenemos que confirmar que sos vos: te mandamos un código de 6
        números a <strong className="break-all">{email}</strong>. Después de confirmarlo tenés 10 minutos para hacerlo.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="send-code" />
        <button type="submit" disabled={busy} className={SECONDARY}>
          Mandarme un código
        </button>
      </Form>
      {sent ? (
        <p className="mt-3 rounded-lg bg-moss/10 p-3 text-sm text-moss" role="status">
          {sent}
        </p>
      ) : null}
      {sendError ? (
        <p className="mt-3 rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark" role="alert">
          {sendError}
        </p>
      ) : null}
      <Form method="post" noValidate className="mt-5 space-y-3">
        <input type="hidden" name="intent" value="confirm-code" />
        <div>
          <label htmlFor="confirmar-codigo" className={LABEL}>
            Código de 6 números
          </label>
          <input
            ref={codeRef}
            id="confirmar-codigo"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            defaultValue={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "confirmar-codigo-error" : "confirmar-codigo-ayuda"}
            className={`${INPUT} max-w-48 font-mono text-xl tracking-widest`}
          />
          <p id="confirmar-codigo-ayuda" className="mt-1 text-sm text-ink/75">
            Los 6 números del correo que te mandamos. Vence a los 15 minutos y tenés 5 intentos.
          </p>
          {codeError ? (
            <p id="confirmar-codigo-error" className="mt-1 text-sm text-terracotta-dark" role="alert">
              {codeError}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy} className={PRIMARY}>
          Confirmar
        </button>
      </Form>
    </section>
  );
}
