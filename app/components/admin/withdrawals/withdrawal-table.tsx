import { Link } from "react-router";
import { TableHead } from "~/components/admin/table-head";
import { PAYMENT_LABELS, STATUS_LABELS } from "~/domain/orders/status";
import type { listWithdrawals } from "~/domain/withdrawals/queries.server";
import { ageLabel, WITHDRAWAL_BADGES, WITHDRAWAL_LABELS } from "~/domain/withdrawals/status";
import { formatMoney } from "~/lib/money";

type Row = Omit<Awaited<ReturnType<typeof listWithdrawals>>["withdrawals"][number], "createdAt" | "booksReturnedAt"> & {
  createdAt: string;
  booksReturnedAt: string | null;
};

const COLUMNS = [
  "Código",
  "Pedido",
  "Comprador",
  { label: "Total", right: true },
  "Medio de pago",
  "Antigüedad",
  "Estado",
] as const;

/** The withdrawals of the list page; a request waiting over 24 hours is marked (the law's deadline). */
export function WithdrawalTable({ withdrawals, now }: { withdrawals: Row[]; now: number }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white">
      <table className="w-full text-left text-sm">
        <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
        <tbody className="divide-y divide-ink/10">
          {withdrawals.map((row) => (
            <tr key={row.id} data-testid="withdrawal-row" className={row.overdue ? "bg-terracotta/10" : undefined}>
              <td className="px-3 py-2 font-mono">{row.code}</td>
              <td className="px-3 py-2">
                <Link to={`/admin/pedidos/${row.orderNumber}`} className="font-semibold text-moss underline">
                  {row.orderNumber}
                </Link>
                <span className="block text-xs text-ink/75">{STATUS_LABELS[row.orderStatus]}</span>
              </td>
              <td className="px-3 py-2">
                {row.buyerName}
                <span className="block text-xs text-ink/75">{row.email}</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.totalCents)}</td>
              <td className="px-3 py-2">{PAYMENT_LABELS[row.paymentMethod]}</td>
              <td className="px-3 py-2">
                {ageLabel(row.createdAt, now)}
                {row.overdue ? (
                  <span className="block text-xs font-semibold text-terracotta-dark">Más de 24 h sin resolver</span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${WITHDRAWAL_BADGES[row.status]}`}>
                  {WITHDRAWAL_LABELS[row.status]}
                </span>
                {row.booksReturnedAt ? (
                  <span className="block pt-1 text-xs text-ink/75">Los libros volvieron</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
