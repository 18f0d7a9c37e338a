import { Link } from "react-router";
import type { CatalogBook } from "~/domain/catalog/book-view.server";
import { formatPrice, fromPesos } from "~/lib/money";
import { BookCover } from "./book-cover";

type PriceMissing = "CONSULTAR" | "Consultar precio";

/** One book in a grid: cover, title, author, price and its state (pre-order, out of stock, unavailable). */
export function BookCard({
  book,
  priceMissing = "Consultar precio",
  eager = false,
}: {
  book: CatalogBook;
  priceMissing?: PriceMissing;
  eager?: boolean;
}) {
  const outOfStock = book.available && !book.isPreorder && book.stock <= 0;
  return (
    <article className="group flex flex-col">
      <Link to={`/libro/${book.id}`} className="flex flex-1 flex-col" prefetch="intent">
        <div className="relative">
          <BookCover
            src={book.coverUrl}
            title={book.title}
            author={book.author}
            eager={eager}
            className="transition group-hover:-translate-y-1 group-hover:shadow-md"
          />
          {book.isPreorder ? <Badge className="bg-ochre text-ink">PREVENTA</Badge> : null}
          {outOfStock ? <Badge className="bg-ink text-white">SIN STOCK</Badge> : null}
          {!book.available ? <Badge className="bg-terracotta text-white">NO DISPONIBLE</Badge> : null}
        </div>
        <h3 className="mt-3 font-serif text-base leading-snug group-hover:underline">{book.title}</h3>
        <p className="mt-1 text-sm text-ink/70">{book.author}</p>
        <p className="mt-auto pt-2 text-sm font-semibold">
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
      </Link>
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
