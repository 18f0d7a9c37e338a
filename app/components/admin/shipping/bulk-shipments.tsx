import type { ReactNode } from "react";
import { Form } from "react-router";
import type { BulkOutcome } from "~/domain/shipping/outcome";

const button = "rounded-full px-5 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const primary = `${button} bg-moss text-white hover:bg-moss-dark`;

/**
 * A "Crear envíos" panel: the button (with how many wait, disabled at none) posting `intent`, then what
 * it did: the labels to print in one PDF, and each failure with the carrier's reason. No JavaScript needed.
 */
export function BulkShipments({
  id,
  title,
  intent,
  waiting,
  waitingText,
  buttonText,
  outcome,
  busy,
  children,
}: {
  id: string;
  title: string;
  intent: string;
  waiting: number;
  /** "3 pedidos pagados esperan su envío." */
  waitingText: string;
  buttonText: string;
  outcome: BulkOutcome | null;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg bg-white p-5">
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      <p className="text-sm text-ink/80">{waitingText}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <button type="submit" className={primary} disabled={busy || waiting === 0}>
            {buttonText} ({waiting})
          </button>
        </Form>
        {children}
      </div>
      {outcome ? <Outcome outcome={outcome} /> : null}
    </section>
  );
}

function Outcome({ outcome }: { outcome: BulkOutcome }) {
  const { created, failed, remaining, labelsUrl } = outcome;
  return (
    <div role="status" className="space-y-3 border-t border-ink/10 pt-3 text-sm">
      <p className="font-semibold">
        {created.length === 1 ? "Se creó 1 envío." : `Se crearon ${created.length} envíos.`}
        {failed.length > 0 ? ` ${failed.length === 1 ? "1 falló" : `${failed.length} fallaron`}.` : ""}
        {remaining > 0 ? ` Quedan ${remaining} por crear.` : ""}
      </p>
      {labelsUrl ? (
        <p>
          <a href={labelsUrl} target="_blank" rel="noreferrer" className={`${primary} inline-block`}>
            Descargar etiquetas (PDF)
          </a>
        </p>
      ) : null}
      {created.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {created.map((row) => (
            <li key={row.key}>
              {row.label}: seguimiento {row.trackingNumber}
            </li>
          ))}
        </ul>
      ) : null}
      {failed.length > 0 ? (
        <div>
          <h3 className="font-semibold text-terracotta-dark">No se pudieron crear</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-terracotta-dark">
            {failed.map((row) => (
              <li key={row.key}>
                {row.label}: {row.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
