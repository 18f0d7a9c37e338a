import type { BoxShipmentsResult } from "./box-shipments.server";
import type { BulkResult } from "./shipments.server";

/**
 * What one round of "Crear envíos" (orders) or "Crear envíos de la caja" (boxes) shows the admin:
 * JSON-safe, with the link to the labels just created merged in one PDF. Client-safe.
 */
export interface BulkOutcome {
  created: { key: string; label: string; trackingNumber: string }[];
  failed: { key: string; label: string; error: string }[];
  remaining: number;
  /** The merged PDF of the labels just created, or null when none was. */
  labelsUrl: string | null;
}

const labelsUrl = (ids: number[]) => (ids.length > 0 ? `/admin/envios/etiquetas?ids=${ids.join(",")}` : null);

export function ordersOutcome(result: BulkResult): BulkOutcome {
  return {
    created: result.created.map((row) => ({
      key: row.number,
      label: `${row.number} (${row.carrier})`,
      trackingNumber: row.trackingNumber,
    })),
    failed: result.failed.map((row) => ({ key: row.number, label: row.number, error: row.error })),
    remaining: result.remaining,
    labelsUrl: labelsUrl(result.created.map((row) => row.shipmentId)),
  };
}

export function boxesOutcome(result: BoxShipmentsResult): BulkOutcome {
  return {
    created: result.created.map((row) => ({
      key: String(row.subscriptionId),
      label: row.name,
      trackingNumber: row.trackingNumber,
    })),
    failed: result.failed.map((row) => ({ key: String(row.subscriptionId), label: row.name, error: row.error })),
    remaining: result.remaining,
    labelsUrl: labelsUrl(result.created.map((row) => row.shipmentId)),
  };
}
