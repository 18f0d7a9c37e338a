import { and, asc, eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { BadGateway, Invalid, NotFound } from "~/domain/errors";
import { orders, shipments } from "~db/schema";
import { AT_CARRIER, type Shipment } from "./claim.server";
import { carrierFailure, carrierFor, type ShippingContext } from "./sending.server";

/**
 * The labels to print: one parcel's PDF as the carrier made it, or several merged into one document
 * (the day's orders, the month's boxes) so the admin prints once. A label the database lacks is asked
 * again from the carrier by tracking number and kept.
 */

/** One PDF with every page of `pdfs`, in order. Throws Invalid when a part is not a PDF it can read. */
export async function mergeLabels(pdfs: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const [index, bytes] of pdfs.entries()) {
    let part: PDFDocument;
    try {
      part = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    } catch {
      throw new Invalid(`La etiqueta ${index + 1} no es un PDF que se pueda unir: descargala sola desde su pedido`);
    }
    const pages = await merged.copyPages(part, part.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  merged.setTitle("Etiquetas de envío");
  return merged.save();
}

type LabelRow = Pick<Shipment, "id" | "carrier" | "trackingNumber" | "label">;

/** The parcel's label: stored, or the carrier's reprint (then stored). */
async function labelOf(ctx: Pick<ShippingContext, "db" | "carriers">, row: LabelRow): Promise<Uint8Array> {
  if (row.label && row.label.length > 0) return new Uint8Array(row.label);
  if (!row.trackingNumber) throw new NotFound("Este envío no tiene etiqueta");
  const carrier = await carrierFor(ctx, row.carrier);
  let pdf: Uint8Array;
  try {
    pdf = await carrier.label(row.trackingNumber);
  } catch (error) {
    const reason = carrierFailure(carrier, error);
    if (reason) throw new BadGateway(reason);
    throw error;
  }
  await ctx.db
    .update(shipments)
    .set({ label: Buffer.from(pdf), updatedAt: new Date() })
    .where(eq(shipments.id, row.id));
  return pdf;
}

const labelColumns = {
  id: shipments.id,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  label: shipments.label,
};
const atCarrier = () => inArray(shipments.status, [...AT_CARRIER]);

/** GET /admin/pedidos/:number/etiqueta: the order's label, named after the order. */
export async function orderLabel(
  ctx: Pick<ShippingContext, "db" | "carriers">,
  number: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const wanted = number.trim().toUpperCase();
  if (!/^RZ-\d{6,9}$/.test(wanted)) throw new NotFound("Pedido no encontrado");
  const [row] = await ctx.db
    .select(labelColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(orders.number, wanted), atCarrier()));
  if (!row) throw new NotFound("Este pedido no tiene etiqueta: creá su envío primero");
  return { filename: `etiqueta-${wanted}.pdf`, pdf: await labelOf(ctx, row) };
}

/** "1,2,3" → the ids, at most 100; anything else is a Spanish 400. */
export function parseShipmentIds(raw: string | null): number[] {
  const parts = (raw ?? "").split(",").map((part) => part.trim());
  const ids = parts.filter((part) => /^\d{1,9}$/.test(part)).map(Number);
  if (parts.length === 0 || ids.length !== parts.length || ids.some((id) => id < 1)) {
    throw new Invalid("Indicá los envíos como números separados por comas (?ids=1,2,3)");
  }
  if (ids.length > 100) throw new Invalid("Se pueden unir hasta 100 etiquetas por vez");
  return [...new Set(ids)];
}

async function merged(ctx: Pick<ShippingContext, "db" | "carriers">, rows: LabelRow[]): Promise<Uint8Array> {
  const pdfs: Uint8Array[] = [];
  for (const row of rows) pdfs.push(await labelOf(ctx, row));
  return mergeLabels(pdfs);
}

/** GET /admin/envios/etiquetas?ids=: these parcels' labels in one PDF (those the carrier has). */
export async function shipmentLabels(
  ctx: Pick<ShippingContext, "db" | "carriers">,
  ids: number[],
): Promise<Uint8Array> {
  const rows = await ctx.db
    .select(labelColumns)
    .from(shipments)
    .where(and(inArray(shipments.id, ids), atCarrier()))
    .orderBy(asc(shipments.id));
  if (rows.length === 0) throw new NotFound("Ninguno de esos envíos tiene etiqueta");
  return merged(ctx, rows);
}

/** "yyyy-mm", a real month; anything else is a Spanish 400. */
export function parsePeriod(raw: string | null | undefined): string {
  const period = (raw ?? "").trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new Invalid("Indicá el mes como AAAA-MM (por ejemplo 2026-11)");
  return period;
}

/** GET /admin/caja/etiquetas?periodo=: the month's box labels in one PDF. */
export async function boxLabels(ctx: Pick<ShippingContext, "db" | "carriers">, period: string): Promise<Uint8Array> {
  const rows = await ctx.db
    .select(labelColumns)
    .from(shipments)
    .where(and(eq(shipments.boxPeriod, period), atCarrier()))
    .orderBy(asc(shipments.id));
  if (rows.length === 0) throw new NotFound("Todavía no hay envíos de cajas de ese mes");
  return merged(ctx, rows);
}
