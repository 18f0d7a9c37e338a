import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~db/index";
import { settings } from "~db/schema";

const KEY = "secret:signing";
let cached: { configured: string | null; secret: Buffer } | null = null;

/**
 * The key that signs links sent by e-mail (newsletter unsubscribe...). SESSION_SECRET when set;
 * otherwise one random key kept in the database, created by whichever instance needs it first, so every
 * instance signs and checks with the same key without configuration.
 */
export async function signingSecret(db: Db, configured: string | null): Promise<Buffer> {
  if (cached && cached.configured === configured) return cached.secret;
  let secret: Buffer;
  if (configured) {
    secret = Buffer.from(configured, "utf8");
  } else {
    await db
      .insert(settings)
      .values({ key: KEY, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    secret = Buffer.from(String(row?.value), "base64url");
  }
  cached = { configured, secret };
  return secret;
}

/** `payload.signature` for a link; the purpose keeps a signature for one use from working for another. */
export function sign(secret: Buffer, purpose: string, payload: string): string {
  const signature = createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url").slice(0, 32);
  return `${payload}.${signature}`;
}

/** The payload of a token signed for `purpose`, or null when it was not. */
export function verify(secret: Buffer, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(sign(secret, purpose, payload));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? payload : null;
}
