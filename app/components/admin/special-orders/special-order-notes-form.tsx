import { Form } from "react-router";
import { Notice } from "~/components/ui/notice";
import { failureNotice } from "~/lib/form-failure";
import { SpecialOrderSection } from "./special-order-section";
import { button, field, type SpecialOrderFailure } from "./special-order-view";

/** The team's own notes on the request; a refused save keeps what was typed. */
export function SpecialOrderNotesForm({
  notes,
  failure,
  busy,
}: {
  notes: string | null;
  failure: SpecialOrderFailure;
  busy: boolean;
}) {
  return (
    <SpecialOrderSection id="notas-titulo" title="Notas internas">
      <Notice notice={failureNotice(failure, "Error")} />
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="notes" />
        <label htmlFor="adminNotes" className="text-sm font-semibold">
          Notas (solo las ve el equipo)
        </label>
        <textarea
          id="adminNotes"
          name="adminNotes"
          rows={4}
          maxLength={5000}
          defaultValue={failure ? failure.values.adminNotes : (notes ?? "")}
          className={field}
        />
        <button type="submit" disabled={busy} className={button}>
          Guardar notas
        </button>
      </Form>
    </SpecialOrderSection>
  );
}
