import { Link } from "react-router";
import { WARNING_BOX } from "../warning-panel";

export interface ShipmentWarningData {
  total: number;
  items: { reference: string; orderNumber: string | null; problem: string }[];
}

/** Parcels a carrier refused, or whose tracking keeps failing: named with their order and the reason. */
export function ShipmentWarning({ total, items }: ShipmentWarningData) {
  if (total === 0) return null;
  return (
    <div role="status" className={`mt-6 text-ink ${WARNING_BOX}`}>
      <p className="font-semibold">
        {total === 1 ? "1 envío necesita tu atención" : `${total.toLocaleString("es-AR")} envíos necesitan tu atención`}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {items.map((item) => (
          <li key={item.reference}>
            {item.orderNumber ? (
              <Link to={`/admin/pedidos/${item.orderNumber}`} className="font-semibold underline hover:text-moss">
                {item.orderNumber}
              </Link>
            ) : (
              <Link to="/admin/caja" className="font-semibold underline hover:text-moss">
                {item.reference}
              </Link>
            )}
            : {item.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
