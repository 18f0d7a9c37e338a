import { count, sql } from "drizzle-orm";
import { addDays, todayInBuenosAires } from "../app/lib/dates";
import { fromPesos } from "../app/lib/money";
import { slugify } from "../app/lib/slug";
import { demoBooks } from "./demo/books";
import { demoFiscal, demoInvoicing, FISCAL_SETTINGS_KEY, INVOICING_SETTINGS_KEY, isBlankFiscal } from "./demo/fiscal";
import { demoCategories, demoGenres } from "./demo/taxonomy";
import type { DemoBook } from "./demo/types";
import type { Db } from "./index";
import { books, categories, genres, orders, settings } from "./schema";

type NewBook = typeof books.$inferInsert;

/** Categories and genres are the shop's own data, needed on every database (not just the demo). */
export async function seedTaxonomy(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(
      demoCategories.map((c) => ({
        key: c.key,
        name: c.name,
        description: c.description,
        position: c.position,
        genres: c.genres,
        categoryNames: c.categories,
        keywords: c.keywords,
      })),
    )
    .onConflictDoNothing();
  await db.insert(genres).values(demoGenres).onConflictDoNothing();
}

export async function countBooks(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(books);
  return row?.n ?? 0;
}

/** One demo record as a row; pre-order dates are relative to `today` so the demo never goes stale. */
export function demoBookRow(book: DemoBook, today: string): NewBook {
  const cents = (pesos: number | null | undefined) => fromPesos(pesos ?? null);
  return {
    title: book.title,
    slug: slugify(`${book.title} ${book.author}`),
    author: book.author,
    description: book.description,
    genre: book.genre,
    category: book.categories.join(", "),
    publisher: book.publisher,
    priceCents: cents(book.priceArs),
    promotionalPriceCents: cents(book.promotionalPriceArs),
    coverUrl: `/images/books/${book.cover}`,
    images: [{ id: 1, src: `/images/books/${book.cover}`, alt: `Tapa de ${book.title}` }],
    available: book.available,
    stock: book.stock,
    featured: book.featuredOrder !== undefined,
    featuredOrder: book.featuredOrder ?? 0,
    preorderReleaseDate: book.preorder ? addDays(today, book.preorder.releaseInDays) : null,
    preorderPriceCents: cents(book.preorder?.priceArs),
    preorderCount: book.preorder?.count ?? 0,
    preorderLimit: book.preorder?.limit ?? null,
    sku: `RZ-${book.isbn.slice(-6)}`,
    isbn: book.isbn,
    pages: book.pages,
    // The demo's editions are Spanish; a work older than printing keeps no edition year.
    publicationYear: book.year >= 1400 ? book.year : null,
    language: "es",
    weightGrams: book.weightGrams,
    freeShipping: book.freeShipping ?? false,
    audiobookUrl: book.audiobookUrl ?? null,
  };
}

/**
 * The settings row that says this database is a demo shop: `{ state: "demo", since }`, written in the same
 * transaction as the demo catalogue; `{ state: "live", ... }` once the admin chose "Pasar a producción"
 * (app/domain/demo). No row: a shop that never had the demo.
 */
export const SHOP_MODE_KEY = "shop_mode";

export type ShopModeRow = { state: "demo"; since: string } | { state: "live"; since: string; leftAt: string };

/**
 * Loads the demo catalogue into a new database (no books, no orders, never taken to production) and marks
 * it as a demo shop. Inserted oldest first, so the list order ("newest first by id") shows the end of the
 * list as the latest arrivals. Returns how many were added.
 */
export async function seedDemoCatalogue(db: Db, today = todayInBuenosAires()): Promise<number> {
  await seedTaxonomy(db);
  return db.transaction(async (tx) => {
    // Serialise concurrent starts on PostgreSQL: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if ((await countBooks(tx as unknown as Db)) > 0) return 0;
    // A shop that went live, or took orders, stays as it is even if its catalogue is empty now.
    const [mode] = await tx.select({ key: settings.key }).from(settings).where(sql`${settings.key} = ${SHOP_MODE_KEY}`);
    const [order] = await tx.select({ id: orders.id }).from(orders).limit(1);
    if (mode || order) return 0;
    await tx.insert(books).values(interleaveByCategory(demoBooks).map((book) => demoBookRow(book, today)));
    const row: ShopModeRow = { state: "demo", since: new Date().toISOString() };
    await tx.insert(settings).values({ key: SHOP_MODE_KEY, value: row });
    await seedDemoFiscal(tx as unknown as Db);
    await seedDemoInvoicing(tx as unknown as Db);
    return demoBooks.length;
  });
}

/**
 * The demo's example seller identity (db/demo/fiscal.ts), so the demo's footer shows it; written only over
 * a fiscal section with nothing filled (seedSettings may have stored it empty just before).
 */
async function seedDemoFiscal(tx: Db): Promise<void> {
  const [stored] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = ${FISCAL_SETTINGS_KEY}`);
  if (stored && !isBlankFiscal(stored.value)) return;
  await tx
    .insert(settings)
    .values({ key: FISCAL_SETTINGS_KEY, value: demoFiscal })
    .onConflictDoUpdate({ target: settings.key, set: { value: demoFiscal, updatedAt: new Date() } });
}

/**
 * The demo issues test invoices with the sandbox (db/demo/fiscal.ts): invoicing on, point of sale 1, unless
 * the section was already turned on (seedSettings may have stored its default, off, just before).
 */
async function seedDemoInvoicing(tx: Db): Promise<void> {
  const [stored] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = ${INVOICING_SETTINGS_KEY}`);
  if ((stored?.value as { enabled?: boolean } | undefined)?.enabled) return;
  await tx
    .insert(settings)
    .values({ key: INVOICING_SETTINGS_KEY, value: demoInvoicing })
    .onConflictDoUpdate({ target: settings.key, set: { value: demoInvoicing, updatedAt: new Date() } });
}

/** The ISBNs of the demo catalogue: what "Pasar a producción" may delete as the demo's books. */
export const demoIsbns = (): string[] => demoBooks.map((book) => book.isbn);

/**
 * Spreads each category evenly over the insertion order, so "newest first" mixes literature, philosophy,
 * art and comics instead of ending with one whole category.
 */
function interleaveByCategory(list: DemoBook[]): DemoBook[] {
  const sizes = new Map<string, number>();
  for (const book of list) sizes.set(book.categoryKey, (sizes.get(book.categoryKey) ?? 0) + 1);
  const seen = new Map<string, number>();
  const placed = list.map((book) => {
    const index = seen.get(book.categoryKey) ?? 0;
    seen.set(book.categoryKey, index + 1);
    return { book, at: (index + 0.5) / (sizes.get(book.categoryKey) ?? 1) };
  });
  return placed.sort((a, b) => a.at - b.at).map((entry) => entry.book);
}

const syntheticWords = {
  first: ["El", "La", "Los", "Las", "Un", "Una"],
  nouns: [
    "jardín",
    "río",
    "ciudad",
    "noche",
    "memoria",
    "frontera",
    "espejo",
    "biblioteca",
    "llanura",
    "isla",
    "fábrica",
    "tormenta",
    "casa",
    "sombra",
    "puerto",
    "invierno",
  ],
  adjectives: [
    "secreto",
    "última",
    "infinita",
    "dormida",
    "lejana",
    "rota",
    "blanca",
    "interior",
    "perdida",
    "nueva",
    "antigua",
    "subterránea",
  ],
  names: [
    "Ana",
    "Bruno",
    "Carla",
    "Diego",
    "Elena",
    "Facundo",
    "Gabriela",
    "Héctor",
    "Inés",
    "Julián",
    "Lucía",
    "Martín",
    "Noelia",
    "Óscar",
    "Paula",
    "Ramiro",
  ],
  surnames: [
    "Álvarez",
    "Benítez",
    "Castro",
    "Domínguez",
    "Echeverría",
    "Fernández",
    "Giménez",
    "Herrera",
    "Ibáñez",
    "Juárez",
    "López",
    "Muñoz",
    "Núñez",
    "Ortiz",
    "Peralta",
    "Quiroga",
  ],
};

/** A small deterministic PRNG, so two runs with the same seed make the same catalogue. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds `total` synthetic books (for benchmarks and load tests), in batches. */
export async function seedSyntheticBooks(db: Db, total: number, seed = 1): Promise<number> {
  await seedTaxonomy(db);
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const covers = demoBooks.map((book) => `/images/books/${book.cover}`);
  const offset = await countBooks(db);
  let added = 0;
  while (added < total) {
    const batch: NewBook[] = [];
    for (let i = 0; i < Math.min(500, total - added); i++) {
      const n = offset + added + i + 1;
      const genre = pick(demoGenres);
      const title = `${pick(syntheticWords.first)} ${pick(syntheticWords.nouns)} ${pick(syntheticWords.adjectives)} ${n}`;
      batch.push({
        title,
        slug: `${slugify(title)}-s${seed}-${n}`,
        author: `${pick(syntheticWords.names)} ${pick(syntheticWords.surnames)}`,
        description: "Edición de prueba generada para medir el rendimiento del catálogo.",
        genre: genre.name,
        category: genre.name,
        publisher: "Rizoma Ediciones",
        priceCents: (9900 + Math.floor(random() * 800) * 100) * 100,
        coverUrl: pick(covers),
        available: random() > 0.05,
        stock: Math.floor(random() * 30),
        isbn: null,
        pages: 80 + Math.floor(random() * 600),
      });
    }
    await db.insert(books).values(batch);
    added += batch.length;
  }
  // Fresh planner statistics after a bulk load, and the visibility map that lets search count from an
  // index alone (the embedded database has no autovacuum to do either).
  await db.execute(sql`vacuum analyze books`);
  await db.execute(sql`analyze search_words`);
  return added;
}
