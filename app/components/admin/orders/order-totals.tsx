import { transferDiscountLabel, transferPercentOf } from "~/domain/orders/pricing";
import { formatMoney } from "~/lib/money";
import { OrderSection } from "./order-section";
import type { AdminOrderItem, AdminOrderView } from "./order-view";

/** The books bought and the sums: discounts only when there were some. */
export function OrderTotals({ order, items }: { order: AdminOrderView; items: AdminOrderItem[] }) {
  return (
    <OrderSection id="libros" title="Libros y totales">
      <ul className="mt-3 divide-y divide-ink/10 text-sm">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-2">
            <span>
              {item.quantity} × {item.title}
              {item.isPreorder ? " (preventa)" : ""}
            </span>
            <span className="tabular-nums">{formatMoney(item.unitPriceCents * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-ink/10 pt-3 text-sm">
        <Row label="Subtotal" value={formatMoney(order.subtotalCents)} />
        {order.codeDiscountCents > 0 ? (
          <Row label={`Código ${order.discountCode}`} value={`− ${formatMoney(order.codeDiscountCents)}`} />
        ) : null}
        {order.transferDiscountCents > 0 ? (
          <Row
            label={transferDiscountLabel(transferPercentOf(order))}
            value={`− ${formatMoney(order.transferDiscountCents)}`}
          />
        ) : null}
        <Row label="Envío" value={order.shippingCents ? formatMoney(order.shippingCents) : "Gratis"} />
        <Row label="Total" value={formatMoney(order.totalCents)} strong />
      </dl>
    </OrderSection>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
