import { type FormEvent, useEffect, useState } from "react";
import { LabelledInput } from "~/components/admin/labelled-input";
import { PASSKEY_LABEL_MAX, PASSKEY_MESSAGES } from "~/domain/auth/passkeys";

/**
 * The browser's half of passkeys (WebAuthn, with @simplewebauthn/browser, loaded only when used): adding one
 * in Seguridad, and the sign-in's second step. Both need JavaScript and a browser with
 * `window.PublicKeyCredential`; without them the button stays off and the reason is written beside it.
 */

type Support = "unknown" | "yes" | "no";

/** Whether this browser can use passkeys: unknown until the page runs here (the server cannot tell). */
function usePasskeySupport(): Support {
  const [support, setSupport] = useState<Support>("unknown");
  useEffect(() => {
    setSupport(typeof window.PublicKeyCredential === "function" ? "yes" : "no");
  }, []);
  return support;
}

/** An answer of ours that said no: its Spanish message is shown as it is. */
class Refusal extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: the endpoints' JSON answers, read field by field below.
async function postJson(url: string, body: unknown): Promise<Record<string, any>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Refusal("No hay conexión con la tienda. Revisá tu conexión y probá de nuevo.");
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer?.success !== true) {
    throw new Refusal(typeof answer?.error === "string" ? answer.error : PASSKEY_MESSAGES.failed);
  }
  return answer;
}

/** What to tell the admin when a ceremony failed: our refusal, or the browser's error in plain words. */
function messageFor(error: unknown): string {
  if (error instanceof Refusal) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return PASSKEY_MESSAGES.cancelled;
  if (name === "InvalidStateError") return PASSKEY_MESSAGES.alreadyHere;
  if (name === "SecurityError") return PASSKEY_MESSAGES.wrongAddress;
  if (name === "NotSupportedError") return PASSKEY_MESSAGES.unsupported;
  return PASSKEY_MESSAGES.failed;
}

function Trouble({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-md bg-terracotta/10 px-3 py-2 text-sm font-semibold text-terracotta">
      {message}
    </p>
  ) : null;
}

function SupportNote({ support }: { support: Support }) {
  return (
    <>
      <noscript>
        <p className="text-sm text-ink/80">{PASSKEY_MESSAGES.needsJavaScript}</p>
      </noscript>
      {support === "no" ? <p className="text-sm text-ink/80">{PASSKEY_MESSAGES.unsupported}</p> : null}
    </>
  );
}

export interface AddedPasskey {
  label: string;
  /** The ten recovery codes when this was the admin's first factor (to show once), else null. */
  recoveryCodes: string[] | null;
}

/** Seguridad's "Agregar una llave de acceso": a name, then the browser's own prompt. */
export function AddPasskey({ onAdded }: { onAdded: (added: AddedPasskey) => void }) {
  const support = usePasskeySupport();
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      const { options } = await postJson("/api/admin/passkeys/options", {});
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON: options });
      const added = await postJson("/api/admin/passkeys/register", { response, label });
      setLabel("");
      onAdded({ label: String(added.label), recoveryCodes: added.recoveryCodes ?? null });
    } catch (error) {
      setTrouble(messageFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} className="mt-4 max-w-md space-y-3">
      <LabelledInput
        id="passkey-label"
        label="Nombre para reconocerla (opcional)"
        name="label"
        placeholder="Por ejemplo: notebook de la librería"
        maxLength={PASSKEY_LABEL_MAX}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <SupportNote support={support} />
      <Trouble message={trouble} />
      <button
        type="submit"
        disabled={support !== "yes" || busy}
        className="rounded-full bg-moss px-5 py-2.5 text-sm font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
      >
        {busy ? "Esperando la llave..." : "Agregar una llave de acceso"}
      </button>
    </form>
  );
}

/** The sign-in's second step with a passkey: on success the browser goes to `next` with the new session. */
export function PasskeySignIn({ next }: { next: string }) {
  const support = usePasskeySupport();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setTrouble(null);
    try {
      const { options } = await postJson("/api/auth/passkey/options", {});
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON: options });
      const signedIn = await postJson("/api/auth/passkey/verify", { response, next });
      // A full load: the whole page (menu, role) is read again with the new session.
      window.location.assign(String(signedIn.redirect));
    } catch (error) {
      setTrouble(messageFor(error));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <SupportNote support={support} />
      <Trouble message={trouble} />
      <button
        type="button"
        onClick={signIn}
        disabled={support !== "yes" || busy}
        className="w-full rounded-full border border-moss py-2.5 font-semibold text-moss hover:bg-moss/5 disabled:opacity-70"
      >
        {busy ? "Esperando la llave..." : "Usar mi llave de acceso"}
      </button>
    </div>
  );
}

/**
 * A step-up with a passkey, inside a sensitive form (StepUpField): the browser's prompt, then the session
 * counts as proved for 10 minutes and the form goes without a code.
 */
export function PasskeyStepUp({ onProved }: { onProved: () => void }) {
  const support = usePasskeySupport();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<string | null>(null);

  async function prove() {
    setBusy(true);
    setTrouble(null);
    try {
      const { options } = await postJson("/api/admin/passkeys/step-up/options", {});
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON: options });
      await postJson("/api/admin/passkeys/step-up", { response });
      onProved();
    } catch (error) {
      setTrouble(messageFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <SupportNote support={support} />
      <Trouble message={trouble} />
      <button
        type="button"
        onClick={prove}
        disabled={support !== "yes" || busy}
        className="rounded-full border border-moss bg-white px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/5 disabled:opacity-70"
      >
        {busy ? "Esperando la llave..." : "Confirmar con mi llave de acceso"}
      </button>
    </div>
  );
}
