import { Link } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import { Minus } from "~/components/ui/icons/minus";
import { Plus } from "~/components/ui/icons/plus";
import { Trash2 } from "~/components/ui/icons/trash-2";
import { toast } from "~/components/ui/toast";
import type { CartItem } from "~/domain/cart/cart";
import { COVER_DISPLAY_WIDTHS } from "~/lib/images";
import { type Cents, formatMoney, formatPrice } from "~/lib/money";
import { cartStore } from "./use-cart";

async function changeQuantity(item: CartItem, quantity: number) {
  const change = await cartStore().updateQuantity(item.id, quantity);
  if (!change.ok) {
    toast({
      title: change.error,
      description:
        change.availableStock > 0
          ? `Podés llevar hasta ${change.availableStock} ${change.availableStock === 1 ? "unidad" : "unidades"} de «${item.title}».`
          : `No quedan unidades de «${item.title}».`,
      variant: "destructive",
    });
  }
}

const iconButton =
  "inline-flex size-8 items-center justify-center rounded-full border border-ink/20 bg-white text-ink hover:border-moss disabled:opacity-60";

/** The cart's lines with quantity controls, shared by the drawer and /carrito. */
export function CartLines({ items, busy, compact = false }: { items: CartItem[]; busy: boolean; compact?: boolean }) {
  return (
    <ul className="divide-y divide-ink/10" aria-label="Productos en el carrito">
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 py-4" data-testid="cart-line">
          <BookCover
            src={item.coverUrl}
            title={item.title}
            author={item.author}
            displayWidth={compact ? COVER_DISPLAY_WIDTHS.cartCompact : COVER_DISPLAY_WIDTHS.cartLine}
            className={compact ? "w-14 shrink-0" : "w-20 shrink-0"}
          />
          <div className="min-w-0 flex-1">
            <p className="font-serif leading-snug">{item.title}</p>
            <p className="text-sm text-ink/75">{item.author}</p>
            <p className="mt-1 text-sm font-semibold">{formatPrice(item.priceCents)}</p>
            <div className="mt-2 flex items-center gap-2">
              <button
                type="button"
                className={iconButton}
                disabled={busy}
                aria-label={`Quitar una unidad de ${item.title}`}
                onClick={() => changeQuantity(item, item.quantity - 1)}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <span className="min-w-8 text-center tabular-nums" data-testid="cart-quantity">
                <span className="sr-only">Cantidad: </span>
                {item.quantity}
              </span>
              <button
                type="button"
                className={iconButton}
                disabled={busy}
                aria-label={`Agregar una unidad de ${item.title}`}
                onClick={() => changeQuantity(item, item.quantity + 1)}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className="ml-auto inline-flex items-center gap-1 rounded px-2 py-1 text-sm text-terracotta-dark hover:underline"
                onClick={() => cartStore().removeItem(item.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Eliminar<span className="sr-only"> {item.title}</span>
              </button>
            </div>
            {item.stockError ? (
              <p className="mt-2 text-sm font-semibold text-terracotta-dark" data-testid="cart-stock-error">
                {item.stockError}
                {item.availableStock !== undefined ? ` (disponibles: ${item.availableStock})` : ""}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CartTotal({ totalCents, itemCount }: { totalCents: Cents; itemCount: number }) {
  return (
    <p className="flex items-baseline justify-between gap-4 text-lg" data-testid="cart-total">
      <span>
        Total <span className="text-sm text-ink/75">({itemCount === 1 ? "1 libro" : `${itemCount} libros`})</span>
      </span>
      <span className="font-semibold">{formatMoney(totalCents)}</span>
    </p>
  );
}

/** The cart page's and the checkout's answer to an empty cart: a way back to the shop. */
export function EmptyCart() {
  return (
    <div className="mt-8 rounded-lg bg-white p-8 text-center">
      <p className="text-ink/75">Tu carrito está vacío.</p>
      <Link
        to="/tienda"
        className="mt-6 inline-block rounded-full bg-moss px-6 py-2.5 font-semibold text-white hover:bg-moss-dark"
      >
        Ir a la tienda
      </Link>
    </div>
  );
}
