/** The page's own address: its forms post here, and its links add a query. */
export const PRICES_PAGE = "/admin/libros/precios";

/**
 * Preview rows sent to and drawn on the page; the totals count every book (rows with notes come first, so
 * those are always shown). Keeps a whole-catalogue preview light.
 */
export const PREVIEW_ROWS = 300;

/** The field classes the page's inputs share (an invalid one is outlined in terracotta). */
export const inputClass = (invalid: boolean) =>
  `mt-1 w-full rounded-md border bg-white px-3 py-2 ${invalid ? "border-terracotta" : "border-ink/25"}`;
