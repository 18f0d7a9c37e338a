import { Link } from "react-router";
import { TableHead } from "~/components/admin/table-head";
import { customerHref } from "~/domain/customers/filters";
import { shortDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { CustomerFlags, type CustomerFlagsView } from "./customer-flags";

/** One line of /admin/clientes, as the loader sends it. */
export interface CustomerTableRow extends CustomerFlagsView {
  email: string;
  name: string | null;
  orders: number;
  inPersonSales: number;
  totalSpentCents: number;
  lastOrderAt: Date | null;
}

const COLUMNS = [
  "Cliente",
  { label: "Pedidos", right: true },
  { label: "Total gastado", right: true },
  "Último pedido",
  "Marcas",
] as const;

/**
 * The customers: who (name over email, linked to their page), orders (and counter or fair purchases), money
 * spent on paid orders and purchases, the last
 * order and the flags. On a phone the table scrolls sideways inside its box, as the other admin lists do.
 */
export function CustomerTable({ rows }: { rows: CustomerTableRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white">
      <table className="w-full text-left text-sm">
        <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
        <tbody className="divide-y divide-ink/10">
          {rows.map((row) => (
            <tr key={row.email} data-testid="customer-row" className="align-top">
              <td className="min-w-44 max-w-64 px-3 py-2">
                <Link to={customerHref(row.email)} className="font-semibold break-words text-moss underline">
                  {row.name ?? row.email}
                </Link>
                {row.name ? <span className="block text-xs break-all text-ink/75">{row.email}</span> : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {row.orders}
                {row.inPersonSales > 0 ? (
                  <span className="block text-xs whitespace-nowrap text-ink/75">
                    + {row.inPersonSales} en el local o ferias
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatMoney(row.totalSpentCents)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{row.lastOrderAt ? shortDate(row.lastOrderAt) : "—"}</td>
              <td className="px-3 py-2">
                <CustomerFlags flags={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
