import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { BoxPlanView } from "~/domain/box/plans";
import type { ShippingRates } from "~/domain/box/shipping";
import type { VatRate } from "~/domain/taxes/fiscal";
import { SubscribeFields } from "./subscribe-form";

/** The modal's state: which plan it is open for, and the JavaScript submission's progress and message. */
export function useSubscribeDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<BoxPlanView | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function open(plan: BoxPlanView, event: React.MouseEvent) {
    event.preventDefault();
    setSelected(plan);
    setError(null);
    dialogRef.current?.showModal();
    // The submission's code (below), fetched while the visitor fills the form in.
    import("./subscribe-client").catch(() => {});
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    // Read now: while it is sent its fields are disabled, and a disabled field is not in a FormData.
    const fields = new FormData(form);
    setSending(true);
    // Loaded on submit, not with the page: the checks bring zod, which nothing on the landing needs before.
    let submitSubscription: typeof import("./subscribe-client").submitSubscription;
    try {
      ({ submitSubscription } = await import("./subscribe-client"));
    } catch {
      // The module could not be fetched (offline, a new deploy): the form posts as it does without
      // JavaScript, its fields enabled again first.
      flushSync(() => setSending(false));
      form.submit();
      return;
    }
    const message = await submitSubscription(fields);
    setError(message);
    // On success the visitor is on the way to the payment page: the button stays busy until then.
    if (message) setSending(false);
  }

  return { dialogRef, selected, onClose: () => setSelected(null), sending, error, open, onSubmit };
}

/**
 * The subscription form in a modal over the landing. Its form still posts to /caja-rizoma/suscribirme, the
 * no-JavaScript page, but the page's script sends it to the API instead.
 */
export function SubscribeDialog({
  dialog,
  rates,
  pickupPoints,
  taxRate,
}: {
  dialog: ReturnType<typeof useSubscribeDialog>;
  rates: ShippingRates;
  pickupPoints: { name: string; address: string; hours: string }[];
  taxRate: VatRate;
}) {
  const { dialogRef, selected, sending, error } = dialog;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="titulo-modal"
      onClose={dialog.onClose}
      className="m-auto w-[min(40rem,calc(100vw-1.5rem))] max-h-[calc(100vh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60 sm:p-8"
    >
      {selected ? (
        <form
          noValidate
          onSubmit={dialog.onSubmit}
          method="post"
          action={`/caja-rizoma/suscribirme?plan=${selected.id}`}
        >
          <h2 id="titulo-modal" className="mb-4 font-serif text-2xl">
            Suscribite a la Caja Rizoma
          </h2>
          <SubscribeFields
            key={selected.id}
            plan={selected}
            rates={rates}
            pickupPoints={pickupPoints}
            taxRate={taxRate}
            error={error}
            sending={sending}
            idPrefix="modal"
            cancel={
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                disabled={sending}
                className="rounded-full border border-ink/30 px-6 py-3 font-semibold text-ink hover:bg-cream"
              >
                Cancelar
              </button>
            }
          />
        </form>
      ) : null}
    </dialog>
  );
}
