import { isTopicId } from "./topics";

/** The /admin/newsletter filters as they travel in the URL (?buscar=&tema=&estado=&pagina=). */
export interface NewsletterFilters {
  search: string;
  topic: string | null;
  status: "active" | "unsubscribed" | null;
  page: number;
}

export function parseNewsletterFilters(params: URLSearchParams): NewsletterFilters {
  const topic = params.get("tema");
  const status = params.get("estado");
  return {
    search: (params.get("buscar") ?? "").trim().slice(0, 100),
    topic: topic && isTopicId(topic) ? topic : null,
    status: status === "bajas" ? "unsubscribed" : status === "todos" ? null : "active",
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get("pagina") ?? "1", 10) || 1)),
  };
}

export function newsletterQuery(filters: Partial<NewsletterFilters>): string {
  const query = new URLSearchParams();
  if (filters.search) query.set("buscar", filters.search);
  if (filters.topic) query.set("tema", filters.topic);
  if (filters.status === "unsubscribed") query.set("estado", "bajas");
  if (filters.status === null) query.set("estado", "todos");
  if (filters.page && filters.page > 1) query.set("pagina", String(filters.page));
  const qs = query.toString();
  return qs ? `?${qs}` : "";
}
