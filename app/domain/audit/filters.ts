import { isCalendarDay } from "~/lib/dates";
import { AUDIT_GROUPS, type AuditGroupId, auditGroup } from "./groups";

/**
 * The /admin/auditoria filters as they travel in the URL (`?email=&grupo=&desde=&hasta=&pagina=`).
 * Client-safe: the page's links and form build their URLs with `auditQuery`.
 */
export interface AuditFilters {
  /** One admin's e-mail, as the log wrote it; null: the whole team. */
  email: string | null;
  group: AuditGroupId | null;
  /** Buenos Aires calendar days "YYYY-MM-DD", both included; null: open. */
  from: string | null;
  to: string | null;
  page: number;
}

export const NO_AUDIT_FILTERS: AuditFilters = { email: null, group: null, from: null, to: null, page: 1 };

const MAX_PAGE = 10_000;

/**
 * Reads the query. A value that cannot be used (an e-mail the log never saw, an unknown group, a day that
 * does not exist, "desde" after "hasta", a page that is not a number) is left out and explained in a
 * Spanish notice, so a hand-edited URL never breaks the page. Empty values ("Todos" in the form) are
 * simply no filter.
 */
export function parseAuditFilters(
  params: URLSearchParams,
  knownEmails: readonly string[],
): { filters: AuditFilters; notices: string[] } {
  const notices: string[] = [];
  const read = (name: string) => (params.get(name) ?? "").trim();

  const askedEmail = read("email");
  const email = askedEmail
    ? (knownEmails.find((known) => known.toLowerCase() === askedEmail.toLowerCase()) ?? null)
    : null;
  if (askedEmail && !email)
    notices.push("No hay movimientos de ese correo en el registro: mostramos los de todo el equipo.");

  const askedGroup = read("grupo");
  const group = askedGroup ? ((auditGroup(askedGroup)?.id as AuditGroupId | undefined) ?? null) : null;
  if (askedGroup && !group) notices.push("Ese tipo de movimiento no existe: mostramos todos.");

  let from: string | null = read("desde") || null;
  let to: string | null = read("hasta") || null;
  if (from && !isCalendarDay(from)) {
    notices.push("La fecha «Desde» no es un día válido: la dejamos de lado.");
    from = null;
  }
  if (to && !isCalendarDay(to)) {
    notices.push("La fecha «Hasta» no es un día válido: la dejamos de lado.");
    to = null;
  }
  if (from && to && from > to) {
    notices.push("La fecha «Desde» tiene que ser anterior o igual a «Hasta»: mostramos todas las fechas.");
    from = null;
    to = null;
  }

  const askedPage = read("pagina");
  let page = 1;
  if (askedPage) {
    const number = /^\d{1,6}$/.test(askedPage) ? Number(askedPage) : 0;
    if (number >= 1 && number <= MAX_PAGE) page = number;
    else notices.push("Esa página no existe: mostramos la primera.");
  }
  return { filters: { email, group, from, to, page }, notices };
}

/** "?email=…&grupo=…", leaving out what is not set and page 1 ("" when nothing is set). */
export function auditQuery(filters: Partial<AuditFilters>): string {
  const query = new URLSearchParams();
  if (filters.email) query.set("email", filters.email);
  if (filters.group) query.set("grupo", filters.group);
  if (filters.from) query.set("desde", filters.from);
  if (filters.to) query.set("hasta", filters.to);
  if (filters.page && filters.page > 1) query.set("pagina", String(filters.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const AUDIT_GROUP_OPTIONS = AUDIT_GROUPS.map(({ id, label }) => ({ id, label }));
