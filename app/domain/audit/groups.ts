/**
 * The audit log's action groups, for the /admin/auditoria filter. An action is a dotted verb
 * ("book.create", "settings.update", "customer.export"); a group is a set of action prefixes (and, for
 * exports, a suffix). Groups may overlap on purpose: "invoice.export" is both an invoice's line and an
 * export. Client-safe: the page's select imports the labels.
 */

export interface AuditGroup {
  id: string;
  label: string;
  /** Actions that start with any of these belong to the group. */
  prefixes: readonly string[];
  /** Actions that end with any of these belong to the group too. */
  suffixes?: readonly string[];
  /** Actions that start with any of these do not, even when a prefix matches. */
  except?: readonly string[];
}

const SIGN_IN_PREFIXES = ["admin.login", "admin.logout"] as const;

export const AUDIT_GROUPS = [
  { id: "ingresos", label: "Ingresos al panel", prefixes: SIGN_IN_PREFIXES },
  { id: "equipo", label: "Equipo y seguridad", prefixes: ["admin."], except: SIGN_IN_PREFIXES },
  { id: "ajustes", label: "Ajustes y puesta en marcha", prefixes: ["settings.", "shop."] },
  { id: "pedidos", label: "Pedidos y envíos", prefixes: ["order.", "shipment."] },
  { id: "mostrador", label: "Mostrador, ferias y cierres de caja", prefixes: ["sale.", "fair.", "cash."] },
  { id: "devoluciones", label: "Arrepentimientos y reembolsos", prefixes: ["withdrawal.", "refund."] },
  { id: "exportaciones", label: "Exportaciones", prefixes: [], suffixes: [".export"] },
  { id: "libros", label: "Libros, precios y carrusel", prefixes: ["book.", "catalog.", "prices.", "carousel."] },
  { id: "facturas", label: "Facturas", prefixes: ["invoice."] },
  { id: "caja", label: "Caja Rizoma", prefixes: ["box-subscription.", "box-plan.", "box."] },
  { id: "clientes", label: "Clientes y newsletter", prefixes: ["customer.", "newsletter."] },
  { id: "descuentos", label: "Descuentos y códigos QR", prefixes: ["discount.", "qr."] },
  { id: "gastos", label: "Gastos y reportes", prefixes: ["expense.", "report."] },
  { id: "pedidos-especiales", label: "Pedidos especiales", prefixes: ["special-order."] },
  { id: "correos", label: "Correos y Tienda Nube", prefixes: ["mail.", "tiendanube."] },
] as const satisfies readonly AuditGroup[];

export type AuditGroupId = (typeof AUDIT_GROUPS)[number]["id"];

export function auditGroup(id: string): AuditGroup | null {
  return (AUDIT_GROUPS as readonly AuditGroup[]).find((group) => group.id === id) ?? null;
}

/** Whether an action belongs to a group (the same rule the database query applies). */
export function inAuditGroup(group: AuditGroup, action: string): boolean {
  if (group.except?.some((prefix) => action.startsWith(prefix))) return false;
  return (
    group.prefixes.some((prefix) => action.startsWith(prefix)) ||
    (group.suffixes ?? []).some((suffix) => action.endsWith(suffix))
  );
}
