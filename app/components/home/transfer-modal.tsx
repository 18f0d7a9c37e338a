import { lazy, Suspense, useEffect, useRef, useState } from "react";

export interface BankDetails {
  holder: string;
  bank: string;
  cbu: string;
  alias: string;
  cuit: string;
}

const TransferSteps = lazy(() => import("./transfer-steps"));

/**
 * The transfer slide's "¿cómo funciona?": what a visitor sees after ordering with a bank transfer
 * (spec §2): 'TU PEDIDO FUE REGISTRADO', 'Estado: PAGO PENDIENTE', three steps and 'ENTENDIDO'.
 * A native modal <dialog>: focus stays inside, Escape closes it, focus goes back to the opener. Its
 * content is loaded on the first opening, which keeps it off the home's first load.
 */
export function TransferHowTo({ bank }: { bank: BankDetails }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened && !dialog.current?.open) dialog.current?.showModal();
  }, [opened]);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => (opened ? dialog.current?.showModal() : setOpened(true))}
        className="rounded-full border-2 border-white px-6 py-2.5 text-sm font-bold tracking-wider text-white hover:bg-white hover:text-moss-dark"
      >
        ¿CÓMO FUNCIONA?
      </button>
      {opened ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is native.
        <dialog
          ref={dialog}
          aria-labelledby="transfer-modal-title"
          className="m-auto w-[min(100%-2rem,32rem)] rounded-lg bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/60"
          onClick={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <Suspense fallback={<p className="p-8 text-center text-sm">Cargando…</p>}>
            <TransferSteps bank={bank} />
          </Suspense>
        </dialog>
      ) : null}
    </>
  );
}
