import { TableHead } from "~/components/admin/table-head";
import { type ChangeStatus, SubscriptionStatusBadge, SubscriptionStatusButtons } from "./subscription-status";
import { boxDate, PlanPrice, type Subscription } from "./subscription-view";

const COLUMNS = ["Suscriptor", "Plan", "Estado", "Próxima caja", { label: "Acciones", hidden: true }] as const;

/** The subscriptions found, one row each with its detail button and the status changes it allows. */
export function SubscriptionTable({
  subscriptions,
  onShowDetail,
  onChangeStatus,
}: {
  subscriptions: Subscription[];
  onShowDetail: (subscription: Subscription) => void;
  onChangeStatus: ChangeStatus;
}) {
  if (subscriptions.length === 0) {
    return <p className="rounded-xl bg-white p-6 text-ink/80 ring-1 ring-ink/10">No hay suscripciones para mostrar.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-ink/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Suscripciones a la Caja Rizoma</caption>
        <TableHead className="bg-cream text-ink" columns={COLUMNS} />
        <tbody>
          {subscriptions.map((s) => (
            <tr key={s.id} className="border-t border-ink/10" data-testid={`suscripcion-${s.id}`}>
              <td className="px-3 py-2">
                <p className="font-semibold text-ink">
                  {s.firstName} {s.lastName}
                </p>
                <p className="text-ink/75">{s.email}</p>
              </td>
              <td className="px-3 py-2">
                <PlanPrice subscription={s} />
              </td>
              <td className="px-3 py-2">
                <SubscriptionStatusBadge status={s.status} />
              </td>
              <td className="px-3 py-2">{boxDate(s.nextBoxDate)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <button
                    type="button"
                    onClick={() => onShowDetail(s)}
                    className="rounded-lg border border-ink/30 px-3 py-1.5 font-semibold"
                    aria-label={`Ver detalle de ${s.firstName} ${s.lastName}`}
                  >
                    Ver detalle
                  </button>
                  <SubscriptionStatusButtons subscription={s} onChange={onChangeStatus} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
