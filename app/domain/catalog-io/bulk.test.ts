import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { books } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { bytes, newBooksCsv } from "../../../tests/support/catalog-files";
import { applyImport, type ImportProgress } from "./apply.server";
import { planImport } from "./plan.server";
import { readImportFile } from "./read-file.server";

const { db, admin } = await adminTestDatabase();
const site = { siteUrl: "https://rizoma.test", configuredSecret: null };

// The size: a 10,000-row distributor list, imported and then imported again with new prices.
describe("a 10,000-row file", () => {
  it("is created in one transaction with progress, then re-read as 10,000 changes", { timeout: 180_000 }, async () => {
    const { rows } = await readImportFile(bytes(newBooksCsv(10_000)));
    const progress: ImportProgress[] = [];
    const started = Date.now();
    const result = await applyImport(db, admin, rows, { site, onProgress: (p) => progress.push(p) });
    const createdIn = Date.now() - started;
    expect(result).toMatchObject({ created: 10_000, updated: 0, errors: [] });
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 21 }, (_, i) => i * 500));
    expect(progress.every((p) => p.total === 10_000)).toBe(true);
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(books);
    expect(n).toBe(10_000);

    const repriced = rows.map((row) => ({ ...row, values: { ...row.values, precio: "5.000" } }));
    expect((await planImport(db, repriced)).updated).toHaveLength(10_000);
    const again = Date.now();
    expect(await applyImport(db, admin, repriced, { site })).toMatchObject({ created: 0, updated: 10_000 });
    const updatedIn = Date.now() - again;
    const [{ priced } = { priced: 0 }] = await db
      .select({ priced: count() })
      .from(books)
      .where(sql`${books.priceCents} = 500000`);
    expect(priced).toBe(10_000);
    console.info(`10,000 rows: created in ${createdIn} ms, updated in ${updatedIn} ms`);
  });
});
