import { useId, useState } from "react";
import { PasskeyStepUp } from "~/components/admin/passkey-buttons";
import { WARNING_BOX } from "~/components/admin/warning-panel";
import { STEP_UP_FIELD, STEP_UP_LABELS, STEP_UP_MESSAGES, type StepUpState } from "~/domain/auth/step-up";

/**
 * The proof a sensitive form carries (docs/decisions/0046): placed inside the form, before its button. When
 * the session's last proof is older than 10 minutes (the page's loader says so with `stepUpState`), or the
 * last post was refused for it, it asks for the code (or the password, for an admin with no second factor);
 * otherwise it only says, quietly, for how long no proof is needed. A plain input: works without JavaScript.
 */
export function StepUpField({
  state,
  error,
  compact = false,
}: {
  state: StepUpState;
  /** The refusal of the last post (wrong or missing proof), shown under the input. */
  error?: string;
  /** A smaller box, for a form repeated on every row of a list. */
  compact?: boolean;
}) {
  const id = useId();
  // Proved with a passkey on this page: the session is fresh now, the form goes without a code.
  const [proved, setProved] = useState(false);
  if (proved) {
    return (
      <p role="status" className="text-sm font-semibold text-moss">
        Listo: confirmaste que sos vos con tu llave de acceso. Ya podés seguir.
      </p>
    );
  }
  if (state.fresh && !error) {
    return compact ? null : (
      <p className="text-sm text-ink/70">
        Ya confirmaste que sos vos: por {state.minutesLeft} {state.minutesLeft === 1 ? "minuto" : "minutos"} no te lo
        volvemos a pedir.
      </p>
    );
  }
  const password = state.method === "password";
  return (
    <fieldset className={`${WARNING_BOX} ${compact ? "" : "space-y-2"}`}>
      <legend className="float-left w-full font-semibold text-ink">Confirmá que sos vos</legend>
      {compact ? null : <p className="text-ink/85">{STEP_UP_MESSAGES[state.method]}</p>}
      <div>
        <label htmlFor={`${id}-proof`} className="block font-semibold text-ink">
          {STEP_UP_LABELS[state.method]}
        </label>
        <input
          id={`${id}-proof`}
          name={STEP_UP_FIELD}
          type={password ? "password" : "text"}
          inputMode={password ? undefined : "text"}
          autoComplete={password ? "current-password" : "one-time-code"}
          spellCheck={false}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 w-full max-w-xs rounded-lg border border-ink/25 bg-white px-3 py-2 font-mono"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 font-semibold text-ink">
            {error}
          </p>
        ) : null}
      </div>
      {state.passkey ? (
        <div className="pt-1">
          <p className="mb-2 text-ink/85">O, en lugar del código:</p>
          <PasskeyStepUp onProved={() => setProved(true)} />
        </div>
      ) : null}
    </fieldset>
  );
}
