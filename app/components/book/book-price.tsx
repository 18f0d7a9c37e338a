import { InstalmentsPlan } from "~/components/layout/instalments-offer";
import { Truck } from "~/components/ui/icons/truck";
import type { VatRate } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { formatPrice, fromPesos } from "~/lib/money";
import type { CardBook } from "./book-card";
import { BookPreorderBadge } from "./book-preorder-badge";
import type { BuyState } from "./buy";
import { NetPrice } from "./net-price";
import { formatReleaseDate } from "./preorder";

/** The line under the price that says whether, and how soon, the book can be had. */
function stockLine(book: Pick<CardBook, "preorderReleaseDate" | "stock">, state: BuyState): string {
  if (state === "unavailable") return "No disponible";
  if (state === "preorder") return `Preventa: sale el ${formatReleaseDate(book.preorderReleaseDate ?? "")}`;
  if (state === "in-stock") return `En stock (${book.stock} ${book.stock === 1 ? "unidad" : "unidades"})`;
  return "Sin stock: lo conseguimos en 72 hs";
}

/**
 * The book page's price (the PREVENTA widget for a pre-order), its net without national taxes, its stock
 * line and free shipping. `originalPrice` and `freeShipping` are the store product's, which the detail
 * page shows; `taxRate` is the book's fiscal category's.
 */
export function BookPrice({
  book,
  state,
  originalPrice,
  freeShipping,
  taxRate,
  instalments,
}: {
  book: CardBook;
  state: BuyState;
  originalPrice: number | null;
  freeShipping: boolean;
  taxRate: VatRate;
  /** Mercado Pago takes cards now (instalmentsOffered): the instalments of this price, with their CFTEA. */
  instalments: boolean;
}) {
  // The price the visitor pays now: the pre-order price during a pre-order (as the cart takes it).
  const price = fromPesos(book.isPreorder && book.preorderPrice !== null ? book.preorderPrice : book.price);
  return (
    <>
      {book.isPreorder ? (
        <BookPreorderBadge book={book} size="large" className="mt-6 max-w-md" />
      ) : (
        <p className="mt-6 text-3xl font-semibold" data-testid="book-price">
          {formatPrice(fromPesos(book.price))}
          {originalPrice !== null ? (
            <s className="ml-3 text-lg font-normal text-ink/70">
              <span className="sr-only">Antes: </span>
              {formatPrice(fromPesos(originalPrice))}
            </s>
          ) : null}
        </p>
      )}
      {price === null ? null : (
        <div className="mt-1">
          <NetPrice netCents={netOf(price, taxRate)} />
        </div>
      )}
      {instalments && price !== null && price > 0 && (state === "in-stock" || state === "preorder") ? (
        <InstalmentsPlan cashCents={price} className="mt-3 max-w-xl" />
      ) : null}
      <p className="mt-3 text-sm font-semibold text-moss" data-testid="stock-line">
        {stockLine(book, state)}
      </p>
      {freeShipping ? (
        <p className="mt-1 inline-flex items-center gap-2 text-sm">
          <Truck aria-hidden="true" className="size-4 text-moss" /> Envío gratis
        </p>
      ) : null}
    </>
  );
}
