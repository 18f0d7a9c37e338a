import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * `X-Linkedstore-HMAC-SHA256` is the hex HMAC-SHA256 of the raw body with the app secret. Compared in
 * constant time; a missing, malformed or wrong signature (or no secret configured) is false.
 */
export function verifyWebhookSignature(rawBody: Uint8Array, signature: string | null, secret: string | null): boolean {
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const PRODUCT_EVENTS = new Set(["product/created", "product/updated", "product/deleted"]);
