import { Form } from "react-router";
import { shortDateTime } from "~/lib/dates";

export interface BoxPickupsView {
  period: string;
  /** "noviembre de 2026". */
  label: string;
  rows: {
    subscriptionId: number;
    number: string;
    name: string;
    pickupLocation: string | null;
    pickedUpAt: string | null;
  }[];
}

/**
 * /admin/caja's "Retiros en la librería": this month's boxes for subscribers who pick them up, each marked
 * "Entregada" when handed over (a plain form post). A box handed over counts as delivered: the
 * subscription's withdrawal then refunds nothing automatically (decision 0052).
 */
export function BoxPickups({ pickups, busy }: { pickups: BoxPickupsView; busy: boolean }) {
  const waiting = pickups.rows.filter((row) => !row.pickedUpAt).length;
  return (
    <section aria-labelledby="retiros-caja" className="space-y-3 rounded-lg bg-white p-5">
      <h2 id="retiros-caja" className="font-serif text-xl">
        Retiros en la librería de {pickups.label}
      </h2>
      <p className="text-sm text-ink/80">
        {pickups.rows.length === 0
          ? "Ninguna suscripción activa retira su caja en la librería."
          : waiting === 0
            ? "Ya se entregaron todas las cajas de este mes."
            : `${waiting === 1 ? "1 caja espera" : `${waiting} cajas esperan`} que la retiren. Marcá cada una cuando la entregues: cuenta como entregada, igual que un envío.`}
      </p>
      {pickups.rows.length > 0 ? (
        <ul className="divide-y divide-ink/10 text-sm" data-testid="box-pickups">
          {pickups.rows.map((row) => (
            <li key={row.subscriptionId} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{row.name}</span> · {row.number}
                {row.pickupLocation ? <span className="text-ink/75"> · {row.pickupLocation}</span> : null}
              </span>
              {row.pickedUpAt ? (
                <span className="font-semibold text-moss">Entregada el {shortDateTime(row.pickedUpAt)}</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="box-pickup" />
                  <input type="hidden" name="subscriptionId" value={row.subscriptionId} />
                  <input type="hidden" name="period" value={pickups.period} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Marcar entregada la caja de ${row.name}`}
                    className="rounded-full border border-moss px-4 py-1.5 font-semibold text-moss hover:bg-moss/10 disabled:opacity-60"
                  >
                    Entregada
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
