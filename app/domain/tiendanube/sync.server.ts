import { and, eq, isNotNull, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { freeSlug } from "~/domain/catalog/admin-books.server";
import { listCategories } from "~/domain/catalog/categories.server";
import { scheduleCoverVariants } from "~/domain/images/variants.server";
import { getSection } from "~/domain/settings/settings.server";
import { type AlertSite, releaseRestockAlerts } from "~/domain/stock-alerts/release.server";
import type { StoreCatalog } from "~/integrations/tiendanube/store-catalog";
import { type CategoryMapping, type SyncedBookFields, toBookFields } from "~/integrations/tiendanube/to-book.server";
import type { TiendanubeProduct } from "~/integrations/tiendanube/types";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { claimSyncRun, patchSyncState, readSyncState, type SyncKind, type SyncState } from "./sync-state.server";

/**
 * Tienda Nube -> the local catalogue (the site always serves the local `books` table).
 *
 * The product fields in `SyncedBookFields` follow the store. Everything else on a book is the admin's
 * and a sync never writes it: author, genre, featured / featuredOrder, the pre-order fields, audiobook
 * link, pages, `available`, the slug (the book's URL), and a cover the admin uploaded (`/uploads/...`,
 * which also keeps the image list). ISBN and SKU are taken from the store only when it has one.
 * See docs/decisions/0005-tiendanube-sync.md.
 */

export type UpsertOutcome = "created" | "updated" | "unchanged";

export async function loadCategoryMapping(db: Db): Promise<CategoryMapping> {
  const [section, categories] = await Promise.all([getSection(db, "tiendanube"), listCategories(db)]);
  return {
    entries: section.categoryMap,
    siteCategories: new Map(categories.map((category) => [category.key, category.name])),
  };
}

const isUpload = (coverUrl: string | null) => coverUrl?.startsWith("/uploads/") ?? false;

/** The columns an update writes: the synced ones, minus what the admin keeps (see the module comment). */
function columnsFor(fields: SyncedBookFields, current: typeof books.$inferSelect): Partial<SyncedBookFields> {
  const columns: Partial<SyncedBookFields> = { ...fields };
  if (isUpload(current.coverUrl)) {
    delete columns.coverUrl;
    delete columns.images;
  }
  if (fields.isbn === null) delete columns.isbn;
  if (fields.sku === null) delete columns.sku;
  return columns;
}

function differs(columns: Partial<SyncedBookFields>, current: typeof books.$inferSelect): boolean {
  return Object.entries(columns).some(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
  );
}

/** The cover and gallery images a write puts on a book, when it changes them (else none). */
function changedCovers(columns: Partial<SyncedBookFields>, current?: typeof books.$inferSelect): string[] {
  const sources = [columns.coverUrl, ...(columns.images ?? []).map((image) => image.src)];
  const before = new Set([current?.coverUrl, ...(current?.images ?? []).map((image) => image.src)]);
  return sources.filter((src): src is string => Boolean(src) && !before.has(src));
}

/**
 * Creates or updates the book of one product. The book is found by its Tienda Nube id, else (a book
 * the shop loaded before linking the store) by ISBN/barcode or SKU among unlinked books. An advisory
 * lock per product keeps the full sync and a webhook from creating the same book twice. New covers are
 * queued for their image variants once the write has committed; the sync never waits for them. A book
 * the store brings back in stock fires its restock alerts in the write's transaction (`site`).
 */
export async function upsertProduct(
  db: Db,
  product: TiendanubeProduct,
  mapping: CategoryMapping,
  site: AlertSite,
): Promise<UpsertOutcome> {
  const { outcome, covers } = await writeProduct(db, product, mapping, site);
  if (covers.length > 0) scheduleCoverVariants(covers);
  return outcome;
}

async function writeProduct(
  db: Db,
  product: TiendanubeProduct,
  mapping: CategoryMapping,
  site: AlertSite,
): Promise<{ outcome: UpsertOutcome; covers: string[] }> {
  const fields = toBookFields(product, mapping);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tiendanube:${product.id}`}))`);
    const unlinked: SQL[] = [];
    if (fields.isbn) unlinked.push(eq(books.isbn, fields.isbn));
    if (fields.sku) unlinked.push(eq(books.sku, fields.sku));
    const [byId] = await tx.select().from(books).where(eq(books.externalProductId, product.id)).limit(1).for("update");
    const [current] = byId
      ? [byId]
      : unlinked.length > 0
        ? await tx
            .select()
            .from(books)
            .where(and(isNull(books.externalProductId), or(...unlinked)))
            .orderBy(books.id)
            .limit(1)
            .for("update")
        : [];
    if (!current) {
      const slug = await freeSlug(txDb, fields.title, "");
      await tx.insert(books).values({ ...fields, slug });
      return { outcome: "created", covers: changedCovers(fields) };
    }
    const columns = columnsFor(fields, current);
    if (!differs(columns, current)) return { outcome: "unchanged", covers: [] };
    await tx
      .update(books)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(books.id, current.id));
    await releaseRestockAlerts(txDb, [current.id], site);
    return { outcome: "updated", covers: changedCovers(columns, current) };
  });
}

/** A product gone from the store: its book is unpublished, never deleted (orders may name it). */
export async function unpublishProduct(db: Db, productId: string): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ published: false, updatedAt: new Date() })
    .where(and(eq(books.externalProductId, productId), eq(books.published, true)))
    .returning({ id: books.id });
  return rows.length > 0;
}

/** Refetches one product (webhooks): updates its book, or unpublishes it when the store no longer has it. */
export async function syncProduct(
  db: Db,
  catalog: StoreCatalog,
  productId: string,
  site: AlertSite,
): Promise<UpsertOutcome | "unpublished" | "absent"> {
  const product = await catalog.getProduct(productId);
  const outcome = !product
    ? (await unpublishProduct(db, productId))
      ? "unpublished"
      : "absent"
    : await upsertProduct(db, product, await loadCategoryMapping(db), site);
  if (outcome !== "unchanged" && outcome !== "absent") await publicPagesChanged(db, `tiendanube.product.${outcome}`);
  return outcome;
}

const newest = (a: string | null, b: string | null) => {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
};

export class SyncAlreadyRunning extends Error {
  constructor() {
    super("Ya hay una sincronización en curso");
  }
}

export interface ClaimedSync {
  kind: SyncKind;
  before: SyncState;
}

/**
 * Marks a run as started (null when another is running). An incremental run without a cursor (never
 * synced) becomes a full one.
 */
export async function claimSync(db: Db, requested: SyncKind): Promise<ClaimedSync | null> {
  const before = await readSyncState(db);
  const kind: SyncKind = requested === "incremental" && !before.cursor ? "full" : requested;
  return (await claimSyncRun(db, kind)) ? { kind, before } : null;
}

/** Claims and runs a sync; throws SyncAlreadyRunning when another run holds the state. */
export async function runSync(db: Db, catalog: StoreCatalog, requested: SyncKind, site: AlertSite): Promise<SyncState> {
  const claimed = await claimSync(db, requested);
  if (!claimed) throw new SyncAlreadyRunning();
  return executeSync(db, catalog, claimed, site);
}

/**
 * A claimed run, with its progress written to the sync state as each page arrives. Full: every
 * product, then books whose product is gone are unpublished. Incremental: only products updated since
 * the cursor (`updated_at_min`). A failed run records its error (in Spanish) and throws.
 */
export async function executeSync(
  db: Db,
  catalog: StoreCatalog,
  { kind, before }: ClaimedSync,
  site: AlertSite,
): Promise<SyncState> {
  const counts = { done: 0, created: 0, updated: 0, unpublished: 0 };
  // A full run defines the cursor anew (the store's newest updated_at); an incremental one moves it on.
  let cursor = kind === "full" ? null : before.cursor;
  try {
    const mapping = await loadCategoryMapping(db);
    const seen: string[] = [];
    await catalog.listProducts({
      updatedSince: kind === "incremental" ? (before.cursor ?? undefined) : undefined,
      onPage: async ({ products, total }) => {
        let changed = false;
        for (const product of products) {
          const outcome = await upsertProduct(db, product, mapping, site);
          if (outcome !== "unchanged") counts[outcome]++;
          changed ||= outcome !== "unchanged";
          counts.done++;
          seen.push(product.id);
          cursor = newest(cursor, product.updated_at);
        }
        await patchSyncState(db, { ...counts, total, heartbeatAt: new Date().toISOString() });
        // Each page's books show as soon as they are in (a long full sync does not wait for its end).
        if (changed) await publicPagesChanged(db, "tiendanube.sync");
      },
    });
    if (kind === "full") {
      counts.unpublished = await unpublishMissing(db, seen);
      if (counts.unpublished > 0) await publicPagesChanged(db, "tiendanube.sync.unpublished");
    }
    const finishedAt = new Date().toISOString();
    await patchSyncState(db, {
      ...counts,
      running: false,
      finishedAt,
      heartbeatAt: finishedAt,
      cursor,
      lastSuccessAt: finishedAt,
      ...(kind === "full" ? { lastFullSyncAt: finishedAt } : {}),
    });
  } catch (error) {
    const finishedAt = new Date().toISOString();
    await patchSyncState(db, {
      ...counts,
      running: false,
      finishedAt,
      // Products already synced keep their changes; the cursor does not move, so nothing is skipped.
      error: error instanceof Error ? error.message : "La sincronización falló",
    });
    throw error;
  }
  return readSyncState(db);
}

async function unpublishMissing(db: Db, seen: string[]): Promise<number> {
  const rows = await db
    .update(books)
    .set({ published: false, updatedAt: new Date() })
    .where(
      and(
        isNotNull(books.externalProductId),
        eq(books.published, true),
        seen.length > 0 ? notInArray(books.externalProductId, seen) : undefined,
      ),
    )
    .returning({ id: books.id });
  return rows.length;
}
