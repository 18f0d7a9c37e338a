/** The account forms' shared look (labels, inputs, buttons), so every Mi cuenta form reads the same. */
export const LABEL = "block text-sm font-semibold text-ink";
export const INPUT =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30 aria-[invalid=true]:border-terracotta-dark";
export const PRIMARY =
  "rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:cursor-wait disabled:opacity-70";
export const SECONDARY =
  "rounded-full border border-ink/30 px-4 py-2 text-sm font-semibold text-ink hover:border-moss hover:text-moss disabled:opacity-70";
export const CARD = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10 sm:p-6";

/** A failed post as the page gets it back (form-action.server.ts), with the intent and id it was for. */
export interface AccountFormFailure {
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  intent: string;
  id: string;
}
