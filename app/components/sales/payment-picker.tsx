import { Banknote, Copy, CreditCard, Landmark, QrCode } from "lucide-react";
import { useId, useState } from "react";
import { PAYMENT_NAMES, SALE_MESSAGES, SALE_PAYMENTS, type SalePayment } from "~/domain/sales/input";
import type { SalePageData } from "~/domain/sales/page.server";
import { type Cents, formatMoney, formatMoneyInput, parseMoney } from "~/lib/money";

const ICONS = { cash: Banknote, transfer: Landmark, card: CreditCard, mercadopago_qr: QrCode } as const;

/** Round amounts a buyer is likely to hand over for `total`: the next thousand, five thousand and ten thousand. */
export function cashSuggestions(totalCents: Cents): Cents[] {
  const steps = [1_000_00, 5_000_00, 10_000_00, 20_000_00];
  const amounts = steps.map((step) => Math.ceil(totalCents / step) * step).filter((amount) => amount > totalCents);
  return [...new Set(amounts)].slice(0, 3);
}

/**
 * How the buyer pays: four large options, and what each needs. Mercado Pago's QR needs a connection and
 * says so (the phone cannot make one offline).
 */
export function PaymentPicker({
  payment,
  onPayment,
  cashReceived,
  onCashReceived,
  totalCents,
  online,
  bank,
}: {
  payment: SalePayment;
  onPayment(payment: SalePayment): void;
  cashReceived: string;
  onCashReceived(text: string): void;
  totalCents: Cents;
  online: boolean;
  bank: SalePageData["bank"];
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-lg font-semibold">Cómo paga</legend>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {SALE_PAYMENTS.map((option) => {
          const Icon = ICONS[option];
          const off = option === "mercadopago_qr" && !online;
          return (
            <label
              key={option}
              className={`flex min-h-14 cursor-pointer flex-col items-start gap-1 rounded-xl border-2 p-3 font-semibold min-[400px]:flex-row min-[400px]:items-center min-[400px]:gap-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ochre ${
                payment === option ? "border-moss bg-moss text-white" : "border-ink/15 bg-white"
              } ${off ? "cursor-not-allowed opacity-60" : ""}`}
            >
              <input
                type="radio"
                name={`${id}-payment`}
                value={option}
                checked={payment === option}
                disabled={off}
                onChange={() => onPayment(option)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className="leading-tight">
                {PAYMENT_NAMES[option]}
                {off ? <span className="block text-xs font-normal">Necesita conexión</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-3">
        {payment === "cash" ? (
          <CashPanel totalCents={totalCents} text={cashReceived} onText={onCashReceived} />
        ) : payment === "transfer" ? (
          <TransferPanel bank={bank} />
        ) : payment === "card" ? (
          <p className="rounded-xl bg-white p-3 text-ink/85">
            Cobrá con la terminal de la librería y, cuando apruebe el pago, registrá la venta acá.
          </p>
        ) : (
          <p className="rounded-xl bg-white p-3 text-ink/85">
            {online
              ? "Al cobrar se muestra un QR de Mercado Pago para que el comprador lo escanee y pague desde su celular. Necesita conexión hasta que el pago se confirme."
              : SALE_MESSAGES.qrOffline}
          </p>
        )}
      </div>
    </fieldset>
  );
}

function CashPanel({ totalCents, text, onText }: { totalCents: Cents; text: string; onText(text: string): void }) {
  const id = useId();
  const received = text.trim() === "" ? null : parseMoney(text);
  const change = received === null ? null : received - totalCents;
  return (
    <div className="rounded-xl bg-white p-3">
      <label htmlFor={`${id}-received`} className="block font-semibold">
        Con cuánto paga <span className="font-normal text-ink/75">(opcional)</span>
      </label>
      <input
        id={`${id}-received`}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoneyInput(totalCents)}
        aria-describedby={`${id}-change`}
        className="mt-1 min-h-12 w-full rounded-lg border border-ink/25 px-3 text-lg"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        {cashSuggestions(totalCents).map((amount) => (
          <button
            key={amount}
            type="button"
            onClick={() => onText(formatMoneyInput(amount))}
            className="min-h-11 rounded-full border border-ink/20 px-4 font-semibold"
          >
            {formatMoney(amount)}
          </button>
        ))}
      </div>
      <p id={`${id}-change`} className="mt-2 text-lg" aria-live="polite">
        {text.trim() === "" ? (
          "Sin monto escrito: paga justo, sin vuelto."
        ) : received === null ? (
          <span className="text-terracotta-dark">Escribí el monto en pesos, por ejemplo 20.000</span>
        ) : change !== null && change < 0 ? (
          <span className="font-semibold text-terracotta-dark">Faltan {formatMoney(-change)}</span>
        ) : (
          <>
            Vuelto: <strong data-testid="sale-change">{formatMoney(change ?? 0)}</strong>
          </>
        )}
      </p>
    </div>
  );
}

function TransferPanel({ bank }: { bank: SalePageData["bank"] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copiado`);
    } catch {
      setCopied(`No se pudo copiar: dictá el ${what.toLowerCase()}`);
    }
  };
  return (
    <div className="rounded-xl bg-white p-3">
      <p className="text-sm text-ink/85">Que el comprador transfiera a esta cuenta:</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <img src={bank.aliasQr} alt={`Código QR del alias ${bank.alias}`} width={120} height={120} />
        <div className="min-w-0">
          <p className="text-sm text-ink/75">Alias</p>
          <p className="font-mono text-lg font-bold break-all">{bank.alias}</p>
          <button
            type="button"
            onClick={() => void copy(bank.alias, "Alias")}
            className="mt-1 flex min-h-11 items-center gap-2 rounded-full border border-moss px-4 font-semibold text-moss"
          >
            <Copy aria-hidden="true" className="size-4" />
            Copiar alias
          </button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">CBU</dt>
        <dd className="font-mono break-all">
          {bank.cbu}{" "}
          <button
            type="button"
            onClick={() => void copy(bank.cbu, "CBU")}
            className="min-h-11 px-2 font-sans text-moss underline"
          >
            Copiar
          </button>
        </dd>
        <dt className="font-semibold">Titular</dt>
        <dd>{bank.holder}</dd>
        <dt className="font-semibold">Banco</dt>
        <dd>{bank.bank}</dd>
        <dt className="font-semibold">CUIT</dt>
        <dd>{bank.cuit}</dd>
      </dl>
      <p role="status" className="mt-2 min-h-5 text-sm text-moss">
        {copied ?? ""}
      </p>
      <p className="text-sm text-ink/75">Revisá que la transferencia haya llegado antes de entregar los libros.</p>
    </div>
  );
}
