/**
 * How a counter or fair sale reads in a person's history (the admin's customer page and the buyer's Mi cuenta):
 * "Compra en el local" or "Compra en la feria Feria del Libro", with its state. Client-safe.
 */
export type PurchaseStatus = "pending_payment" | "paid" | "cancelled";

export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending_payment: "ESPERANDO EL PAGO",
  paid: "PAGADA",
  cancelled: "CANCELADA",
};

export const PURCHASE_STATUS_BADGES: Record<PurchaseStatus, string> = {
  pending_payment: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
};

export function purchaseTitle(sale: { channel: "counter" | "fair"; fairName: string | null }): string {
  return sale.channel === "fair" ? `Compra en la feria ${sale.fairName ?? ""}`.trim() : "Compra en el local";
}
