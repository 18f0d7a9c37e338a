import type { BulkOutcome } from "~/domain/shipping/outcome";
import { BulkShipments } from "./bulk-shipments";

export interface BoxShippingSummary {
  period: string;
  /** "noviembre de 2026". */
  label: string;
  waiting: number;
  sent: number;
  failed: { name: string; error: string }[];
}

/** /admin/caja's "Envíos de la caja": this month's boxes to the door, their labels in one PDF. */
export function BoxShipping({
  summary,
  outcome,
  busy,
}: {
  summary: BoxShippingSummary;
  outcome: BulkOutcome | null;
  busy: boolean;
}) {
  const waiting =
    summary.waiting === 1
      ? "1 caja a domicilio espera su envío"
      : `${summary.waiting} cajas a domicilio esperan su envío`;
  const sent =
    summary.sent === 0 ? "todavía no salió ninguna" : summary.sent === 1 ? "ya salió 1" : `ya salieron ${summary.sent}`;
  return (
    <BulkShipments
      id="envios-caja"
      title={`Envíos de la caja de ${summary.label}`}
      intent="create-box-shipments"
      waiting={summary.waiting}
      waitingText={`${waiting}; ${sent}.${summary.failed.length > 0 && !outcome ? ` ${summary.failed.length} no se pudieron crear: volvé a intentarlo.` : ""}`}
      buttonText="Crear envíos de la caja"
      outcome={outcome}
      busy={busy}
    >
      {summary.sent > 0 ? (
        <a
          href={`/admin/caja/etiquetas?periodo=${summary.period}`}
          target="_blank"
          rel="noreferrer"
          className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss/10"
        >
          Etiquetas del mes (PDF)
        </a>
      ) : null}
    </BulkShipments>
  );
}
