import type { CSSProperties } from "react";
import { Link } from "react-router";
import { formatPrice, fromPesos } from "~/lib/money";
import { BookCover } from "./book-cover";
import { BookPreorderBadge } from "./book-preorder-badge";
import type { BuyableBook } from "./buy";
import { BuyButton } from "./buy-button";
import { NetPrice } from "./net-price";
import { WishlistHeart } from "./wishlist-heart";

type PriceMissing = "CONSULTAR" | "Consultar precio";

/** What a card shows: the buy fields plus the prices and the release date (the catalogue shape fits). */
export interface CardBook extends BuyableBook {
  originalPrice: number | null;
  /** The net of what the visitor pays now, in pesos (CatalogBook.netPrice); null without a price. */
  netPrice: number | null;
  preorderReleaseDate: string | null;
  /** The cover's content version, when the loader knows it (immutable optimiser URLs). */
  coverVersion?: string | null;
}

/**
 * One book in a grid (the card table of spec §4): cover linking to /libro/{id}, title, author, price and
 * the buy button of its state. `variant="home"` gives the home's "... EN TIENDA" / 'ORDENAR (72HS)'
 * labels, the default the shop's COMPRAR / PREORDENAR / ORDENAR 72HS. `index` staggers the entrance
 * animation 50 ms per card (none with reduced motion).
 */
export function BookCard({
  book,
  priceMissing = "Consultar precio",
  eager = false,
  variant = "shop",
  index,
}: {
  book: CardBook;
  priceMissing?: PriceMissing;
  eager?: boolean;
  variant?: "shop" | "home";
  index?: number;
}) {
  const outOfStock = book.available && !book.isPreorder && book.stock <= 0;
  const animated = index !== undefined;
  return (
    <article
      className={animated ? "group card card-enter" : "group card"}
      style={animated ? ({ "--card-index": index } as CSSProperties) : undefined}
      data-testid="book-card"
    >
      <Link to={`/libro/${book.id}`} className="card-link" prefetch="intent">
        <div className="relative">
          <BookCover
            src={book.coverUrl}
            version={book.coverVersion}
            title={book.title}
            author={book.author}
            eager={eager}
            className="card-lift"
          />
          {!book.available ? <Badge className="bg-terracotta-dark text-white">NO DISPONIBLE</Badge> : null}
          {outOfStock ? (
            <span className="absolute inset-0 flex items-center justify-center bg-ink/45">
              <span className="rounded bg-ink px-3 py-1 text-sm font-bold tracking-widest text-white">SIN STOCK</span>
            </span>
          ) : null}
        </div>
        <h3 className="card-title">{book.title}</h3>
        <p className="card-author" data-testid="card-author">
          {book.author}
        </p>
      </Link>
      <WishlistHeart book={book} className="absolute right-2 top-2" />
      {book.isPreorder ? <BookPreorderBadge book={book} size="small" className="mt-2" /> : null}
      <p className="card-price" data-testid="card-price">
        {book.isPreorder && book.preorderPrice !== null ? (
          <>
            <span className="text-moss">{formatPrice(fromPesos(book.preorderPrice))}</span>{" "}
            <s className="font-normal text-ink/70">{formatPrice(fromPesos(book.price), priceMissing)}</s>
          </>
        ) : (
          <>
            {formatPrice(fromPesos(book.price), priceMissing)}
            {book.originalPrice !== null ? (
              <s className="ml-2 font-normal text-ink/70">{formatPrice(fromPesos(book.originalPrice))}</s>
            ) : null}
          </>
        )}
      </p>
      {book.netPrice === null ? null : (
        <NetPrice netCents={fromPesos(book.netPrice)} testId={null} className="card-net" />
      )}
      <BuyButton book={book} variant={variant} />
    </article>
  );
}

function Badge({ children, className }: { children: React.ReactNode; className: string }) {
  return (
    <span className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs font-bold tracking-wider ${className}`}>
      {children}
    </span>
  );
}
