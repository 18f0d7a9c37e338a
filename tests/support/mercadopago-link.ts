import { afterAll } from "vitest";
import { createMercadoPago, type MercadoPago } from "~/integrations/mercadopago/index.server";
import type { Db } from "~db/index";
import { type FakeMercadoPago, startFakeMercadoPago } from "./fake-mercadopago";

/** The secret the live link checks webhook signatures with (`signNotification` signs with it). */
export const MP_WEBHOOK_SECRET = "mp-webhook-secret";

/** The point of sale (caja) QR sales are charged at in the tests (MP_QR_POS_ID). */
export const QR_POS_ID = "RIZOMA-MOSTRADOR";

/**
 * A fake Mercado Pago for one test file (closed after it) and the live link the server would build to it:
 * credentials set, NODE_ENV=production, short timeouts.
 */
export async function liveMercadoPago(
  db: Db,
  { siteUrl = "http://localhost:3000", retries = 0, timeoutMs = 300, qrPosId = QR_POS_ID } = {},
): Promise<{ fake: FakeMercadoPago; live: MercadoPago }> {
  const fake = await startFakeMercadoPago();
  afterAll(() => fake.close());
  const live = createMercadoPago({
    db,
    nodeEnv: "production",
    siteUrl,
    configuredSecret: null,
    apiBase: fake.url,
    accessToken: fake.token,
    webhookSecret: MP_WEBHOOK_SECRET,
    qrPosId,
    timeoutMs,
    retries,
  });
  return { fake, live };
}

/**
 * What the server builds without Mercado Pago credentials: the built-in sandbox outside production (or
 * when `maySimulate` says so), no payments at all in production.
 */
export function mercadoPagoWithoutCredentials(
  db: Db,
  {
    nodeEnv = "production",
    maySimulate,
  }: { nodeEnv?: "production" | "development"; maySimulate?: () => Promise<boolean> } = {},
): MercadoPago {
  return createMercadoPago({
    db,
    nodeEnv,
    siteUrl: "http://localhost:3000",
    configuredSecret: null,
    apiBase: "http://127.0.0.1:9",
    accessToken: null,
    webhookSecret: null,
    maySimulate,
  });
}
