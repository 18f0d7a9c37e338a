import { STATUS_LABELS } from "~/domain/orders/status";
import { dayMonthTime } from "~/lib/dates";
import { OrderSection } from "./order-section";
import type { AdminOrderEvent } from "./order-view";

/** Who moved the order (order_events.source), in the history's words; an unknown source shows as stored. */
const SOURCES: Record<string, string> = {
  buyer: "comprador",
  admin: "panel",
  mercadopago: "Mercado Pago",
  system: "vencimiento automático",
};

/** Every status change, oldest first: when, from what to what, by whom and its note. */
export function OrderHistory({ events }: { events: AdminOrderEvent[] }) {
  return (
    <OrderSection id="historial" title="Historial">
      <ol className="mt-3 space-y-1 text-sm">
        {events.map((event) => (
          <li key={event.id}>
            {dayMonthTime(event.at)}:{" "}
            {event.fromStatus ? `${STATUS_LABELS[event.fromStatus as keyof typeof STATUS_LABELS]} → ` : ""}
            {STATUS_LABELS[event.toStatus as keyof typeof STATUS_LABELS]} ({SOURCES[event.source] ?? event.source})
            {event.note ? ` · ${event.note}` : ""}
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
