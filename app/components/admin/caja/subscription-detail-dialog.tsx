import type { RefObject } from "react";
import { shortDate } from "~/lib/dates";
import { formatMoney, fromPesos } from "~/lib/money";
import { type ChangeStatus, SubscriptionStatusBadge, SubscriptionStatusButtons } from "./subscription-status";
import { boxDate, PlanPrice, type Subscription } from "./subscription-view";

/** A modal with everything about one subscription (empty while none is shown), and its status change. */
export function SubscriptionDetailDialog({
  dialogRef,
  subscription,
  onClose,
  onChangeStatus,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  subscription: Subscription | null;
  onClose: () => void;
  onChangeStatus: ChangeStatus;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="detalle-titulo"
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60"
    >
      {subscription ? (
        <div>
          <h2 id="detalle-titulo" className="font-serif text-2xl">
            {subscription.firstName} {subscription.lastName}
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">Estado</dt>
            <dd>
              <SubscriptionStatusBadge status={subscription.status} />
            </dd>
            <dt className="font-semibold">Plan</dt>
            <dd>
              <PlanPrice subscription={subscription} />
            </dd>
            <dt className="font-semibold">Email</dt>
            <dd>{subscription.email}</dd>
            <dt className="font-semibold">WhatsApp</dt>
            <dd>{subscription.whatsapp}</dd>
            <dt className="font-semibold">Entrega</dt>
            <dd>{deliveryText(subscription)}</dd>
            <dt className="font-semibold">Envío</dt>
            <dd>
              {subscription.shippingCost ? `${formatMoney(fromPesos(subscription.shippingCost))} por caja` : "Incluido"}
            </dd>
            <dt className="font-semibold">Alta</dt>
            <dd>{shortDate(subscription.createdAt)}</dd>
            <dt className="font-semibold">Próxima caja</dt>
            <dd>{boxDate(subscription.nextBoxDate)}</dd>
          </dl>
          <div className="mt-6 flex justify-end gap-2">
            <SubscriptionStatusButtons subscription={subscription} onChange={onChangeStatus} />
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="rounded-lg border border-ink/30 px-3 py-1.5 font-semibold"
            >
              Cerrar
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

function deliveryText(s: Subscription): string {
  return s.deliveryMethod === "pickup"
    ? `Retiro${s.pickupLocation ? `: ${s.pickupLocation}` : ""}`
    : [s.address, s.city, s.state, s.zipCode].filter(Boolean).join(", ");
}
