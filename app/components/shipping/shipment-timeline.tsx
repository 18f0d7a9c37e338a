import { Check } from "~/components/ui/icons/check";
import { ExternalLink } from "~/components/ui/icons/external-link";
import { Truck } from "~/components/ui/icons/truck";
import type { BuyerShipment } from "~/domain/shipping/timeline.server";
import { longDateTime } from "~/lib/dates";

/**
 * The parcel's way at its carrier, for its buyer (the order page and Mi cuenta's order): carrier and
 * service, the tracking number linked to the carrier's own page, and the steps oldest first like the
 * order's timeline, ending in "Entregado" (with its moment, or "Pendiente" while it is still ahead).
 * Nothing while the order has no shipment to follow.
 */
export function ShipmentTimeline({ shipment }: { shipment: BuyerShipment | null }) {
  if (!shipment) return null;
  const steps = shipment.steps;
  const ahead = !shipment.delivered;
  return (
    <section className="mt-6 rounded-lg bg-white p-6" aria-labelledby="envio-seguimiento">
      <h2 id="envio-seguimiento" className="flex items-center gap-2 font-serif text-xl">
        <Truck className="size-5 shrink-0 text-moss" />
        Seguimiento del envío
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink/80">Correo</dt>
        <dd className="text-ink">{serviceName(shipment)}</dd>
        <dt className="font-semibold text-ink/80">Número de seguimiento</dt>
        <dd className="min-w-0">
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold break-all text-moss underline"
            data-testid="shipment-tracking-link"
          >
            {shipment.trackingNumber}
            <ExternalLink className="size-4 shrink-0" />
            <span className="sr-only">(se abre en el sitio de {shipment.carrierName})</span>
          </a>
        </dd>
      </dl>
      {steps.length === 0 ? (
        <p className="mt-4 text-sm text-ink/80">Todavía no hay novedades del correo sobre este envío.</p>
      ) : null}
      <ol className="mt-4" data-testid="shipment-timeline">
        {steps.map((step, index) => (
          <Step
            key={`${step.at}|${step.status}|${step.description ?? ""}`}
            label={step.label}
            detail={[step.description, step.place].filter(Boolean).join(" · ")}
            at={step.at}
            problem={step.status === "failed"}
            line={ahead || index < steps.length - 1}
          />
        ))}
        {ahead ? <Step label="Entregado" detail="" at={null} problem={false} line={false} /> : null}
      </ol>
    </section>
  );
}

/**
 * "Correo Argentino Clásico a domicilio": the carrier's name once (its services usually carry it), and the
 * door or the branch only when the service's name does not already say it.
 */
function serviceName({ carrierName, service, kind }: BuyerShipment) {
  const named = service.startsWith(carrierName) ? service : `${carrierName} · ${service}`;
  if (/sucursal|domicilio/i.test(service)) return named;
  return `${named} (${kind === "branch" ? "retiro en sucursal" : "a domicilio"})`;
}

function Step({
  label,
  detail,
  at,
  problem,
  line,
}: {
  label: string;
  detail: string;
  at: string | null;
  problem: boolean;
  line: boolean;
}) {
  const done = at !== null;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      {line ? (
        <span
          aria-hidden="true"
          className={`absolute top-7 bottom-0 left-[13px] w-0.5 ${done ? "bg-moss" : "bg-ink/15"}`}
        />
      ) : null}
      <span
        aria-hidden="true"
        className={`relative flex size-7 shrink-0 items-center justify-center rounded-full ${
          problem
            ? "bg-terracotta-dark text-white"
            : done
              ? "bg-moss text-white"
              : "bg-white text-ink/40 ring-2 ring-ink/20"
        }`}
      >
        {problem ? <span className="text-sm font-bold">!</span> : done ? <Check className="size-4" /> : null}
      </span>
      <span className="min-w-0 pt-0.5">
        <span className={`block font-semibold ${done ? "text-ink" : "text-ink/70"}`}>{label}</span>
        {detail ? <span className="block text-sm break-words text-ink/85">{detail}</span> : null}
        <span className="block text-sm text-ink/75">
          {at ? <time dateTime={at}>{longDateTime(at)}</time> : "Pendiente"}
        </span>
      </span>
    </li>
  );
}
