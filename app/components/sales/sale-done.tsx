import { CircleCheck, CloudOff, ExternalLink, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import type { SaleBody } from "~/domain/sales/cart";
import { PAYMENT_NAMES } from "~/domain/sales/input";
import type { QueuedSale } from "~/domain/sales/sync";
import { formatMoney } from "~/lib/money";
import { FlaggedNote } from "./flagged-note";
import { QrImage } from "./qr-image";

/**
 * After "Cobrar": the total and the change, what the server made of the sale (live: pending in the phone,
 * registered with its number, or refused and why) and, once registered, the receipt as a QR the buyer scans.
 */
export function SaleDone({
  sale,
  online,
  onNew,
  onRetry,
}: {
  sale: QueuedSale;
  online: boolean;
  onNew(): void;
  onRetry(body?: SaleBody): void;
}) {
  const { summary } = sale;
  const email = typeof sale.body.customer?.email === "string" ? sale.body.customer.email : null;
  return (
    <section aria-labelledby="venta-cobrada" className="mx-auto max-w-md space-y-4">
      <div className="rounded-2xl bg-white p-5 text-center shadow-sm">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-moss" />
        <h2 id="venta-cobrada" className="mt-2 font-serif text-2xl font-bold">
          Venta cobrada
        </h2>
        <p className="mt-1 text-ink/75">
          {PAYMENT_NAMES[summary.payment]} · {summary.copies} {summary.copies === 1 ? "libro" : "libros"}
        </p>
        <p className="mt-3 text-4xl font-bold" data-testid="done-total">
          {formatMoney(summary.totalCents)}
        </p>
        {summary.changeCents !== null ? (
          <p className="mt-2 text-2xl">
            Vuelto: <strong data-testid="done-change">{formatMoney(summary.changeCents)}</strong>
          </p>
        ) : null}
      </div>
      <SaleState sale={sale} online={online} onRetry={onRetry} />
      {email && sale.state === "synced" ? (
        <p className="text-center text-sm text-ink/75">También le mandamos el comprobante a {email}.</p>
      ) : null}
      <button
        type="button"
        onClick={onNew}
        className="min-h-14 w-full rounded-full bg-moss px-6 text-lg font-bold text-white hover:bg-moss-dark"
      >
        Nueva venta
      </button>
    </section>
  );
}

function SaleState({ sale, online, onRetry }: { sale: QueuedSale; online: boolean; onRetry(body?: SaleBody): void }) {
  if (sale.state === "synced" && sale.sale) {
    const synced = sale.sale;
    return (
      <div className="space-y-3 rounded-2xl bg-white p-5 text-center">
        <p className="font-semibold" role="status">
          Registrada como {synced.number}
        </p>
        {synced.flagged ? <FlaggedNote flagged={synced.flagged} /> : null}
        {synced.receiptUrl ? (
          <>
            <div className="flex justify-center">
              <QrImage text={synced.receiptUrl} label={`Código QR del comprobante ${synced.number}`} />
            </div>
            <p className="text-ink/85">Que el comprador escanee el código para ver y guardar su comprobante.</p>
            <a
              href={synced.receiptUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-moss underline"
            >
              Abrir el comprobante
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </>
        ) : null}
      </div>
    );
  }
  if (sale.state === "failed") return <FailedSale sale={sale} onRetry={onRetry} />;
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-ochre bg-ochre-light/30 p-4" role="status">
      <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Guardada en el teléfono: pendiente de sincronizar.</strong>{" "}
        {online
          ? "Se está enviando a la tienda."
          : "Se envía sola cuando vuelva la señal; el comprobante aparece en la lista de abajo."}
      </p>
    </div>
  );
}

/** A refusal, with the server's words; the buyer's DNI can be added here when that is what was missing. */
export function FailedSale({ sale, onRetry }: { sale: QueuedSale; onRetry(body?: SaleBody): void }) {
  const id = useId();
  const [document, setDocument] = useState("");
  const needsDocument = sale.errorField === "document";
  return (
    <div role="alert" className="space-y-3 rounded-2xl border border-terracotta bg-white p-4">
      <p className="font-semibold text-terracotta-dark">No se registró: {sale.error}</p>
      {needsDocument ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onRetry({ ...sale.body, customer: { ...sale.body.customer, document } });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-document`} className="block text-sm font-semibold">
              DNI o CUIL del comprador
            </label>
            <input
              id={`${id}-document`}
              value={document}
              onChange={(event) => setDocument(event.currentTarget.value)}
              inputMode="numeric"
              required
              className="mt-1 min-h-12 w-full rounded-lg border border-ink/25 px-3"
            />
          </div>
          <button type="submit" className="min-h-12 rounded-lg bg-moss px-4 font-semibold text-white">
            Reintentar
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => onRetry()}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-moss px-4 font-semibold text-moss"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Reintentar
        </button>
      )}
    </div>
  );
}
