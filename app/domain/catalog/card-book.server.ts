import type { CatalogBook } from "./book-view.server";

/**
 * What a book card reads (the cover, title, author, prices and the buy and pre-order state): a page's loader
 * sends its cards only these fields, not the catalogue shape's description, slug, publisher or category,
 * which the card never shows and the browser would otherwise get twice (HTML and hydration data) for every
 * card (issue 36: `/tienda`'s 24 cards were 17 KB of hydration data, most of it descriptions).
 */
export type CardBookData = Pick<
  CatalogBook,
  | "id"
  | "title"
  | "author"
  | "coverUrl"
  | "price"
  | "originalPrice"
  | "netPrice"
  | "available"
  | "stock"
  | "isPreorder"
  | "preorderReleaseDate"
  | "preorderPrice"
  | "preorderCount"
  | "preorderLimit"
  | "tiendaNubeUrl"
> & { coverVersion: string | null };

export function cardBook(book: CatalogBook & { coverVersion: string | null }): CardBookData {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    coverUrl: book.coverUrl,
    coverVersion: book.coverVersion,
    price: book.price,
    originalPrice: book.originalPrice,
    netPrice: book.netPrice,
    available: book.available,
    stock: book.stock,
    isPreorder: book.isPreorder,
    preorderReleaseDate: book.preorderReleaseDate,
    preorderPrice: book.preorderPrice,
    preorderCount: book.preorderCount,
    preorderLimit: book.preorderLimit,
    tiendaNubeUrl: book.tiendaNubeUrl,
  };
}
