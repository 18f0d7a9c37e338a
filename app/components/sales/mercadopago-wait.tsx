import { useEffect, useRef, useState } from "react";
import { type Cents, formatMoney } from "~/lib/money";
import { QrImage } from "./qr-image";
import { SALES_API } from "./use-sale-queue";

const POLL_MS = 3_000;

/**
 * A Mercado Pago QR sale waiting for its payment: the QR the server made (`qr.data`) for the buyer to scan,
 * and the sale asked again every few seconds (GET /api/admin/ventas/{number}) until it is paid. While that
 * address does not answer, the page keeps saying it waits.
 */
export function MercadoPagoWait({
  number,
  qrData,
  totalCents,
  onPaid,
  onLeave,
}: {
  number: string;
  qrData: string | null;
  totalCents: Cents;
  onPaid(): void;
  onLeave(): void;
}) {
  const [qr, setQr] = useState(qrData);
  const [problem, setProblem] = useState<string | null>(null);
  /** The QR expired or was cancelled: the sale was not charged and its books are back. */
  const [ended, setEnded] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      const response = await fetch(`${SALES_API}/${encodeURIComponent(number)}/cancelar`, {
        method: "POST",
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      if (response.ok) setEnded(true);
      else if (response.status === 409) paid.current();
      else setProblem(body?.error ?? "No pudimos cancelar el QR: probá de nuevo en un momento");
    } catch {
      setProblem("Sin conexión: no pudimos cancelar el QR. Probá de nuevo cuando vuelva la señal");
    } finally {
      setCancelling(false);
    }
  };
  const paid = useRef(onPaid);
  paid.current = onPaid;
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const ask = async () => {
      try {
        const response = await fetch(`${SALES_API}/${encodeURIComponent(number)}`, {
          headers: { Accept: "application/json" },
        });
        const body = (await response.json().catch(() => null)) as {
          sale?: { status?: string; qr?: { data?: string } | null };
        } | null;
        if (stopped) return;
        if (response.ok && body?.sale) {
          if (body.sale.qr?.data) setQr(body.sale.qr.data);
          if (body.sale.status === "paid") {
            paid.current();
            return;
          }
          if (body.sale.status === "cancelled") {
            setEnded(true);
            return;
          }
        }
        setProblem(response.status === 401 ? "Tu sesión terminó: iniciá sesión de nuevo para ver el pago" : null);
      } catch {
        if (!stopped) setProblem("Sin conexión: el pago se ve cuando vuelva la señal");
      }
      if (!stopped) timer = window.setTimeout(ask, POLL_MS);
    };
    timer = window.setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [number]);
  if (ended) {
    return (
      <section
        aria-labelledby="qr-mercadopago"
        className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-5 text-center"
      >
        <h2 id="qr-mercadopago" className="font-serif text-2xl font-bold">
          El QR ya no sirve
        </h2>
        <p role="status" className="text-lg">
          La venta {number} no se cobró: el QR venció o se canceló, y los libros volvieron al stock.
        </p>
        <button
          type="button"
          onClick={onLeave}
          className="min-h-12 w-full rounded-xl bg-moss px-4 text-lg font-semibold text-white"
        >
          Volver a vender
        </button>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="qr-mercadopago"
      className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-5 text-center"
    >
      <h2 id="qr-mercadopago" className="font-serif text-2xl font-bold">
        Cobro con QR de Mercado Pago
      </h2>
      <p className="text-4xl font-bold">{formatMoney(totalCents)}</p>
      {qr ? (
        <div className="flex justify-center">
          <QrImage text={qr} label={`Código QR de Mercado Pago para pagar la venta ${number}`} size={256} />
        </div>
      ) : null}
      <p role="status" className="text-lg font-semibold">
        Esperando el pago…
      </p>
      <p className="text-ink/85">
        {qr
          ? "Que el comprador escanee el código con la app de Mercado Pago o de su banco."
          : `La venta ${number} quedó registrada y espera la confirmación de Mercado Pago.`}
      </p>
      {problem ? <p className="text-sm font-semibold text-terracotta-dark">{problem}</p> : null}
      <button
        type="button"
        onClick={cancel}
        disabled={cancelling}
        className="min-h-12 w-full rounded-xl border border-terracotta-dark px-4 font-semibold text-terracotta-dark disabled:opacity-50"
      >
        {cancelling ? "Cancelando…" : "Cancelar el cobro"}
      </button>
      <button type="button" onClick={onLeave} className="min-h-11 px-3 text-sm text-ink/75 underline">
        Dejarla esperando y volver a vender
      </button>
    </section>
  );
}
