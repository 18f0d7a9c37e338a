import { useEffect, useRef, useState } from "react";
import { Check } from "~/components/ui/icons/check";
import { ShoppingBag } from "~/components/ui/icons/shopping-bag";
import { addToCart, type BuyableBook, buyState } from "./buy";

/** How long 'Agregado' stays on the button (box-prizes-admin spec §9). */
export const ADDED_LABEL_MS = 2000;

/** The detail page's add-to-cart button: 'Agregado' for 2 s after a successful add. */
export function AddToCartButton({ book }: { book: BuyableBook }) {
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const state = buyState(book);
  if (state === "unavailable" || state === "out-of-stock") {
    return (
      <button
        type="button"
        disabled
        className="inline-flex items-center justify-center gap-2 rounded-full bg-ink/10 px-6 py-3 font-bold tracking-wider text-ink/75"
      >
        NO DISPONIBLE
      </button>
    );
  }
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        const ok = await addToCart(book);
        setBusy(false);
        if (ok) {
          setAdded(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setAdded(false), ADDED_LABEL_MS);
        }
      }}
      className="inline-flex items-center justify-center gap-2 rounded-full bg-moss px-6 py-3 font-bold tracking-wider text-white hover:bg-moss-dark disabled:cursor-wait disabled:opacity-80"
    >
      {added ? <Check aria-hidden="true" className="size-5" /> : <ShoppingBag aria-hidden="true" className="size-5" />}
      {added ? "Agregado" : state === "preorder" ? "Reservar (agregar al carrito)" : "Agregar al carrito"}
    </button>
  );
}
