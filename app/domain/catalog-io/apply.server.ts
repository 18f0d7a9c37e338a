import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { firstFreeSlug, images, slugBase, toColumns } from "~/domain/catalog/admin-books.server";
import type { BookInput } from "~/domain/catalog/book-input";
import { type AlertSite, releaseRestockAlerts } from "~/domain/stock-alerts/release.server";
import { lockTaxTable } from "~/domain/taxes/table.server";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { type ImportPlan, planImportDetail } from "./plan.server";
import type { ImportRow } from "./table";

/** Rows written per statement: few round trips, and far from PostgreSQL's 65,535 parameters per query. */
export const IMPORT_BATCH = 500;

export interface ImportProgress {
  /** Books written so far, of `total` (new plus changed). */
  done: number;
  total: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportPlan["errors"];
}

export interface ApplyOptions {
  /** Called between batches, inside the transaction (so "done" is written, not yet committed). */
  onProgress?: (progress: ImportProgress) => void;
  /** Where restock alerts' e-mails link to: stock that goes up fires them, as in the form. */
  site: AlertSite;
}

type ColumnKey = keyof ReturnType<typeof toColumns>;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** `update books ... from jsonb_to_recordset(...)`: one statement per batch of changed books. */
async function updateBatch(tx: Db, rows: Record<string, unknown>[]): Promise<void> {
  const keys = Object.keys(rows[0] ?? {}).filter((key) => key !== "id" && key !== "coverChanged") as ColumnKey[];
  const column = (key: string) => (books as unknown as Record<string, PgColumn>)[key] as PgColumn;
  const defs = [
    "id integer",
    "cover_changed boolean",
    ...keys.map((key) => `"${column(key).name}" ${column(key).getSQLType()}`),
  ];
  const sets = keys.map((key) =>
    key === ("images" as string)
      ? `"images" = case when v.cover_changed then v."images" else b."images" end`
      : `"${column(key).name}" = v."${column(key).name}"`,
  );
  const records = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key === "coverChanged" ? "cover_changed" : key === "id" ? "id" : column(key).name,
        value,
      ]),
    ),
  );
  await tx.execute(
    sql`update ${books} as b set ${sql.raw(sets.join(", "))}, "updated_at" = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(${sql.raw(defs.join(", "))})
        where b.id = v.id`,
  );
}

const raisesStock = (input: BookInput, current: { stock: number; available: boolean; published: boolean }) =>
  input.stock > current.stock || (input.available && !current.available) || (input.published && !current.published);

/**
 * Applies a catalogue file in ONE transaction: a transaction-scoped advisory lock makes imports take
 * turns, then the plan is computed again inside (never trusting an earlier preview), new books are
 * inserted and changed books updated in batches, error rows are skipped, one audit entry records the
 * counts, and the public pages refresh once after the commit. Any failure rolls everything back.
 */
export async function applyImport(
  db: Db,
  admin: AdminIdentity,
  rows: readonly ImportRow[],
  options: ApplyOptions,
): Promise<ImportResult> {
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rizoma:catalog-import'))`);
    // Tax categories used below cannot be removed from the table until this commits (see table.server).
    await lockTaxTable(tx);
    const plan = await planImportDetail(tx, rows);
    const total = plan.inserts.length + plan.updates.length;
    let done = 0;
    options.onProgress?.({ done, total });

    const used = new Set((await tx.select({ slug: books.slug }).from(books)).map((row) => row.slug));
    const claim = (input: BookInput) => {
      const slug = firstFreeSlug(slugBase(input.title, input.author), used);
      used.add(slug);
      return slug;
    };

    for (const batch of chunks(plan.inserts, IMPORT_BATCH)) {
      await tx
        .insert(books)
        .values(
          batch.map(({ input }) => ({ ...toColumns(input), slug: claim(input), images: images(input.coverUrl) })),
        );
      done += batch.length;
      options.onProgress?.({ done, total });
    }

    for (const batch of chunks(plan.updates, IMPORT_BATCH)) {
      const records = batch.map(({ input, current }) => {
        let slug = current.slug;
        if (input.title !== current.title || input.author !== current.author) {
          used.delete(current.slug);
          slug = claim(input);
        }
        return {
          id: current.id,
          coverChanged: input.coverUrl !== current.coverUrl,
          ...toColumns(input),
          slug,
          images: images(input.coverUrl),
        };
      });
      await updateBatch(tx, records);
      done += batch.length;
      options.onProgress?.({ done, total });
    }

    const restocked = plan.updates.filter(({ input, current }) => raisesStock(input, current)).map((u) => u.current.id);
    await releaseRestockAlerts(tx, restocked, options.site);
    await recordAudit(tx, admin, {
      action: "catalog.import",
      entity: "book",
      summary: `Importó el catálogo: ${plan.created.length} libros nuevos, ${plan.updated.length} actualizados, ${plan.errors.length} filas con errores`,
      details: {
        created: plan.created.length,
        updated: plan.updated.length,
        unchanged: plan.unchanged,
        errors: plan.errors.length,
      },
    });
    return {
      created: plan.created.length,
      updated: plan.updated.length,
      unchanged: plan.unchanged,
      errors: plan.errors,
    };
  });
  if (result.created + result.updated > 0) await publicPagesChanged(db, "catalog.import");
  return result;
}
