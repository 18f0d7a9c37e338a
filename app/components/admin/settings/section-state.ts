import { createContext } from "react";
import type { ArcaCheck } from "~/domain/invoices/connection.server";
import type { FormValues } from "~/domain/settings/form";
import type { SectionKey } from "~/domain/settings/schema";
import type { FormFailure } from "~/lib/form-failure";

/** The form-action contract, placed by section; a pickup draft (rows added or removed) is no refusal: no message. */
export type SettingsOutcome = FormFailure<FormValues> & {
  section: SectionKey | null;
  /** "Probar la conexión con ARCA" (Facturación electrónica): what ARCA answered. */
  check?: ArcaCheck;
};

export interface SectionState {
  /** What was typed, when the last post of this section came back (refused, or a pickup draft). */
  values: FormValues | null;
  errors: Record<string, string>;
  saved: boolean;
}

/** What one section shows after the last post: only the section that posted sees its outcome. */
export function sectionState(
  key: SectionKey,
  outcome: SettingsOutcome | undefined,
  saved: SectionKey | null,
): SectionState {
  return {
    values: outcome?.section === key ? outcome.values : null,
    errors: outcome?.section === key ? outcome.fields : {},
    saved: saved === key && !outcome,
  };
}

export interface FieldsContext {
  section: SectionKey;
  values: FormValues | null;
  errors: Record<string, string>;
  /** The first refused field: focused on load, so the admin lands on it (with or without JavaScript). */
  focus: string | undefined;
}

export const Fields = createContext<FieldsContext>({ section: "bank", values: null, errors: {}, focus: undefined });
