/** The admin book list's state filters (shared by the server query and the page). */
export const ADMIN_BOOK_FILTERS = [
  "todos",
  "sin-stock",
  "poco-stock",
  "preventa",
  "no-disponibles",
  "ocultos",
  "incompletos",
] as const;
export type AdminBookFilter = (typeof ADMIN_BOOK_FILTERS)[number];
