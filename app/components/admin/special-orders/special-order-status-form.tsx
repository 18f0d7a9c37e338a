import { Form } from "react-router";
import { Notice } from "~/components/ui/notice";
import { type SpecialOrderStatus, STATUS_LABELS } from "~/domain/special-orders/labels";
import { failureNotice } from "~/lib/form-failure";
import { SpecialOrderSection } from "./special-order-section";
import { button, field, type SpecialOrderFailure } from "./special-order-view";

/** The statuses the request may go to next (nextStatuses, from the loader); none once delivered. */
export function SpecialOrderStatusForm({
  next,
  failure,
  busy,
}: {
  next: SpecialOrderStatus[];
  failure: SpecialOrderFailure;
  busy: boolean;
}) {
  return (
    <SpecialOrderSection id="estado-titulo" title="Estado">
      <Notice notice={failureNotice(failure, "Error")} />
      {next.length === 0 ? (
        <p className="text-sm text-ink/75">El pedido fue entregado: ya no cambia de estado.</p>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="status" />
          <div>
            <label htmlFor="status" className="text-sm font-semibold">
              Pasar a
            </label>
            <select id="status" name="status" defaultValue={next[0]} className={`${field} block`}>
              {next.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy} className={button}>
            Cambiar estado
          </button>
        </Form>
      )}
    </SpecialOrderSection>
  );
}
