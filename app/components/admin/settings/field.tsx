import { type ReactNode, useContext } from "react";
import { formatMoneyInput } from "~/lib/money";
import { Fields } from "./section-state";

export const inputClass =
  "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2 aria-[invalid=true]:border-terracotta aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-terracotta";

/** A labelled input whose hint and error are read with it; it shows what was typed after a refusal. */
export function Field({
  name,
  label,
  value,
  hint,
  className,
  labelClassName = "block text-sm font-semibold",
  autoFocus,
  ...input
}: {
  name: string;
  label: string;
  value: string | number;
  hint?: string;
  className?: string;
  labelClassName?: string;
} & Omit<React.ComponentProps<"input">, "name" | "value" | "defaultValue" | "className">) {
  const { section, values, errors, focus } = useContext(Fields);
  const id = `${section}-${name.replace(/\./g, "-")}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} hint={hint} className={labelClassName} />
      <input
        id={id}
        name={name}
        defaultValue={values?.[name] ?? String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        // biome-ignore lint/a11y/noAutofocus: only the field the server refused, so the admin lands on it.
        autoFocus={autoFocus || focus === name}
        className={inputClass}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A control's label and hint; the hint's id is `${id}-hint`, for the control's aria-describedby. */
export function FieldLabel({
  id,
  label,
  hint,
  className = "block text-sm font-semibold",
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={className}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink/75 [overflow-wrap:anywhere]">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** What the server said about a control, as `${id}-error` for its aria-describedby; nothing when it was accepted. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-terracotta">
      {error}
    </p>
  ) : null;
}

/** A peso amount: "$" outside the input, es-AR text inside ("12.500", "12500,50"). */
export function MoneyField({ name, label, cents }: { name: string; label: string; cents: number }) {
  return (
    <div className="flex items-start gap-1">
      <span aria-hidden="true" className="pt-3 text-ink/75">
        $
      </span>
      <Field
        name={name}
        label={label}
        labelClassName="sr-only"
        value={formatMoneyInput(cents)}
        inputMode="decimal"
        autoComplete="off"
        className="min-w-0 flex-1"
      />
    </div>
  );
}
