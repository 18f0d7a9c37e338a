import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { SECTION_LABELS, type SectionKey } from "~/domain/settings/schema";
import { RefusedNotice } from "./refused-notice";
import { Fields, type SectionState } from "./section-state";

/** One section: heading, result notice, its form (fields in DOM order in `names`) and its save button. */
export function SettingsForm({
  section,
  description,
  names,
  saveLabel,
  state,
  stored,
  encType,
  children,
}: {
  section: SectionKey;
  description: ReactNode;
  names: string[];
  saveLabel: string;
  state: SectionState;
  /** The section as stored: the form shows it unless the server sent typed values back. */
  stored: unknown;
  /** "multipart/form-data" for a section that uploads a file (Datos fiscales: the QR image). */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("section") === section;
  const title = SECTION_LABELS[section].title;
  const refused = Object.keys(state.errors).length > 0;
  const unplaced = Object.entries(state.errors).find(([name]) => !names.includes(name))?.[1];
  const notice: NoticeData | null = state.saved
    ? { tone: "success", title: "Ajustes guardados", message: `${title}: el sitio ya muestra los cambios.` }
    : null;
  return (
    <section
      id={section}
      aria-labelledby={`${section}-title`}
      className="scroll-mt-4 rounded-xl border border-ink/10 bg-white p-4 sm:p-6"
    >
      <h2 id={`${section}-title`} className="font-serif text-2xl">
        {title}
      </h2>
      <div className="mt-1 text-sm text-ink/75">{description}</div>
      {refused || notice ? (
        <div className="mt-4">
          {refused ? (
            <RefusedNotice
              title={`No se guardaron los cambios de «${title}»`}
              message={unplaced ?? "Revisá los campos marcados."}
            />
          ) : (
            <Notice notice={notice} />
          )}
        </div>
      ) : null}
      <Fields.Provider
        value={{ section, values: state.values, errors: state.errors, focus: names.find((name) => state.errors[name]) }}
      >
        {/* A new key when the form must show other values (saved ones, or a draft the server sent back). */}
        <Form
          key={JSON.stringify(state.values ?? stored)}
          method="post"
          encType={encType}
          noValidate
          className="mt-5 space-y-5"
        >
          <input type="hidden" name="section" value={section} />
          {children}
          <div className="flex justify-end border-t border-ink/10 pt-4">
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className="w-full rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70 sm:w-auto"
            >
              {busy ? "Guardando..." : saveLabel}
            </button>
          </div>
        </Form>
      </Fields.Provider>
    </section>
  );
}
