import { createHmac, timingSafeEqual } from "node:crypto";

/** How old a notification's `ts` may be (MP retries re-sign; a captured one cannot be replayed later). */
export const SIGNATURE_TOLERANCE_SECONDS = 15 * 60;

/** `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, parts without a value left out (MP's manifest). */
export function signatureManifest(parts: { dataId?: string | null; requestId?: string | null; ts: string }): string {
  // MP lower-cases alphanumeric ids in the manifest.
  const dataId = parts.dataId ? (/^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId) : "";
  return `${dataId ? `id:${dataId};` : ""}${parts.requestId ? `request-id:${parts.requestId};` : ""}ts:${parts.ts};`;
}

/** The `x-signature` header Mercado Pago would send for this notification. */
export function signNotification(
  secret: string,
  parts: { dataId?: string | null; requestId?: string | null; ts?: string },
): string {
  const ts = parts.ts ?? String(Math.floor(Date.now() / 1000));
  const v1 = createHmac("sha256", secret)
    .update(signatureManifest({ ...parts, ts }))
    .digest("hex");
  return `ts=${ts},v1=${v1}`;
}

/**
 * Checks `x-signature: ts=<ts>,v1=<hex>` against HMAC-SHA256(secret, manifest), in constant time, and
 * refuses a stale `ts` (seconds; milliseconds are accepted too, as MP has sent both).
 */
export function verifyNotification(
  secret: string | null,
  header: string | null,
  parts: { dataId?: string | null; requestId?: string | null },
  now = Date.now(),
): boolean {
  if (!secret || !header) return false;
  const fields = new Map<string, string>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at > 0) fields.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  const ts = fields.get("ts");
  const v1 = fields.get("v1");
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const seconds = ts.length > 11 ? Number(ts) / 1000 : Number(ts);
  if (Math.abs(now / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret)
    .update(signatureManifest({ ...parts, ts }))
    .digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}
