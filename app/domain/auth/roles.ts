/**
 * Who may use what in the admin (issue 34, DESIGN §9, docs/decisions/0043). Client-safe: the menu reads it.
 *
 * - 'owner' runs the business: Ajustes (bank details, fiscal data, invoicing, carriers, going live), refunds
 *   and withdrawal resolutions that move money, discount codes, exports of personal data, the team.
 * - 'staff' runs the day: orders, shipments, special orders, books, stock, the box's list, QR codes, the
 *   counter.
 *
 * Every admin route of app/routes.ts and app/resource-routes.ts is declared here by its path as written there
 * ("admin/pedidos/:number"); a test walks both tables and fails on a route that is not. The gate (server/admin-gate.ts) enforces
 * the route's role on every request; a route whose actions differ (a form's `intent`, or an API's `:action`)
 * lists the ones that need an owner, and the route's action asks `requireAction` for its intent.
 */

import { routedPath } from "./admin-paths";

export type AdminRole = "owner" | "staff";

export const ADMIN_ROLES: readonly AdminRole[] = ["owner", "staff"];

export const ROLE_LABELS: Record<AdminRole, string> = { owner: "Titular", staff: "Equipo" };

export const ROLE_HINTS: Record<AdminRole, string> = {
  owner: "Todo: ajustes, cobros y reembolsos, exportaciones, descuentos y el equipo.",
  staff: "El día a día: pedidos, envíos, pedidos especiales, libros y stock, la Caja, los QR y la venta en mostrador.",
};

export interface RouteRole {
  /** Who may open the route (every method), unless an action below asks for more. */
  role: AdminRole;
  /** Actions (a form's `intent`, or the `:action` segment of an API) that need an owner. */
  ownerActions?: readonly string[];
}

const staff: RouteRole = { role: "staff" };
const owner: RouteRole = { role: "owner" };

export const ADMIN_ROUTE_ROLES: Readonly<Record<string, RouteRole>> = {
  // Pages (inside the admin layout).
  admin: staff,
  "admin/carousel": staff,
  "admin/caja": staff,
  "admin/libros": staff,
  "admin/libros/nuevo": staff,
  "admin/libros/precios": staff,
  "admin/libros/:id": staff,
  "admin/libros/importar": staff,
  "admin/pedidos": staff,
  "admin/pedidos/:number": { role: "staff", ownerActions: ["cancel", "withdrawal-cancel", "withdrawal-refund"] },
  "admin/clientes": staff,
  "admin/clientes/:email": staff,
  "admin/arrepentimientos": staff,
  "admin/facturas": staff,
  "admin/expenses": owner,
  "admin/reportes": owner,
  "admin/reportes/reposicion": staff,
  // The day's cash closing (issue 35): staff close it and mark flagged sales reviewed; reopening is an owner's.
  "admin/cierre": { role: "staff", ownerActions: ["reopen"] },
  "admin/ajustes": owner,
  "admin/ajustes/produccion": owner,
  "admin/tiendanube": owner,
  "admin/newsletter": owner,
  "admin/correos": staff,
  "admin/correos/:id": staff,
  "admin/qr": staff,
  "admin/descuentos": owner,
  "admin/pedidos-especiales": staff,
  "admin/pedidos-especiales/:id": staff,
  // Fairs (issue 35, docs/decisions/0050-fairs.md): staff see them, take books there and print the packing
  // list; creating, editing (the discount), opening and closing are the owner's.
  "admin/ferias": { role: "staff", ownerActions: ["create"] },
  "admin/ferias/:id": { role: "staff", ownerActions: ["update", "open", "close"] },
  "admin/equipo": { role: "staff", ownerActions: ["invite", "revoke-invite", "role", "remove", "factor-required"] },
  "admin/auditoria": owner,
  "admin/seguridad": staff,
  // The step-up before a download (its `next` keeps the download's own role).
  "admin/confirmar": staff,
  // Selling face to face (issue 35): the sale page, made for the counter's and the fair's phones.
  "admin/venta": staff,
  "admin/*": staff,
  // Files (resource routes).
  "admin/facturas/:id/pdf": staff,
  "admin/facturas/exportar": owner,
  "admin/clientes/exportar": owner,
  "admin/reportes/exportar": owner,
  "admin/libros/exportar": staff,
  "admin/pedidos/:number/etiqueta": staff,
  "admin/envios/etiquetas": staff,
  "admin/caja/etiquetas": staff,
  "admin/ferias/:id/remito": staff,
  // JSON APIs.
  "api/admin/books/import": staff,
  "api/admin/expenses": owner,
  "api/admin/expenses/export": owner,
  "api/admin/expenses/:id": owner,
  "api/admin/settings": owner,
  "api/admin/settings/:section": owner,
  "api/admin/tiendanube/sync": owner,
  "api/admin/newsletter/subscribers": owner,
  "api/admin/newsletter/export": owner,
  "api/admin/mail": staff,
  "api/admin/mail/:id": staff,
  "api/admin/mail/:id/eml": staff,
  "api/admin/mail/:id/retry": staff,
  "api/qr/admin/list": staff,
  "api/qr/admin/winners": staff,
  "api/qr/admin/winners/export": owner,
  "api/qr/admin/create": staff,
  "api/qr/admin/image/:file": staff,
  "api/admin/carousel": staff,
  "api/admin/books": staff,
  "api/admin/books/:id": staff,
  "api/admin/isbn/:isbn": staff,
  "api/admin/uploads": staff,
  "api/books/:id/featured": staff,
  "api/admin/orders": staff,
  "api/admin/customers": staff,
  "api/admin/orders/:number": staff,
  "api/admin/orders/:number/:action": { role: "staff", ownerActions: ["cancel"] },
  "api/admin/withdrawals": staff,
  "api/admin/withdrawals/:id/:action": { role: "staff", ownerActions: ["cancel", "refund"] },
  "api/admin/invoices": staff,
  "api/admin/invoices/:id/retry": staff,
  "api/caja/stats": staff,
  "api/caja/subscriptions": staff,
  "api/caja/subscriptions/:id/status": owner,
  "api/caja/bulk-email": owner,
  "api/caja/bulk-email/:campaign": owner,
  "api/admin/caja/plans/:id": owner,
  "api/discount-codes/admin": owner,
  "api/discount-codes/stats": owner,
  "api/discount-codes/create": owner,
  "api/discount-codes/:id": owner,
  "api/admin/special-orders": staff,
  "api/admin/special-orders/:id": staff,
  "api/admin/special-orders/:id/replies": staff,
  // Selling face to face (issue 35): the sale page and its API are staff's.
  "api/admin/ventas": staff,
  "api/admin/ventas/catalogo": staff,
  // A QR sale the phone polls while the buyer pays, and cancels when they give up (docs/decisions/0051).
  "api/admin/ventas/:number": staff,
  "api/admin/ventas/:number/cancelar": staff,
  "api/admin/ferias": staff,
  // Each admin adds their own passkeys (also while they must enrol: server/admin-gate.ts lets these through).
  "api/admin/passkeys/options": staff,
  "api/admin/passkeys/register": staff,
  "api/admin/passkeys/step-up/options": staff,
  "api/admin/passkeys/step-up": staff,
};

/** Whether `role` covers what `needed` asks: an owner may do everything staff may. */
export const mayAct = (role: AdminRole, needed: AdminRole): boolean => role === "owner" || needed === "staff";

interface CompiledRoute {
  pattern: string;
  segments: string[];
  rule: RouteRole;
}

const compiled: CompiledRoute[] = Object.entries(ADMIN_ROUTE_ROLES).map(([pattern, rule]) => ({
  pattern,
  segments: pattern.split("/"),
  rule,
}));

/** How specific a pattern is: literal segments count most, a splat least (React Router's ranking, simplified). */
const score = (segments: string[]) =>
  segments.reduce((sum, segment) => sum + (segment === "*" ? 0 : segment.startsWith(":") ? 2 : 10), 0);

export interface RouteMatch {
  pattern: string;
  rule: RouteRole;
  params: Record<string, string>;
}

/**
 * The declared route a URL path belongs to (case-insensitive, `.data` and a trailing slash ignored), with
 * its params; null for a path that is not an admin route.
 */
export function adminRouteFor(pathname: string): RouteMatch | null {
  // Read as the routers read it (lower case, percent-escapes and dot segments resolved), so no spelling slips past.
  const path = routedPath(pathname)
    .replace(/\.data$/, "")
    .replace(/^\/+|\/+$/g, "");
  const parts = path.split("/");
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of compiled) {
    const params: Record<string, string> = {};
    const splat = route.segments.at(-1) === "*";
    const fixed = splat ? route.segments.slice(0, -1) : route.segments;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const matches = fixed.every((segment, i) => {
      const part = parts[i] ?? "";
      if (segment.startsWith(":")) {
        params[segment.slice(1)] = part;
        return part !== "";
      }
      return segment === part;
    });
    if (!matches) continue;
    const routeScore = score(route.segments);
    if (!best || routeScore > best.score)
      best = { pattern: route.pattern, rule: route.rule, params, score: routeScore };
  }
  return best && { pattern: best.pattern, rule: best.rule, params: best.params };
}

/** The role one action of a route needs (its `intent` or `:action`), or the route's own. */
export function roleForAction(rule: RouteRole, action: string | null | undefined): AdminRole {
  return action && rule.ownerActions?.includes(action) ? "owner" : rule.role;
}

/** The role a request to `pathname` needs before any form is read (the route's, or its `:action`'s). */
export function roleForPath(pathname: string): AdminRole | null {
  const match = adminRouteFor(pathname);
  if (!match) return null;
  return roleForAction(match.rule, match.params.action);
}

export const FORBIDDEN_MESSAGE = "Tu usuario no tiene permiso para esto: es solo para titulares de la tienda.";
