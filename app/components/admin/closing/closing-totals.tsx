import type { ClosingDay } from "~/domain/closings/summary.server";
import { PAYMENT_NAMES, SALE_PAYMENTS } from "~/domain/sales/input";
import { formatMoney } from "~/lib/money";

const count = (n: number) => `${n} ${n === 1 ? "venta" : "ventas"}`;

/** The day's paid sales per payment method, with the total; what was cancelled or still waits is said apart. */
export function ClosingTotals({ summary }: { summary: ClosingDay }) {
  const cell = "px-3 py-2";
  const figure = `${cell} text-right whitespace-nowrap tabular-nums`;
  return (
    <section aria-labelledby="totales-title" className="space-y-3">
      <h2 id="totales-title" className="font-serif text-2xl">
        Cobrado por medio de pago
      </h2>
      <div className="overflow-x-auto rounded-xl border border-ink/10 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ventas cobradas del día por medio de pago</caption>
          <thead className="border-b border-ink/10 text-ink/75">
            <tr>
              <th scope="col" className={cell}>
                Medio de pago
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Ventas
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Monto
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {SALE_PAYMENTS.map((method) => (
              <tr key={method} data-testid={`metodo-${method}`}>
                <th scope="row" className={`${cell} font-normal`}>
                  {PAYMENT_NAMES[method]}
                </th>
                <td className={figure}>{summary.methods[method].sales}</td>
                <td className={figure}>{formatMoney(summary.methods[method].cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-ink/15 font-semibold">
            <tr>
              <th scope="row" className={cell}>
                Total
              </th>
              <td className={figure}>{summary.paid.sales}</td>
              <td className={figure}>{formatMoney(summary.paid.cents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {summary.cancelled > 0 || summary.pendingQr.length > 0 ? (
        <p className="text-sm text-ink/75">
          No suman acá:{" "}
          {[
            summary.cancelled > 0
              ? `${count(summary.cancelled)} ${summary.cancelled === 1 ? "cancelada" : "canceladas"}`
              : "",
            summary.pendingQr.length > 0 ? `${count(summary.pendingQr.length)} con QR esperando el pago` : "",
          ]
            .filter(Boolean)
            .join(" y ")}
          .
        </p>
      ) : null}
    </section>
  );
}
