import { Form } from "react-router";
import { TableHead } from "~/components/admin/table-head";
import type { BoxWithdrawalListRow } from "~/domain/box/withdrawal-list.server";
import { BOX_REFUND_BADGES, BOX_REFUND_LABELS } from "~/domain/box/withdrawal-status";
import { ageLabel } from "~/domain/withdrawals/status";
import { shortDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

// Where the refund stands comes right after the subscription: on a phone it is what shows without scrolling.
const COLUMNS = ["Suscripción", "Reembolso", { label: "Monto", right: true }, "Suscriptor", "Solicitado"] as const;

/**
 * The Caja Rizoma's withdrawals on /admin/arrepentimientos: where each refund stands, Mercado Pago's last
 * failure in words, and "Reintentar reembolso" for a refund still due (a plain form post; the periodic
 * pass tries it again by itself too).
 */
export function BoxWithdrawalTable({
  withdrawals,
  now,
  busy,
}: {
  withdrawals: BoxWithdrawalListRow[];
  now: number;
  busy: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white">
      <table className="w-full text-left text-sm">
        <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
        <tbody className="divide-y divide-ink/10">
          {withdrawals.map((row) => (
            <tr key={row.id} data-testid="box-withdrawal-row">
              <td className="px-3 py-2 align-top">
                <span className="block font-semibold whitespace-nowrap">{row.number}</span>
                <span className="block font-mono text-xs whitespace-nowrap text-ink/75">{row.code}</span>
              </td>
              <td className="min-w-48 px-3 py-2 align-top">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${BOX_REFUND_BADGES[row.refund]}`}>
                  {BOX_REFUND_LABELS[row.refund]}
                </span>
                {row.refundedAt ? (
                  <span className="block pt-1 text-xs text-ink/75">
                    El {shortDateTime(row.refundedAt)} (Mercado Pago {row.refundReference})
                  </span>
                ) : null}
                {row.refundError ? (
                  <span className="block pt-1 text-xs font-semibold text-terracotta-dark">{row.refundError}</span>
                ) : null}
                {row.canRetry ? (
                  <Form method="post" className="pt-1">
                    <input type="hidden" name="intent" value="box-refund-retry" />
                    <input type="hidden" name="withdrawalId" value={row.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      aria-label={`Reintentar el reembolso de ${row.number}`}
                      className="rounded-full border border-moss px-3 py-1 text-xs font-semibold text-moss hover:bg-moss/10 disabled:opacity-60"
                    >
                      Reintentar reembolso
                    </button>
                  </Form>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right align-top whitespace-nowrap tabular-nums">
                {row.amountCents === null ? "—" : formatMoney(row.amountCents)}
              </td>
              <td className="px-3 py-2 align-top">
                {row.subscriberName}
                <span className="block text-xs text-ink/75">{row.email}</span>
              </td>
              <td className="px-3 py-2 align-top">
                {shortDateTime(row.createdAt)}
                <span className="block text-xs text-ink/75">{ageLabel(row.createdAt, now)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
