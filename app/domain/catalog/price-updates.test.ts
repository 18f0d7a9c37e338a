import { randomUUID } from "node:crypto";
import { count, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { auditLog, books, priceUpdateItems, priceUpdates } from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { Conflict, Invalid } from "../errors";
import { updateBook } from "./admin-books.server";
import { listPriceUpdates, NOTHING_TO_UNDO, undoLastPriceUpdate, undoPlan } from "./price-history.server";
import type { PriceUpdateChange, PriceUpdateScope } from "./price-rules";
import { applyPriceUpdate, NOTHING_TO_UPDATE, previewPriceUpdate } from "./price-updates.server";

const { db, admin } = await adminTestDatabase();
const OTHER_ADMIN = { id: 1, email: "otra@rizoma.com.ar", role: "owner" as const };
const site = { siteUrl: "https://rizoma.test", configuredSecret: null };
beforeAll(() => seedTaxonomy(db));

interface Seed {
  title?: string;
  genre?: string;
  publisher?: string;
  author?: string;
  price: number | null;
  promo?: number | null;
  preorder?: number | null;
}

/** Books with prices in pesos; genre "Novela" files a book in Literatura y Ficción, "Filosofía" elsewhere. */
async function seed(...rows: Seed[]) {
  return db
    .insert(books)
    .values(
      rows.map((row, index) => ({
        title: row.title ?? `Libro ${index} ${randomUUID().slice(0, 6)}`,
        slug: `libro-${randomUUID()}`,
        author: row.author ?? "Autora de prueba",
        genre: row.genre ?? "Novela",
        publisher: row.publisher ?? null,
        priceCents: row.price === null ? null : row.price * 100,
        promotionalPriceCents: row.promo ? row.promo * 100 : null,
        preorderPriceCents: row.preorder ? row.preorder * 100 : null,
        preorderReleaseDate: row.preorder ? "2099-01-01" : null,
        stock: 3,
      })),
    )
    .returning({ id: books.id });
}

async function pricesOf(ids: { id: number }[]) {
  const rows = await db
    .select({
      id: books.id,
      price: books.priceCents,
      promo: books.promotionalPriceCents,
      preorder: books.preorderPriceCents,
    })
    .from(books)
    .where(
      inArray(
        books.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(books.id);
  return rows.map(({ price, promo, preorder }) => ({ price, promo, preorder }));
}

const allPrices = () =>
  db
    .select({ id: books.id, price: books.priceCents, promo: books.promotionalPriceCents })
    .from(books)
    .orderBy(books.id);

const updatesCount = async () => (await db.select({ n: count() }).from(priceUpdates))[0]?.n ?? 0;

const change = (over: Partial<PriceUpdateChange> = {}): PriceUpdateChange => ({
  mode: "percent",
  value: 12,
  rounding: "100",
  followPromotional: false,
  followPreorder: false,
  ...over,
});
const publisher = (value: string): PriceUpdateScope => ({ kind: "publisher", value });

describe("preview and apply", () => {
  it("changes exactly the books of the category, as the preview said, and records old and new prices", async () => {
    const novels = await seed({ price: 10_000 }, { price: 12_345, promo: 11_000 }, { price: null });
    const essays = await seed({ price: 20_000, genre: "Filosofía" });
    const before = await allPrices();
    const scope: PriceUpdateScope = { kind: "category", value: "literatura-ficcion" };
    const preview = await previewPriceUpdate(db, scope, change());
    expect(preview.description).toBe("+12% a Literatura y Ficción (redondeo a $100)");
    // No book without a price is listed.
    expect(preview.rows.some((row) => row.bookId === novels[2]?.id)).toBe(false);
    expect(preview.rows.find((row) => row.bookId === novels[1]?.id)).toMatchObject({
      oldPrice: 1_234_500,
      newPrice: 1_380_000, // 12.345 × 1,12 = 13.826,40 → $13.800
      oldPromotional: 1_100_000,
      newPromotional: 1_100_000,
      note: null,
    });

    const applied = await applyPriceUpdate(db, admin, scope, change());
    expect(applied.bookCount).toBe(preview.totals.changed);
    const after = await allPrices();
    const planned = new Map(preview.rows.map((row) => [row.bookId, row]));
    for (const book of after) {
      const was = before.find((row) => row.id === book.id);
      const row = planned.get(book.id);
      if (row) expect([book.price, book.promo]).toEqual([row.newPrice, row.newPromotional]);
      else expect(book).toEqual(was);
    }
    expect(await pricesOf(novels)).toEqual([
      { price: 1_120_000, promo: null, preorder: null },
      { price: 1_380_000, promo: 1_100_000, preorder: null },
      { price: null, promo: null, preorder: null },
    ]);
    expect(await pricesOf(essays)).toEqual([{ price: 2_000_000, promo: null, preorder: null }]);
    const items = await db.select().from(priceUpdateItems).where(eq(priceUpdateItems.updateId, applied.id));
    expect(items.find((item) => item.bookId === novels[1]?.id)).toMatchObject({
      oldPriceCents: 1_234_500,
      newPriceCents: 1_380_000,
      oldPromotionalPriceCents: 1_100_000,
      newPromotionalPriceCents: 1_100_000,
    });
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.summary).toBe(
      `Actualizó precios: +12% a Literatura y Ficción (redondeo a $100), ${applied.bookCount} libros`,
    );
  });

  it("matches a publisher or an author regardless of case and accents", async () => {
    const name = `Ediciones Ñandú ${randomUUID().slice(0, 4)}`;
    const books = await seed({ price: 1000, publisher: name }, { price: 2000, publisher: name.toUpperCase() });
    const other = await seed({ price: 1000, publisher: `${name} Bis` });
    const plain = name.replace("Ñandú", "nandu");
    await applyPriceUpdate(db, admin, publisher(plain), change({ mode: "amount", value: 500, rounding: "none" }));
    expect((await pricesOf(books)).map((row) => row.price)).toEqual([150_000, 250_000]);
    expect((await pricesOf(other)).map((row) => row.price)).toEqual([100_000]);

    const author = `José Hernández ${randomUUID().slice(0, 4)}`;
    const his = await seed({ price: 9000, author });
    await applyPriceUpdate(db, admin, { kind: "author", value: author.replace("é", "e").toLowerCase() }, change());
    expect((await pricesOf(his))[0]?.price).toBe(1_010_000);
  });

  it("lets the promotion and the pre-order follow, or removes the promotion when it would not stay below", async () => {
    const name = `Promo ${randomUUID()}`;
    const [followed] = await seed({ price: 10_000, promo: 8000, preorder: 9000, publisher: name });
    await applyPriceUpdate(
      db,
      admin,
      publisher(name),
      change({ value: 10, followPromotional: true, followPreorder: true }),
    );
    expect(await pricesOf([followed as { id: number }])).toEqual([
      { price: 1_100_000, promo: 880_000, preorder: 990_000 },
    ]);

    const down = `Baja ${randomUUID()}`;
    const [kept] = await seed({ price: 10_000, promo: 8000, preorder: 9500, publisher: down });
    const preview = await previewPriceUpdate(db, publisher(down), change({ value: -25 }));
    expect(preview.rows[0]?.note).toBe("Se quita la promoción. La preventa baja al precio nuevo");
    expect(preview.totals).toMatchObject({ books: 1, changed: 1, promotionsRemoved: 1, difference: -250_000 });
    await applyPriceUpdate(db, admin, publisher(down), change({ value: -25 }));
    expect(await pricesOf([kept as { id: number }])).toEqual([{ price: 750_000, promo: null, preorder: 750_000 }]);
  });

  it("refuses an empty selection, an unknown category and hostile input without writing anything", async () => {
    const noPrice = `Sin precio ${randomUUID()}`;
    await seed({ price: null, publisher: noPrice });
    const before = await updatesCount();
    const prices = await allPrices();
    await expect(applyPriceUpdate(db, admin, publisher("Nadie publica esto"), change())).rejects.toThrow(
      new Invalid(NOTHING_TO_UPDATE),
    );
    await expect(applyPriceUpdate(db, admin, publisher(noPrice), change())).rejects.toThrow(NOTHING_TO_UPDATE);
    await expect(previewPriceUpdate(db, publisher(noPrice), change())).rejects.toThrow(NOTHING_TO_UPDATE);
    await expect(applyPriceUpdate(db, admin, { kind: "category", value: "no-existe" }, change())).rejects.toThrow(
      "Esa categoría no existe",
    );
    const hostile: [unknown, unknown][] = [
      [{ kind: "shelf", value: "x" }, change()],
      [{ kind: "all", value: null }, change({ value: Number.NaN })],
      [{ kind: "all", value: null }, change({ value: Number.POSITIVE_INFINITY })],
      [{ kind: "all", value: null }, change({ value: 1e12 })],
      [{ kind: "all", value: null }, change({ mode: "amount", value: 1_000_001 })],
      [{ kind: "all", value: null }, change({ value: -95 })],
      [
        { kind: "all", value: null },
        { ...change(), value: "12" },
      ],
      [
        { kind: "all", value: null },
        { ...change(), rounding: "1000" },
      ],
      [{ kind: "author", value: "" }, change()],
      [null, change()],
      [{ kind: "all", value: null }, "12%"],
    ];
    for (const [scope, bad] of hostile) {
      const error = await applyPriceUpdate(db, admin, scope, bad).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ZodError);
    }
    expect(await updatesCount()).toBe(before);
    expect(await allPrices()).toEqual(prices);
  });
});

describe("Deshacer", () => {
  it("restores the last update once, skipping books edited since, and keeps it in the history as undone", async () => {
    const name = `Deshacer ${randomUUID()}`;
    const seeded = await seed(
      { price: 10_000, promo: 9000, publisher: name },
      { price: 15_000, preorder: 14_000, publisher: name },
      { price: 20_000, publisher: name },
    );
    const before = await pricesOf(seeded);
    const applied = await applyPriceUpdate(
      db,
      admin,
      publisher(name),
      change({ value: 20, rounding: "900", followPromotional: true }),
    );
    expect(await pricesOf(seeded)).toEqual([
      { price: 1_290_000, promo: 1_090_000, preorder: null },
      { price: 1_890_000, promo: null, preorder: 1_400_000 },
      { price: 2_490_000, promo: null, preorder: null },
    ]);
    // The admin edits one book's price by hand after the update.
    await updateBook(db, admin, seeded[2]?.id ?? 0, { price: 25_500 }, site);
    expect(await undoPlan(db, applied.id)).toMatchObject({ restorable: 2, changedSince: 1 });
    expect((await listPriceUpdates(db))[0]).toMatchObject({ id: applied.id, canUndo: true, undoneAt: null });

    const undone = await undoLastPriceUpdate(db, OTHER_ADMIN, applied.id);
    expect(undone.restored).toBe(2);
    expect(undone.skipped.map((book) => book.bookId)).toEqual([seeded[2]?.id]);
    expect(await pricesOf(seeded)).toEqual([before[0], before[1], { price: 2_550_000, promo: null, preorder: null }]);
    const [record] = await listPriceUpdates(db);
    expect(record).toMatchObject({ id: applied.id, undoneBy: OTHER_ADMIN.email, canUndo: false });
    expect(await undoPlan(db, applied.id)).toBeNull();
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.summary).toContain("2 libros volvieron a su precio; 1 libro cambió después y no se tocó");

    // Only once: the button is gone and a second try is refused.
    await expect(undoLastPriceUpdate(db, admin)).rejects.toThrow(new Conflict(NOTHING_TO_UNDO));
  });

  it("refuses to undo an update the admin did not confirm (a newer one came in between)", async () => {
    const name = `Entre medio ${randomUUID()}`;
    await seed({ price: 10_000, publisher: name });
    const first = await applyPriceUpdate(db, admin, publisher(name), change());
    await applyPriceUpdate(db, admin, publisher(name), change());
    await expect(undoLastPriceUpdate(db, admin, first.id)).rejects.toThrow(Conflict);
    expect((await listPriceUpdates(db)).find((row) => row.id === first.id)?.canUndo).toBe(false);
  });
});

describe("at the same time", () => {
  it("two applies both happen, one after the other: +10% twice is ×1.21, nothing lost", async () => {
    const name = `Dos a la vez ${randomUUID()}`;
    const seeded = await seed({ price: 10_000, publisher: name }, { price: 33_333, publisher: name });
    const plusTen = change({ value: 10, rounding: "none" });
    const results = await Promise.all([
      applyPriceUpdate(db, admin, publisher(name), plusTen),
      applyPriceUpdate(db, OTHER_ADMIN, publisher(name), plusTen),
    ]);
    expect(results.map((result) => result.bookCount)).toEqual([2, 2]);
    // 33.333 → 36.666,30 → 40.332,93 (each step rounded to the centavo).
    expect((await pricesOf(seeded)).map((row) => row.price)).toEqual([1_210_000, 4_033_293]);
    const items = await db
      .select()
      .from(priceUpdateItems)
      .where(
        inArray(
          priceUpdateItems.updateId,
          results.map((result) => result.id),
        ),
      )
      .orderBy(priceUpdateItems.updateId, priceUpdateItems.bookId);
    // The second update started from what the first wrote.
    expect(items.map((item) => [item.oldPriceCents, item.newPriceCents])).toEqual([
      [1_000_000, 1_100_000],
      [3_333_300, 3_666_630],
      [1_100_000, 1_210_000],
      [3_666_630, 4_033_293],
    ]);
  });

  it("two undos at once undo once; the other is told there is nothing to undo", async () => {
    const name = `Dos deshacer ${randomUUID()}`;
    const seeded = await seed({ price: 10_000, publisher: name });
    await applyPriceUpdate(db, admin, publisher(name), change());
    const settled = await Promise.allSettled([undoLastPriceUpdate(db, admin), undoLastPriceUpdate(db, OTHER_ADMIN)]);
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = settled.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Conflict);
    expect(refused.reason.message).toBe(NOTHING_TO_UNDO);
    expect((await pricesOf(seeded))[0]?.price).toBe(1_000_000);
  });

  it("an update racing an undo leaves the prices of one order or the other", async () => {
    const name = `Carrera ${randomUUID()}`;
    const seeded = await seed({ price: 10_000, publisher: name });
    const first = await applyPriceUpdate(db, admin, publisher(name), change({ value: 10, rounding: "none" }));
    const [second] = await Promise.all([
      applyPriceUpdate(db, admin, publisher(name), change({ value: 10, rounding: "none" })),
      undoLastPriceUpdate(db, OTHER_ADMIN),
    ]);
    // Undo first: back to 10.000, then +10%. Update first: 12.100, then undone back to 11.000.
    expect((await pricesOf(seeded))[0]?.price).toBe(1_100_000);
    const rows = await db
      .select({ id: priceUpdates.id, undoneAt: priceUpdates.undoneAt })
      .from(priceUpdates)
      .where(inArray(priceUpdates.id, [first.id, second.id]));
    expect(rows.filter((row) => row.undoneAt !== null)).toHaveLength(1);
  });
});
