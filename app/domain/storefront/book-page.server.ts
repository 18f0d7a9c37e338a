import { toCatalogBook, toStoreProduct } from "~/domain/catalog/book-view.server";
import { getVisibleBook, relatedBooks } from "~/domain/catalog/books.server";
import { cardBook } from "~/domain/catalog/card-book.server";
import { isLanguageCode, LANGUAGES } from "~/domain/catalog/languages";
import { catalogView } from "~/domain/catalog/view.server";
import { imageVersions, withCoverVersion } from "~/domain/images/versions.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { rateFor } from "~/domain/taxes/fiscal";
import { longDate } from "~/lib/dates";
import { descriptionHtml, htmlToText } from "~/lib/html.server";
import type { PageContext } from "./page";

/**
 * A book's page: the book, its product data and gallery, details, and the shelves of the same author
 * and genre (one statement). Throws NotFound for a book that does not exist or is not shown. The settings
 * it needs (the store, the tax table) are reference data, in memory between changes.
 */
export async function bookPage(ctx: Pick<PageContext, "db" | "config">, id: number) {
  const [row, view, { taxes }] = await Promise.all([
    getVisibleBook(ctx.db, id),
    catalogView(ctx.db, ctx.config),
    publicSections(ctx.db),
  ]);
  const book = toCatalogBook(row, view);
  const related = await relatedBooks(ctx.db, view, row);
  const product = toStoreProduct(row, view);
  // Content versions make the covers' image URLs immutable (docs/decisions/0012-cover-variants.md).
  const versions = await imageVersions(ctx.db, [
    ...product.images.map((image) => image.src),
    ...related.byAuthor.map((b) => b.coverUrl),
    ...related.sameGenre.map((b) => b.coverUrl),
  ]);
  return {
    book,
    product,
    /** The IVA rate of its fiscal category: the page shows the price without national taxes (Ley 27.743). */
    taxRate: rateFor(taxes.categories, row.taxCategory),
    gallery: product.images.map((image) => ({ ...image, version: versions.get(image.src) ?? null })),
    updated: longDate(product.updatedAt),
    isbn: row.isbn,
    pages: row.pages,
    year: row.publicationYear,
    language: row.language && isLanguageCode(row.language) ? LANGUAGES[row.language] : null,
    descriptionHtml: descriptionHtml(row.description),
    summary: htmlToText(row.description).replace(/\s+/g, " ").trim().slice(0, 160),
    related: {
      byAuthor: related.byAuthor.map((b) => cardBook(withCoverVersion(b, versions))),
      sameGenre: related.sameGenre.map((b) => cardBook(withCoverVersion(b, versions))),
    },
    publicUrl: ctx.config.publicUrl,
  };
}
