import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSettings } from "~/domain/settings/settings.server";
import { TiendanubeService } from "~/domain/tiendanube/service.server";
import { TiendanubeClient } from "~/integrations/tiendanube/client.server";
import { books } from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import {
  type FakeTiendanube,
  signWebhook,
  startFakeTiendanube,
  webhookBody,
} from "../../../../tests/fakes/tiendanube/server";
import { routeArgs } from "../../../../tests/support/route-context";
import { testDatabase } from "../../../../tests/support/test-database";
import * as webhookRoute from "./tiendanube";

const SECRET = "secreto-de-la-app";
const SITE = { siteUrl: "https://rizoma.test", configuredSecret: null };
const database = await testDatabase();
const db = database.db;
let fake: FakeTiendanube;
let service: TiendanubeService;

beforeAll(async () => {
  await seedTaxonomy(db);
  await seedSettings(db);
  fake = await startFakeTiendanube();
  const client = new TiendanubeClient({
    apiBase: fake.apiBase,
    storeId: fake.storeId,
    token: fake.token,
    userAgent: "Rizoma (hola@rizoma.com.ar)",
    retryBaseMs: 5,
  });
  service = new TiendanubeService(db, client, { storeId: fake.storeId, appSecret: SECRET, site: SITE });
});
afterAll(async () => {
  await service.stop();
  await fake.close();
  await database.close();
});

async function deliver(body: string, signature: string | null, context = { tiendanube: service }) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-linkedstore-hmac-sha256"] = signature;
  const response = await (webhookRoute.action as (args: unknown) => Promise<Response>)(
    routeArgs("/api/webhooks/tiendanube", database, { method: "POST", body, headers, context }),
  );
  return { status: response.status, body: await response.json() };
}

const bookOf = async (productId: number) =>
  db
    .select()
    .from(books)
    .where(eq(books.externalProductId, String(productId)));

describe("POST /api/webhooks/tiendanube", () => {
  it("refuses a missing, wrong or foreign-secret signature with 401 and changes nothing", async () => {
    const product = fake.addProduct();
    const body = webhookBody(fake.storeId, "product/created", product.id);
    const requestsBefore = fake.requests.length;
    for (const signature of [null, "", "abc", signWebhook(body, "otro-secreto"), signWebhook(`${body} `, SECRET)]) {
      const answer = await deliver(body, signature);
      expect(answer, String(signature)).toEqual({ status: 401, body: { success: false, error: "Firma inválida" } });
    }
    // Without a configured secret nothing can be verified, so everything is refused.
    const unconfigured = new TiendanubeService(db, service.catalog, {
      storeId: fake.storeId,
      appSecret: null,
      site: SITE,
    });
    expect((await deliver(body, signWebhook(body, SECRET), { tiendanube: unconfigured })).status).toBe(401);
    await service.idle();
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await bookOf(product.id)).toEqual([]);
  });

  it("answers at once and refetches the product; retries of the same delivery change nothing more", async () => {
    const product = fake.addProduct({ name: { es: "Rayuela" } });
    const body = webhookBody(fake.storeId, "product/created", product.id);
    const signature = signWebhook(body, SECRET);
    for (let i = 0; i < 3; i++)
      expect(await deliver(body, signature)).toEqual({ status: 200, body: { success: true } });
    await service.idle();
    const [book] = await bookOf(product.id);
    expect(book?.title).toBe("Rayuela");
    const updatedAt = book?.updatedAt;

    expect((await deliver(body, signature)).status).toBe(200);
    await service.idle();
    expect(await bookOf(product.id)).toHaveLength(1);
    expect((await bookOf(product.id))[0]?.updatedAt).toEqual(updatedAt);
  });

  it("applies product/updated and product/deleted (unpublished, never deleted)", async () => {
    const product = fake.addProduct();
    const created = webhookBody(fake.storeId, "product/created", product.id);
    await deliver(created, signWebhook(created, SECRET));
    await service.idle();

    fake.updateProduct(product.id, (p) => {
      p.name.es = "Título corregido";
    });
    const updated = webhookBody(fake.storeId, "product/updated", product.id);
    expect((await deliver(updated, signWebhook(updated, SECRET))).status).toBe(200);
    await service.idle();
    expect((await bookOf(product.id))[0]?.title).toBe("Título corregido");

    fake.deleteProduct(product.id);
    const deleted = webhookBody(fake.storeId, "product/deleted", product.id);
    expect((await deliver(deleted, signWebhook(deleted, SECRET))).status).toBe(200);
    await service.idle();
    const rows = await bookOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.published).toBe(false);
  });

  it("acknowledges events it does not follow and other stores' without fetching anything", async () => {
    const before = fake.requests.length;
    for (const body of [webhookBody(fake.storeId, "order/created", 5), webhookBody("999", "product/updated", 5)]) {
      expect(await deliver(body, signWebhook(body, SECRET))).toEqual({
        status: 200,
        body: { success: true, ignored: true },
      });
    }
    const bad = "{no es json";
    expect((await deliver(bad, signWebhook(bad, SECRET))).status).toBe(400);
    await service.idle();
    expect(fake.requests.length).toBe(before);
  });
});
