/**
 * A fair list's copies field for one book ("Llevar", "Volvieron"): a small number input with its label
 * naming the book for screen readers, and its error under the book's title (`QuantityError`).
 */
export function QuantityField({
  name,
  label,
  title,
  error,
  defaultValue,
  required,
  disabled,
}: {
  name: string;
  label: string;
  title: string;
  error: string | undefined;
  defaultValue: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="w-28">
      <label htmlFor={name} className="block text-xs font-semibold">
        {label}
        <span className="sr-only"> de «{title}»</span>
      </label>
      <input
        id={name}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required={required}
        defaultValue={defaultValue}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={`mt-1 w-full rounded-md border bg-white px-3 py-2 tabular-nums ${error ? "border-terracotta" : "border-ink/25"}`}
      />
    </div>
  );
}

/** The field's error, where the book's line shows it (the input's `aria-describedby`). */
export function QuantityError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-terracotta-dark">
      {error}
    </p>
  ) : null;
}
