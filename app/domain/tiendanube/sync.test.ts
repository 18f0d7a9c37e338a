import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TAX_CATEGORIES } from "~/domain/taxes/fiscal";
import { TiendanubeClient } from "~/integrations/tiendanube/client.server";
import { books, imageOriginals, settings } from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import { type FakeProduct, type FakeTiendanube, startFakeTiendanube } from "../../../tests/fakes/tiendanube/server";
import { testDatabase } from "../../../tests/support/test-database";
import { until } from "../../../tests/support/until";
import { listBooks } from "../catalog/books.server";
import { COVER_VARIANTS, createCoverVariantWorker, installCoverVariantWorker } from "../images/variants.server";
import { seedSettings } from "../settings/settings.server";
import { claimSync, runSync, SyncAlreadyRunning, syncProduct } from "./sync.server";
import { readSyncState, SYNC_STATE_KEY } from "./sync-state.server";

const database = await testDatabase();
const db = database.db;
const SITE = { siteUrl: "https://rizoma.test", configuredSecret: null };
let fake: FakeTiendanube;

const clientFor = (store: FakeTiendanube) =>
  new TiendanubeClient({
    apiBase: store.apiBase,
    storeId: store.storeId,
    token: store.token,
    userAgent: "Rizoma (hola@rizoma.com.ar)",
    retryBaseMs: 5,
    retryMaxMs: 50,
  });

/** The value, or a failed test: no non-null assertions. */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error("expected a value");
  return value;
}
const three = (products: FakeProduct[]) => products as [FakeProduct, FakeProduct, FakeProduct];

const linkedBooks = () =>
  db.select().from(books).where(isNotNull(books.externalProductId)).orderBy(books.externalProductId);
const bookOf = async (productId: number) =>
  (
    await db
      .select()
      .from(books)
      .where(eq(books.externalProductId, String(productId)))
  )[0];

beforeAll(async () => {
  await seedTaxonomy(db);
  await seedSettings(db);
});
beforeEach(async () => {
  fake = await startFakeTiendanube();
});
afterEach(async () => {
  await fake.close();
  await db.delete(books);
  await db.delete(settings).where(eq(settings.key, SYNC_STATE_KEY));
});
afterAll(() => database.close());

describe("full sync", () => {
  it("brings 1,000 products through a 40-burst / 2-per-second bucket, every field mapped", async () => {
    await fake.close();
    fake = await startFakeTiendanube({ burst: 40, leakPerSecond: 2 });
    fake.addProducts(1000);
    const sample = fake.addProduct({
      name: { es: "Mil mesetas" },
      description: { es: '<p>Capitalismo y esquizofrenia<img src="x" onerror="y"></p>' },
      handle: { es: "mil-mesetas" },
      brand: "Pre-Textos",
      free_shipping: true,
      categories: [{ id: 44, name: { es: "Filosofía" }, handle: { es: "filosofia" }, parent: null }],
      images: [
        { id: 2, product_id: 1, src: "https://cdn.example/mm-2.jpg", position: 2, alt: [] },
        { id: 1, product_id: 1, src: "https://cdn.example/mm-1.jpg", position: 1, alt: [] },
      ],
      canonical_url: "https://rizoma.com.ar/productos/mil-mesetas/",
    });
    fake.updateProduct(sample.id, (p) => {
      p.variants[0] = {
        ...must(p.variants[0]),
        id: 777,
        price: "48000.00",
        promotional_price: "41000.00",
        stock: 3,
        weight: "1.100",
        sku: "MM-1",
        barcode: "9788481910000",
      };
    });

    const state = await runSync(db, clientFor(fake), "full", SITE);
    expect(state).toMatchObject({ running: false, error: null, done: 1001, total: 1001, created: 1001 });
    expect(state.cursor).toBe(sample.updated_at);
    expect(fake.rateLimited()).toBe(0);
    expect(fake.requests.every((r) => r.status === 200)).toBe(true);
    expect(await linkedBooks()).toHaveLength(1001);

    const book = await bookOf(sample.id);
    expect(book).toMatchObject({
      title: "Mil mesetas",
      description: "<p>Capitalismo y esquizofrenia</p>",
      category: "Filosofía y Pensamiento",
      publisher: "Pre-Textos",
      priceCents: 4_800_000,
      promotionalPriceCents: 4_100_000,
      stock: 3,
      sku: "MM-1",
      isbn: "9788481910000",
      weightGrams: 1100,
      coverUrl: "https://cdn.example/mm-1.jpg",
      images: [
        { id: 1, src: "https://cdn.example/mm-1.jpg" },
        { id: 2, src: "https://cdn.example/mm-2.jpg" },
      ],
      freeShipping: true,
      published: true,
      available: true,
      externalVariantId: "777",
      externalHandle: "mil-mesetas",
      externalUrl: "https://rizoma.com.ar/productos/mil-mesetas/",
      slug: "mil-mesetas",
    });
    // The mapped category files the book where the shop lists that category.
    const listed = await listBooks(
      db,
      { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES },
      { page: 1, limit: 100, category: "filosofia-pensamiento" },
    );
    expect(listed.books.map((b) => b.title)).toContain("Mil mesetas");
  });

  it("unpublishes books whose product is gone, keeps the admin's fields, and touches nothing unchanged", async () => {
    const [kept, edited, gone] = three(fake.addProducts(3));
    await runSync(db, clientFor(fake), "full", SITE);
    const editedBook = must(await bookOf(edited.id));
    await db
      .update(books)
      .set({
        author: "Jorge Luis Borges",
        genre: "Cuento",
        featured: true,
        featuredOrder: 2,
        audiobookUrl: "https://audio.example/aleph",
        pages: 220,
        available: false,
        preorderLimit: 10,
        coverUrl: "/uploads/7.webp",
        images: [{ id: 7, src: "/uploads/7.webp" }],
      })
      .where(eq(books.id, editedBook.id));
    const keptBefore = await bookOf(kept.id);

    fake.updateProduct(edited.id, (p) => {
      p.name.es = "Título nuevo";
      must(p.variants[0]).stock = 1;
      p.images = [{ id: 9, product_id: p.id, src: "https://cdn.example/otra.jpg", position: 1, alt: [] }];
    });
    fake.deleteProduct(gone.id);
    const state = await runSync(db, clientFor(fake), "full", SITE);
    expect(state).toMatchObject({ created: 0, updated: 1, unpublished: 1 });

    expect(await bookOf(edited.id)).toMatchObject({
      title: "Título nuevo",
      stock: 1,
      author: "Jorge Luis Borges",
      genre: "Cuento",
      featured: true,
      featuredOrder: 2,
      audiobookUrl: "https://audio.example/aleph",
      pages: 220,
      available: false,
      preorderLimit: 10,
      coverUrl: "/uploads/7.webp",
      images: [{ id: 7, src: "/uploads/7.webp" }],
      slug: editedBook.slug,
    });
    const goneBook = await bookOf(gone.id);
    expect(goneBook?.published).toBe(false);
    expect((await bookOf(kept.id))?.updatedAt).toEqual(keptBefore?.updatedAt);
  });

  it("links a book the shop already had, by its ISBN, instead of duplicating it", async () => {
    const product = fake.addProduct();
    const [local] = await db
      .insert(books)
      .values({
        title: "Cargado a mano",
        slug: "cargado-a-mano",
        author: "Autora",
        isbn: must(product.variants[0]).barcode,
      })
      .returning();
    await runSync(db, clientFor(fake), "full", SITE);
    const rows = await db.select().from(books);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: must(local).id, externalProductId: String(product.id), author: "Autora" });
  });

  it("records the failure in Spanish and keeps the cursor when the store fails", async () => {
    fake.addProducts(2);
    await runSync(db, clientFor(fake), "full", SITE);
    const cursor = (await readSyncState(db)).cursor;
    fake.addProduct();
    fake.failNext(20, 500);
    const client = new TiendanubeClient({
      apiBase: fake.apiBase,
      storeId: fake.storeId,
      token: fake.token,
      userAgent: "Rizoma (hola@rizoma.com.ar)",
      retryBaseMs: 1,
      maxRetries: 1,
    });
    await expect(runSync(db, client, "incremental", SITE)).rejects.toThrow("Tienda Nube respondió 500");
    expect(await readSyncState(db)).toMatchObject({ running: false, error: "Tienda Nube respondió 500", cursor });
    expect((await linkedBooks()).every((book) => book.published)).toBe(true);
  });

  it("runs one sync at a time", async () => {
    const claimed = await claimSync(db, "full");
    expect(claimed).not.toBeNull();
    await expect(runSync(db, clientFor(fake), "full", SITE)).rejects.toBeInstanceOf(SyncAlreadyRunning);
  });
});

describe("incremental sync", () => {
  it("asks only for products updated since the cursor and moves the cursor", async () => {
    const [first, second] = three(fake.addProducts(3));
    await runSync(db, clientFor(fake), "full", SITE);
    const { cursor } = await readSyncState(db);
    fake.updateProduct(second.id, (p) => {
      must(p.variants[0]).price = "1234.50";
    });
    const added = fake.addProduct();
    fake.requests.length = 0;

    const state = await runSync(db, clientFor(fake), "incremental", SITE);
    expect(fake.requests[0]?.query.get("updated_at_min")).toBe(cursor);
    expect(state).toMatchObject({ kind: "incremental", created: 1, updated: 1, unpublished: 0 });
    expect(state.cursor).toBe(added.updated_at);
    expect((await bookOf(second.id))?.priceCents).toBe(123_450);
    expect((await bookOf(first.id))?.published).toBe(true);
  });

  it("runs as a full sync the first time (no cursor yet)", async () => {
    fake.addProducts(2);
    const state = await runSync(db, clientFor(fake), "incremental", SITE);
    expect(state.kind).toBe("full");
    expect(fake.requests[0]?.query.has("updated_at_min")).toBe(false);
  });
});

describe("one product (webhooks)", () => {
  it("creates, updates and, once deleted in the store, unpublishes it; repeating changes nothing", async () => {
    const product = fake.addProduct();
    const client = clientFor(fake);
    expect(await syncProduct(db, client, String(product.id), SITE)).toBe("created");
    expect(await syncProduct(db, client, String(product.id), SITE)).toBe("unchanged");
    fake.updateProduct(product.id, (p) => {
      p.published = false;
    });
    expect(await syncProduct(db, client, String(product.id), SITE)).toBe("updated");
    fake.updateProduct(product.id, (p) => {
      p.published = true;
    });
    await syncProduct(db, client, String(product.id), SITE);
    fake.deleteProduct(product.id);
    expect(await syncProduct(db, client, String(product.id), SITE)).toBe("unpublished");
    expect(await syncProduct(db, client, String(product.id), SITE)).toBe("absent");
    const rows = await db
      .select()
      .from(books)
      .where(inArray(books.externalProductId, [String(product.id)]));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.published).toBe(false);
  });

  it("never creates the same book twice when refetches race", async () => {
    const product = fake.addProduct();
    const client = clientFor(fake);
    await Promise.all(Array.from({ length: 5 }, () => syncProduct(db, client, String(product.id), SITE)));
    expect(await db.select().from(books)).toHaveLength(1);
  });
});

describe("cover images", () => {
  it("finishes without waiting for the covers; their variants are made in the background afterwards", async () => {
    const png = await sharp({ create: { width: 700, height: 1050, channels: 3, background: "#a04030" } })
      .png()
      .toBuffer();
    // An image host that holds every answer until the test lets it go.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    const imageHost = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      void released.then(() => res.writeHead(200, { "Content-Type": "image/png" }).end(png));
    });
    await new Promise<void>((resolve) => imageHost.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "rizoma-sync-covers-"));
    const worker = createCoverVariantWorker({
      db,
      publicDir: path.resolve(import.meta.dirname, "../../../public"),
      cacheDir,
      remote: { allowedHosts: [host], production: false },
    });
    installCoverVariantWorker(worker);
    try {
      const src = `http://${host}/tapa.png`;
      const product = fake.addProduct({ images: [{ id: 1, product_id: 1, src, position: 1, alt: [] }] });
      const state = await runSync(db, clientFor(fake), "full", SITE);
      expect(state).toMatchObject({ running: false, error: null, created: 1 });
      expect(await bookOf(product.id)).toMatchObject({ coverUrl: src });
      // The sync is over while the image host still holds the cover: it never waited for it.
      await until(() => asked.length > 0, "the background fetch of the cover");
      expect(await db.select().from(imageOriginals).where(eq(imageOriginals.source, src))).toEqual([]);

      release();
      await worker.idle();
      const [original] = await db.select().from(imageOriginals).where(eq(imageOriginals.source, src));
      const sha256 = must(original).sha256;
      for (const { format, width, quality } of COVER_VARIANTS) {
        const file = path.join(cacheDir, "sha256", sha256.slice(0, 2), `${sha256}-w${width}-q${quality}.${format}`);
        expect(existsSync(file), file).toBe(true);
      }
      expect(asked).toEqual(["/tapa.png"]);
    } finally {
      installCoverVariantWorker(null);
      release();
      await worker.stop();
      await new Promise((resolve) => imageHost.close(resolve));
      rmSync(cacheDir, { recursive: true, force: true });
      await db.delete(imageOriginals);
    }
  });
});
