import { useEffect, useId, useRef, useState } from "react";
import { X } from "~/components/ui/icons/x";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { SPECIAL_ORDER_RECEIVED, type SpecialOrderScope } from "~/domain/special-orders/labels";
import { toast } from "../ui/toast";
import { SpecialOrderFields, SpecialOrderThanks, type SpecialOrderValues } from "./special-order-fields";

type State =
  | { step: "form"; sending: boolean; error: { message: string; field?: string | null } | null }
  | { step: "sent"; scope: SpecialOrderScope };

const TRY_AGAIN = "No pudimos enviar el pedido. Probá de nuevo en unos minutos.";

/**
 * The request form in a native modal <dialog> (focus stays inside, Escape closes, focus goes back to the
 * opener). Loaded on the first "ORDENAR" / "HACER UN PEDIDO" click, so it is not in the page's first load.
 * Sends to POST /api/special-orders and shows the promise when the shop has it.
 */
export default function SpecialOrderDialog({ prefill, onClose }: { prefill: SpecialOrderValues; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const titleId = `${idPrefix}-title`;
  const [state, setState] = useState<State>({ step: "form", sending: false, error: null });
  const [values, setValues] = useState<SpecialOrderValues>(prefill);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The title is known when a book's button opened it: go straight to the visitor's own data.
    const first = prefill.bookTitle ? "name" : "bookTitle";
    element?.querySelector<HTMLInputElement>(`[name=${first}]`)?.focus();
  }, [prefill.bookTitle]);

  useEffect(() => {
    if (state.step !== "form" || !state.error?.field) return;
    form.current?.querySelector<HTMLElement>(`[name=${state.error.field}]`)?.focus();
  }, [state]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step !== "form" || state.sending) return;
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setValues(data);
    setState({ step: "form", sending: true, error: null });
    try {
      const response = await fetch("/api/special-orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(data),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; field?: string };
      if (response.status === 201) {
        const scope = data.scope === "international" ? "international" : "national";
        setState({ step: "sent", scope });
        toast({ title: SPECIAL_ORDER_RECEIVED, description: "Te mandamos un email con el detalle." });
        return;
      }
      setState({ step: "form", sending: false, error: { message: body.error ?? TRY_AGAIN, field: body.field } });
    } catch {
      setState({ step: "form", sending: false, error: { message: TRY_AGAIN } });
    }
  }

  const close = () => dialog.current?.close();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is native.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(100%-1rem,40rem)] overflow-y-auto rounded-lg bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="p-5 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          {state.step === "form" ? (
            <div>
              <p className="text-xs font-bold tracking-widest text-terracotta-dark">PEDIDOS ESPECIALES</p>
              <h2 id={titleId} className="mt-1 font-serif text-2xl sm:text-3xl">
                Pedinos un libro
              </h2>
            </div>
          ) : (
            <span />
          )}
          <button
            type="button"
            onClick={close}
            className="rounded-full p-2 text-ink hover:bg-ink/10 focus-visible:outline-2 focus-visible:outline-moss"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Cerrar</span>
          </button>
        </div>
        {state.step === "sent" ? (
          <SpecialOrderThanks scope={state.scope} headingId={titleId}>
            <button
              type="button"
              onClick={close}
              className="mt-6 rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
            >
              ENTENDIDO
            </button>
          </SpecialOrderThanks>
        ) : (
          <form ref={form} method="post" action="/pedidos-especiales" onSubmit={submit} noValidate className="mt-5">
            <SpecialOrderFields
              idPrefix={idPrefix}
              values={values}
              error={state.error}
              sending={state.sending}
              cancel={
                <button
                  type="button"
                  onClick={close}
                  className="rounded-full border border-ink/30 px-6 py-3 text-sm font-semibold text-ink hover:bg-ink/5"
                >
                  Cancelar
                </button>
              }
            />
            <PersonalDataNotice className="mt-4" />
          </form>
        )}
      </div>
    </dialog>
  );
}
