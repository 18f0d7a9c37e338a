import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";
import type { BankDetails } from "./transfer-modal";

/**
 * The modal's content (a separate chunk: it loads on the first "¿cómo funciona?"). The order pages show
 * it for a real order: its number and amount, and without the closing button outside a dialog.
 */
export default function TransferSteps({
  bank,
  order,
  titleId = "transfer-modal-title",
  dismissible = true,
}: {
  bank: BankDetails;
  /** A real order, with the transfer discount it was given (null: none); else the shop's current one. */
  order?: { number: string; totalLabel: string; transferPercent: number | null };
  titleId?: string;
  dismissible?: boolean;
}) {
  const shopPercent = useTransferDiscountPercent();
  const percent = order ? order.transferPercent : shopPercent;
  return (
    <div className="p-6 sm:p-8">
      <p className="text-xs font-semibold tracking-[0.2em] text-ink/70">ASÍ FUNCIONA EL PAGO POR TRANSFERENCIA</p>
      <h2 id={titleId} className="mt-2 font-serif text-2xl font-bold">
        TU PEDIDO FUE REGISTRADO
      </h2>
      {order ? (
        <p className="mt-2 text-sm">
          Número de pedido: <strong data-testid="order-number">{order.number}</strong> · Total a transferir:{" "}
          <strong>{order.totalLabel}</strong>
        </p>
      ) : null}
      <p className="mt-2 inline-block rounded bg-ochre-light/60 px-2 py-1 text-sm font-semibold">
        Estado: PAGO PENDIENTE
      </p>
      <ol className="mt-6 space-y-5">
        <li className="flex gap-4">
          <Step n={1} />
          <div className="text-sm leading-relaxed">
            <p className="font-semibold">
              {percent
                ? `Hacé la transferencia a esta cuenta, con el ${percent}% ya descontado:`
                : "Hacé la transferencia a esta cuenta:"}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-white p-3 text-ink/85">
              <dt className="font-semibold">Titular</dt>
              <dd>{bank.holder}</dd>
              <dt className="font-semibold">Banco</dt>
              <dd>{bank.bank}</dd>
              <dt className="font-semibold">CBU</dt>
              <dd className="break-all font-mono">{bank.cbu}</dd>
              <dt className="font-semibold">Alias</dt>
              <dd className="font-mono">{bank.alias}</dd>
              <dt className="font-semibold">CUIT</dt>
              <dd>{bank.cuit}</dd>
            </dl>
          </div>
        </li>
        <li className="flex gap-4">
          <Step n={2} />
          <p className="text-sm leading-relaxed">
            <span className="font-semibold">Mandanos el comprobante</span> con tu nombre y el número de pedido, por
            WhatsApp o por email.
          </p>
        </li>
        <li className="flex gap-4">
          <Step n={3} />
          <p className="text-sm leading-relaxed">
            <span className="font-semibold">Confirmamos el pago y despachamos tu pedido.</span> Te avisamos por email
            cuando sale.
          </p>
        </li>
      </ol>
      {dismissible ? (
        <form method="dialog" className="mt-8">
          <button
            type="submit"
            className="w-full rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
          >
            ENTENDIDO
          </button>
        </form>
      ) : null}
    </div>
  );
}

function Step({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-moss font-serif font-bold text-white"
    >
      {n}
    </span>
  );
}
