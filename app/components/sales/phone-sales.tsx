import type { SaleBody } from "~/domain/sales/cart";
import { PAYMENT_NAMES } from "~/domain/sales/input";
import type { QueuedSale } from "~/domain/sales/sync";
import { formatMoney } from "~/lib/money";
import { FailedSale } from "./sale-done";

const time = (ms: number) =>
  new Intl.DateTimeFormat("es-AR", {
    timeZone: "America/Argentina/Buenos_Aires",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(ms);

const titles = (sale: QueuedSale) => {
  const [first, second, ...rest] = sale.summary.titles;
  const shown = [first, second].filter(Boolean).map((title) => `«${title}»`);
  return rest.length > 0 ? `${shown.join(", ")} y ${rest.length} más` : shown.join(" y ");
};

/**
 * The sales this phone holds, newest first: those still waiting for the server ("pendiente de
 * sincronizar"), those it refused (kept in view with the reason, never dropped on their own), and the
 * last two days' registered ones with their receipt.
 */
export function PhoneSales({
  sales,
  onRetry,
  onDiscard,
}: {
  sales: QueuedSale[];
  onRetry(clientId: string, body?: SaleBody): void;
  onDiscard(clientId: string): void;
}) {
  if (sales.length === 0) return null;
  return (
    <section aria-labelledby="ventas-telefono" className="mt-8">
      <h2 id="ventas-telefono" className="text-lg font-semibold">
        Ventas en este teléfono
      </h2>
      <ul className="mt-2 space-y-2">
        {[...sales].reverse().map((sale) => (
          <li key={sale.clientId} className="rounded-xl border border-ink/15 bg-white p-3" data-testid="phone-sale">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm text-ink/75">
                  {time(sale.createdAt)} · {sale.summary.place} · {PAYMENT_NAMES[sale.summary.payment]}
                </p>
                <p className="leading-snug">{titles(sale)}</p>
              </div>
              <p className="shrink-0 font-bold">{formatMoney(sale.summary.totalCents)}</p>
            </div>
            <SaleBadge sale={sale} />
            {sale.state === "failed" ? (
              <div className="mt-2 space-y-2">
                <FailedSale sale={sale} onRetry={(body) => onRetry(sale.clientId, body)} />
                <button
                  type="button"
                  onClick={() => {
                    if (window.confirm("¿La cargaste de otra forma? Se borra de este teléfono."))
                      onDiscard(sale.clientId);
                  }}
                  className="min-h-11 px-2 text-sm text-ink/75 underline"
                >
                  Ya la cargué de otra forma: quitarla
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SaleBadge({ sale }: { sale: QueuedSale }) {
  if (sale.state === "synced" && sale.sale) {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
        <span className="font-semibold text-moss">Sincronizada · {sale.sale.number}</span>
        {sale.sale.status === "pending_payment" ? <span>Esperando el pago</span> : null}
        {sale.sale.flagged ? (
          <span className="font-semibold text-terracotta-dark">Vendida sin stock en el sistema: revisar</span>
        ) : null}
        {sale.sale.receiptUrl ? (
          <a
            href={sale.sale.receiptUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center text-moss underline"
          >
            Comprobante
          </a>
        ) : null}
      </p>
    );
  }
  if (sale.state === "pending") {
    return (
      <p className="mt-1 text-sm">
        <span className="rounded bg-ochre-light/60 px-2 py-0.5 font-semibold">Pendiente de sincronizar</span>
        {sale.error ? <span className="text-ink/75"> · {sale.error}</span> : null}
      </p>
    );
  }
  return null;
}
