import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { type ClaimInput, claimErrors } from "~/domain/prizes/rules";
import { submitClaim } from "./claim-client";
import type { ClaimResult } from "./claim-result";

const FIELDS: {
  name: keyof ClaimInput;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: "numeric" | "tel";
  maxLength: number;
}[] = [
  { name: "name", label: "Nombre y apellido", type: "text", autoComplete: "name", maxLength: 100 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "dni", label: "DNI", type: "text", autoComplete: "off", inputMode: "numeric", maxLength: 8 },
  { name: "phone", label: "Teléfono", type: "tel", autoComplete: "tel", inputMode: "tel", maxLength: 30 },
];

/** Keeps the DNI field to its 8 digits as the winner types. */
function digitsOnly(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  input.value = input.value.replace(/\D/g, "").slice(0, 8);
}

/**
 * The winner's details. Without JavaScript it posts to the page's action (whose answer comes back as
 * `result`); with it, the fields are checked here first and the claim goes to the API, whose outcome
 * reaches the page through `onClaimed`.
 */
export function ClaimForm({
  code,
  result,
  onClaimed,
}: {
  /** The code being claimed, as checkCode normalised it. */
  code: string;
  result: ClaimResult | null;
  onClaimed: (result: ClaimResult) => void;
}) {
  const navigation = useNavigation();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimInput, string>> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const submitting = sending || navigation.state === "submitting";
  const serverFields = result && !result.ok && "fields" in result ? result : null;
  const shownErrors = errors ?? serverFields?.fields ?? {};
  const shownMessage =
    message ?? (serverFields && Object.keys(serverFields.fields).length === 0 ? serverFields.error : null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(form.get(name) ?? "")]));
    const found = claimErrors(values);
    setErrors(found);
    setMessage(null);
    const first = FIELDS.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(`claim-${first.name}`)?.focus();
      return;
    }
    setSending(true);
    const answer = await submitClaim(code, values);
    if (typeof answer === "string") setMessage(answer);
    else onClaimed(answer);
    setSending(false);
  }

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="mt-8 border-t border-ink/10 pt-6"
      aria-labelledby="reclamar"
    >
      <h2 id="reclamar" className="font-semibold text-ink">
        Completá tus datos para reclamar el premio
      </h2>
      <div className="mt-4 grid gap-4">
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`claim-${field.name}`} className="block font-semibold text-ink">
              {field.label}
            </label>
            <input
              id={`claim-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              maxLength={field.maxLength}
              defaultValue={serverFields?.values[field.name] ?? ""}
              disabled={submitting}
              onInput={field.name === "dni" ? digitsOnly : undefined}
              aria-invalid={shownErrors[field.name] ? true : undefined}
              aria-describedby={shownErrors[field.name] ? `claim-${field.name}-error` : undefined}
              className="mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink focus:border-moss focus:outline-2 focus:outline-moss/40"
            />
            {shownErrors[field.name] ? (
              <p id={`claim-${field.name}-error`} className="mt-1 text-sm text-terracotta-dark">
                {shownErrors[field.name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {shownMessage ? (
        <p className="mt-4 text-terracotta-dark" role="alert">
          {shownMessage}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={submitting}
        className="mt-6 w-full rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70"
      >
        {submitting ? "Enviando..." : "Reclamar premio"}
      </button>
      <PersonalDataNotice className="mt-4" />
    </Form>
  );
}
