/** The discount form's field look, shared by its parts so they stay one form to the eye. */
export const fieldClass = {
  input: "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2",
  label: "block text-sm font-semibold",
  hint: "mt-1 text-xs text-ink/75",
} as const;
