import type { ComponentProps, ReactNode } from "react";

/**
 * A panel form's text input under its label (the login and the QR form): the label names the input by
 * `id`; every other attribute (name, type, required, defaultValue...) goes to the input as given.
 */
export function LabelledInput({
  id,
  label,
  ...input
}: { id: string; label: ReactNode } & Omit<ComponentProps<"input">, "id" | "className">) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={id} {...input} className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2" />
    </div>
  );
}
