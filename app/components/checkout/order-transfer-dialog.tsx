import { useEffect, useRef } from "react";
import type { BankDetails } from "~/components/home/transfer-modal";
import TransferSteps from "~/components/home/transfer-steps";

/**
 * Right after a transfer order: the spec's modal ('TU PEDIDO FUE REGISTRADO', 'Estado: PAGO PENDIENTE',
 * the three steps, 'ENTENDIDO') with the order's number and amount, opened once as a native modal.
 */
export function OrderTransferDialog({
  bank,
  order,
}: {
  bank: BankDetails;
  order: { number: string; totalLabel: string; transferPercent: number | null };
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is native.
    <dialog
      ref={dialog}
      aria-labelledby="transfer-modal-title"
      data-testid="order-transfer-dialog"
      className="m-auto w-[min(100%-2rem,32rem)] rounded-lg bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/60"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <TransferSteps bank={bank} order={order} />
    </dialog>
  );
}
