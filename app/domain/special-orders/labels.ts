/**
 * Special orders in people's words: statuses, scopes and the shop's promise. Plain data with no imports,
 * so the request dialog (client) and the server share them without adding weight to the page.
 */

export const SPECIAL_ORDER_STATUSES = ["nuevo", "cotizado", "encargado", "listo", "entregado", "cancelado"] as const;
export type SpecialOrderStatus = (typeof SPECIAL_ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<SpecialOrderStatus, string> = {
  nuevo: "Nuevo",
  cotizado: "Cotizado",
  encargado: "Encargado",
  listo: "Listo",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

export const SPECIAL_ORDER_SCOPES = ["national", "international"] as const;
export type SpecialOrderScope = (typeof SPECIAL_ORDER_SCOPES)[number];

export const SCOPE_LABELS: Record<SpecialOrderScope, string> = {
  national: "Nacional",
  international: "Internacional",
};

/** The spec's promise (home section 'PEDIDOS ESPECIALES'): what the visitor reads after asking. */
export const SCOPE_PROMISE: Record<SpecialOrderScope, string> = {
  national: "Los pedidos nacionales llegan en hasta 72 horas hábiles.",
  international: "Los pedidos internacionales demoran 15 días hábiles o más, según el país y la editorial.",
};

export const SPECIAL_ORDER_RECEIVED = "¡Recibimos tu pedido especial!";

/** The answer to a request: what the API's `message` says and the thank-you state shows. */
export function receivedMessage(scope: SpecialOrderScope): string {
  return `${SPECIAL_ORDER_RECEIVED} ${SCOPE_PROMISE[scope]} Te escribimos por email con el precio y el plazo antes de confirmar.`;
}

/** Field limits, shared by the form's inputs and the server's schema. */
export const LIMITS = { bookTitle: 200, bookAuthor: 200, name: 100, email: 200, phone: 40, note: 1000 } as const;
