import { type SpecialOrderStatus, STATUS_LABELS } from "~/domain/special-orders/labels";

const BADGE: Record<SpecialOrderStatus, string> = {
  nuevo: "bg-terracotta/15 text-terracotta-dark",
  cotizado: "bg-ochre/25 text-ink",
  encargado: "bg-ochre/25 text-ink",
  listo: "bg-moss/15 text-moss",
  entregado: "bg-moss/15 text-moss",
  cancelado: "bg-ink/10 text-ink",
};

/** A special order's status as the admin list and detail show it. */
export function StatusBadge({ status }: { status: SpecialOrderStatus }) {
  return <span className={`rounded px-2 py-1 text-xs font-semibold ${BADGE[status]}`}>{STATUS_LABELS[status]}</span>;
}
