/** The page's own address: its forms post here, and its links add a query. */
export const PRICES_PAGE = "/admin/libros/precios";

/** The field classes the page's inputs share (an invalid one is outlined in terracotta). */
export const inputClass = (invalid: boolean) =>
  `mt-1 w-full rounded-md border bg-white px-3 py-2 ${invalid ? "border-terracotta" : "border-ink/25"}`;
