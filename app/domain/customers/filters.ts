/**
 * The /admin/clientes filters as they travel in the URL (`?buscar=&orden=&pagina=`), and the sort orders
 * in the admin's words. Client-safe: the list's links and its sort menu import them.
 */

export const CUSTOMER_SORTS = ["actividad", "gastado", "pedidos", "email"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const SORT_LABELS: Record<CustomerSort, string> = {
  actividad: "Actividad más reciente",
  gastado: "Más gastado",
  pedidos: "Más pedidos",
  email: "Email (A-Z)",
};

export const isCustomerSort = (value: unknown): value is CustomerSort =>
  (CUSTOMER_SORTS as readonly unknown[]).includes(value);

export interface CustomerFilters {
  search: string;
  sort: CustomerSort;
  page: number;
}

/** Anything unreadable falls back to the default (no search, last activity first, page 1): never a 400. */
export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  const sort = params.get("orden");
  return {
    search: (params.get("buscar") ?? "").replace(/\s+/g, " ").trim().slice(0, 100),
    sort: isCustomerSort(sort) ? sort : "actividad",
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get("pagina") ?? "1", 10) || 1)),
  };
}

/** "?buscar=ana&orden=gastado&pagina=2", leaving the defaults out ("" when every filter is the default). */
export function customersQuery(filters: Partial<CustomerFilters>): string {
  const query = new URLSearchParams();
  if (filters.search) query.set("buscar", filters.search);
  if (filters.sort && filters.sort !== "actividad") query.set("orden", filters.sort);
  if (filters.page && filters.page > 1) query.set("pagina", String(filters.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The page of one customer: the email is one path segment, so it travels encoded ("+" and "@" included). */
export const customerHref = (email: string) => `/admin/clientes/${encodeURIComponent(email)}`;
