import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { X } from "~/components/ui/icons/x";
import { CartLines, CartTotal, cartNetCents } from "./cart-lines";
import { useCart } from "./use-cart";

/** The cart drawer: a modal <dialog> (focus kept inside, Escape closes), loaded on first open. */
export default function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cart = useCart();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-ink/10 px-5 py-4">
          <h2 id="cart-drawer-title" className="font-serif text-2xl">
            Tu carrito
          </h2>
          <button type="button" onClick={onClose} className="rounded p-1 hover:bg-ink/5" aria-label="Cerrar carrito">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5">
          {cart.items.length === 0 ? (
            <p className="py-10 text-center text-ink/75">Tu carrito está vacío.</p>
          ) : (
            <CartLines items={cart.items} busy={cart.isValidatingStock} compact />
          )}
        </div>
        <div className="space-y-3 border-t border-ink/10 px-5 py-4">
          <CartTotal totalCents={cart.totalCents} itemCount={cart.itemCount} netCents={cartNetCents(cart.items)} />
          <div className="flex gap-3">
            <Link
              to="/carrito"
              onClick={onClose}
              className="flex-1 rounded-full border border-moss px-4 py-2.5 text-center font-semibold text-moss hover:bg-cream"
            >
              Ver carrito
            </Link>
            {cart.items.length > 0 ? (
              <Link
                to="/checkout"
                onClick={onClose}
                className="flex-1 rounded-full bg-moss px-4 py-2.5 text-center font-semibold text-white hover:bg-moss-dark"
              >
                Iniciar compra
              </Link>
            ) : (
              <Link
                to="/tienda"
                onClick={onClose}
                className="flex-1 rounded-full bg-moss px-4 py-2.5 text-center font-semibold text-white hover:bg-moss-dark"
              >
                Ir a la tienda
              </Link>
            )}
          </div>
        </div>
      </div>
    </dialog>
  );
}
