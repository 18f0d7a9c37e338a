import { useEffect } from "react";
import { Link } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import { NetPrice } from "~/components/book/net-price";
import { Minus } from "~/components/ui/icons/minus";
import { Plus } from "~/components/ui/icons/plus";
import { Trash2 } from "~/components/ui/icons/trash-2";
import { toast } from "~/components/ui/toast";
import type { CartItem } from "~/domain/cart/cart";
import type { FiscalLine, FiscalLineInput } from "~/domain/taxes/fiscal";
import { netOf, orderNet } from "~/domain/taxes/net-prices";
import { COVER_DISPLAY_WIDTHS } from "~/lib/images";
import { type Cents, formatMoney, formatPrice, lineCents } from "~/lib/money";
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

/**
 * The lines as `fiscalLines` takes them (gross = price x quantity, at the rate the server gave), or null
 * while some priced line has no rate yet (a cart saved before rates existed, until its next check).
 */
export function fiscalInputs(items: readonly CartItem[]): FiscalLineInput[] | null {
  if (items.some((item) => item.priceCents !== null && !item.taxRate)) return null;
  return items.map((item) => ({
    grossCents: lineCents(item.priceCents, item.quantity),
    taxCategory: "",
    rate: item.taxRate ?? "exento",
  }));
}

/** The net of the cart's total (no discounts yet), or null while a rate is missing. */
export function cartNetCents(items: readonly CartItem[]): Cents | null {
  const inputs = fiscalInputs(items);
  return inputs ? orderNet(inputs, 0, 0).totalNetCents : null;
}

/**
 * The cart's lines with quantity controls, shared by the drawer, /carrito and the checkout. Each price has
 * its net under it; the checkout passes `fiscal` (the lines after their share of the discounts, as the
 * order will store them) and each line then shows its total and that total's net.
 */
export function CartLines({
  items,
  busy,
  compact = false,
  fiscal,
}: {
  items: CartItem[];
  busy: boolean;
  compact?: boolean;
  fiscal?: readonly FiscalLine[] | null;
}) {
  const rateless = items.some((item) => item.priceCents !== null && !item.taxRate);
  useEffect(() => {
    // A cart saved before rates existed: one check brings them (and tells about stock, as it should).
    if (rateless) void cartStore().validateCartStock();
  }, [rateless]);
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
            <LineNet item={item} fiscal={fiscal?.[items.indexOf(item)]} />
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

/** Under a line's price: its net; in the checkout, the line's total after discounts and that total's net. */
function LineNet({ item, fiscal }: { item: CartItem; fiscal: FiscalLine | undefined }) {
  if (item.priceCents === null || !item.taxRate) return null;
  if (!fiscal) return <NetPrice netCents={netOf(item.priceCents, item.taxRate)} />;
  return (
    <>
      {fiscal.lineTotalCents !== item.priceCents ? (
        <p className="text-xs text-ink/75" data-testid="line-total">
          {item.quantity > 1 ? `${item.quantity} unidades` : "1 unidad"}
          {fiscal.lineTotalCents !== lineCents(item.priceCents, item.quantity) ? ", con descuentos" : ""}:{" "}
          {formatMoney(fiscal.lineTotalCents)}
        </p>
      ) : null}
      <NetPrice netCents={fiscal.netCents} />
    </>
  );
}

/** The cart's total; `netCents` (null while a rate is missing) is the total's net, shown under it. */
export function CartTotal({
  totalCents,
  itemCount,
  netCents,
}: {
  totalCents: Cents;
  itemCount: number;
  netCents: Cents | null;
}) {
  return (
    <div data-testid="cart-total">
      <p className="flex items-baseline justify-between gap-4 text-lg">
        <span>
          Total <span className="text-sm text-ink/75">({itemCount === 1 ? "1 libro" : `${itemCount} libros`})</span>
        </span>
        <span className="font-semibold">{formatMoney(totalCents)}</span>
      </p>
      {netCents === null ? null : (
        <div className="text-right">
          <NetPrice netCents={netCents} testId="cart-total-net" />
        </div>
      )}
    </div>
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
