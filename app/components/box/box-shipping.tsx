import { MapPin } from "~/components/ui/icons/map-pin";
import { BoxSection } from "./box-section";

/** Where the box goes and what it costs to get there, with the pickup points when the shop has any. */
export function BoxShipping({ pickupPoints }: { pickupPoints: { name: string; address: string; hours: string }[] }) {
  return (
    <BoxSection id="envios" title="Envíos">
      <ul className="mt-4 list-disc space-y-2 pl-6 text-lg text-ink/85">
        <li>Enviamos solo dentro de Argentina.</li>
        <li>El envío está incluido en CABA y GBA.</li>
        <li>Para el resto del país el costo se calcula al suscribirte, según tu provincia, y lo ves antes de pagar.</li>
      </ul>
      {pickupPoints.length > 0 ? (
        <>
          <h3 className="mt-8 text-xl font-semibold text-ink">Puntos de retiro</h3>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {pickupPoints.map((point) => (
              <li key={point.name} className="flex gap-3 rounded-xl bg-white p-4 ring-1 ring-ink/10">
                <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-moss" />
                <div>
                  <p className="font-semibold text-ink">{point.name}</p>
                  <p className="text-ink/80">{point.address}</p>
                  <p className="text-sm text-ink/75">{point.hours}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </BoxSection>
  );
}
