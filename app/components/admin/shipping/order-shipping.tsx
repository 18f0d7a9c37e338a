import { Form } from "react-router";
import { OrderSection } from "~/components/admin/orders/order-section";
import type { OrderShippingPanel } from "~/domain/shipping/order-panel.server";
import { mediumDateTime } from "~/lib/dates";

const button = "rounded-full px-5 py-2 font-semibold disabled:opacity-70";
const primary = `${button} bg-moss text-white hover:bg-moss-dark`;

const STATUS_TONES: Record<string, string> = {
  creating: "bg-ink/10 text-ink",
  created: "bg-moss/15 text-moss-dark",
  in_transit: "bg-moss/15 text-moss-dark",
  delivered: "bg-moss text-white",
  failed: "bg-terracotta/15 text-terracotta-dark",
  cancelled: "bg-ink/10 text-ink",
};

/**
 * The order page's "Envío" section: the parcel "Crear envío" will make (carrier, service, branch), or the
 * parcel itself (tracking number linked to the carrier's page, status, label, tracking events), or the
 * carrier's refusal with "Reintentar". Plain forms posting `intent=create-shipment`: no JavaScript needed.
 */
export function OrderShipping({ panel, busy }: { panel: OrderShippingPanel; busy: boolean }) {
  const { plan, shipment } = panel;
  return (
    <OrderSection id="envio" title="Envío" spaced>
      {shipment ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Correo</dt>
          <dd>{shipment.carrierName}</dd>
          <dt className="font-semibold">Servicio</dt>
          <dd>{shipment.service}</dd>
          {plan.branch ? (
            <>
              <dt className="font-semibold">Sucursal</dt>
              <dd>
                {plan.branch.name}, {plan.branch.address}, {plan.branch.city} ({plan.branch.zip})
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">Estado</dt>
          <dd>
            <span
              className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[shipment.status] ?? ""}`}
              data-testid="shipment-status"
            >
              {shipment.statusLabel}
            </span>
          </dd>
          {shipment.trackingNumber && shipment.trackingUrl ? (
            <>
              <dt className="font-semibold">Seguimiento</dt>
              <dd>
                <a
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-moss underline"
                  data-testid="shipment-tracking"
                >
                  {shipment.trackingNumber}
                  <span className="sr-only"> (abre la página de {shipment.carrierName})</span>
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <PlannedShipment plan={plan} />
      )}

      {shipment?.lastError ? (
        <p role="alert" className="rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark">
          {shipment.lastError}
        </p>
      ) : null}

      {shipment?.labelUrl ? (
        <p>
          <a href={shipment.labelUrl} target="_blank" rel="noreferrer" className={`${primary} inline-block`}>
            Imprimir etiqueta
          </a>
        </p>
      ) : null}

      {panel.canCreate || shipment?.canRetry ? (
        <Form method="post">
          <input type="hidden" name="intent" value="create-shipment" />
          <button type="submit" disabled={busy || !plan.configured} className={primary}>
            {shipment ? "Reintentar" : "Crear envío"}
          </button>
        </Form>
      ) : null}

      {shipment && shipment.events.length > 0 ? (
        <div>
          <h3 className="font-semibold">Seguimiento del correo</h3>
          <ol className="mt-2 space-y-1 text-sm">
            {shipment.events.map((event) => (
              <li key={`${event.at}-${event.description}`} className="flex flex-wrap gap-x-3">
                <time dateTime={event.at} className="tabular-nums text-ink/75">
                  {mediumDateTime(event.at)}
                </time>
                <span>
                  {event.description}
                  {event.place ? ` · ${event.place}` : ""}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </OrderSection>
  );
}

function PlannedShipment({ plan }: { plan: OrderShippingPanel["plan"] }) {
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Correo</dt>
        <dd>{plan.carrierName}</dd>
        <dt className="font-semibold">Servicio</dt>
        <dd>{plan.service}</dd>
        <dt className="font-semibold">Entrega</dt>
        <dd>
          {plan.branch
            ? `Retira en la sucursal ${plan.branch.name}, ${plan.branch.address}, ${plan.branch.city} (${plan.branch.zip})`
            : "A domicilio"}
        </dd>
      </dl>
      {plan.configured ? null : (
        <p role="alert" className="rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
          {plan.carrierName} no está configurado: configurá sus datos de acceso o elegí otro correo en Ajustes.
        </p>
      )}
    </div>
  );
}
