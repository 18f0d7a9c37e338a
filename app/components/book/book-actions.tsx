import { SpecialOrderLink } from "~/components/special-orders/special-order-link";
import { ExternalLink } from "~/components/ui/icons/external-link";
import { Headphones } from "~/components/ui/icons/headphones";
import { AddToCartButton } from "./add-to-cart-button";
import type { BuyableBook, BuyState } from "./buy";
import { StoreLink } from "./store-link";
import { WishlistHeart } from "./wishlist-heart";

/**
 * What the book page lets a visitor do with the book: add it to the cart or, out of stock, order it in
 * 72 hours; buy it on the external store; listen to its audiobook.
 */
export function BookActions({ book, state }: { book: BuyableBook & { audiobookUrl: string | null }; state: BuyState }) {
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {state === "out-of-stock" ? (
          <SpecialOrderLink
            book={book}
            className="inline-flex items-center rounded-full border border-moss bg-white px-6 py-3 font-bold tracking-wider text-moss hover:bg-cream"
          >
            ORDENAR 72HS
          </SpecialOrderLink>
        ) : (
          <AddToCartButton book={book} />
        )}
        {book.tiendaNubeUrl && state !== "unavailable" ? (
          <StoreLink
            url={book.tiendaNubeUrl}
            className="inline-flex items-center gap-2 rounded-full border border-moss px-6 py-3 font-bold tracking-wider text-moss hover:bg-cream"
          >
            {state === "preorder" ? "RESERVAR EN TIENDA" : "COMPRAR EN TIENDA"}
            <ExternalLink aria-hidden="true" className="size-4" />
          </StoreLink>
        ) : null}
        <WishlistHeart book={book} variant="page" />
      </div>
      {book.audiobookUrl ? (
        <p className="mt-4">
          <a
            href={book.audiobookUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-moss underline underline-offset-4 hover:text-moss-dark"
          >
            <Headphones aria-hidden="true" className="size-5" />
            Escuchá el audiolibro
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      ) : null}
    </>
  );
}
