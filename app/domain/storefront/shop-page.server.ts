import { newestInCategory, pagination as paginationOf, shopBooks } from "~/domain/catalog/books.server";
import { cardBook } from "~/domain/catalog/card-book.server";
import { publishedCount, shopCategories, shopGenres } from "~/domain/catalog/reference.server";
import { PARTNER_CATEGORY, PARTNER_STRIP_SIZE, parseShopParams, SHOP_PAGE_SIZE } from "~/domain/catalog/shop-params";
import { catalogView } from "~/domain/catalog/view.server";
import { imageVersions, withCoverVersion } from "~/domain/images/versions.server";
import { pageParts } from "~/lib/page-parts.server";
import type { ComposedPage, PageContext } from "./page";

/**
 * The shop for the visitor's query string (search, filters, order, page): one page of books, the
 * partner strip, and what the filters offer. A failing catalogue or search query gives an empty list
 * with `unavailable: true` instead of an error page; the partner strip, an empty strip (`partial`). A
 * database that does not answer is no part's failure: it is thrown. Categories, genres and the number of
 * published books are reference data (app/domain/catalog/reference.server.ts). The authors are not sent:
 * the author filter is a text field whose suggestions come from GET /api/autores (issue 36).
 */
export async function shopPage(ctx: PageContext, query: URLSearchParams) {
  const [categories, genres, view, published] = await Promise.all([
    shopCategories(ctx.db),
    shopGenres(ctx.db),
    catalogView(ctx.db, ctx.config),
    publishedCount(ctx.db),
  ]);
  const params = parseShopParams(
    query,
    categories.map((c) => c.key),
  );
  const filtered = Boolean(
    params.search ||
      params.categoria ||
      params.autor ||
      params.genero ||
      params.minCents !== undefined ||
      params.maxCents !== undefined,
  );
  const parts = pageParts(ctx);
  const unavailable = {
    books: [],
    pagination: paginationOf(params.pagina, SHOP_PAGE_SIZE, 0),
    correctedSearch: null,
    unavailable: true,
  };
  const booksOf = (page: number) =>
    parts.orFallback(
      "shop books",
      shopBooks(ctx.db, view, {
        search: params.search,
        category: params.categoria,
        author: params.autor,
        genre: params.genero,
        minCents: params.minCents,
        maxCents: params.maxCents,
        sort: params.orden,
        dir: params.dir,
        page,
        limit: SHOP_PAGE_SIZE,
        // Unfiltered, the shop lists every published book: their number is reference data.
        total: filtered ? undefined : published,
      }).then((found) => ({ ...found, unavailable: false })),
      unavailable,
    );
  const [firstTry, partner] = await Promise.all([
    booksOf(params.pagina),
    // The partner strip shows only with no filter active (spec §2), at most 3 books.
    !filtered && params.pagina === 1 && categories.some((c) => c.key === PARTNER_CATEGORY)
      ? parts.orFallback("partner strip", newestInCategory(ctx.db, view, PARTNER_CATEGORY, PARTNER_STRIP_SIZE), null)
      : null,
  ]);
  // A page past the end (an old link, a typed number) shows the last page instead of an empty one.
  let result = firstTry;
  if (result.books.length === 0 && result.pagination.total > 0 && params.pagina > result.pagination.totalPages) {
    params.pagina = result.pagination.totalPages;
    result = await booksOf(params.pagina);
  }
  // Content versions make the covers' image URLs immutable (docs/decisions/0012-cover-variants.md).
  const versions = await imageVersions(ctx.db, [
    ...result.books.map((b) => b.coverUrl),
    ...(partner ?? []).map((b) => b.coverUrl),
  ]);
  const shop = {
    ...result,
    books: result.books.map((b) => cardBook(withCoverVersion(b, versions))),
    params,
    filtered,
    partner: (partner ?? []).map((b) => cardBook(withCoverVersion(b, versions))),
    partnerName: categories.find((c) => c.key === PARTNER_CATEGORY)?.name ?? "Peow Studios",
    categories: categories.map(({ key, name }) => ({ key, name })),
    genres: genres.map((g) => g.name),
    publicUrl: ctx.config.publicUrl,
  };
  return { page: shop, partial: parts.failed } satisfies ComposedPage<typeof shop>;
}
