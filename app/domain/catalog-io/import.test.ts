import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseIsbn } from "~/lib/isbn";
import { formatMoney } from "~/lib/money";
import { auditLog, books, stockAlerts } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { badCheckDigit, bytes, csvOf, isbn13, newBooksCsv } from "../../../tests/support/catalog-files";
import { applyImport } from "./apply.server";
import { catalogueCsv, catalogueXlsx } from "./export.server";
import { planImport } from "./plan.server";
import { readImportFile } from "./read-file.server";

const { db, admin } = await adminTestDatabase({ catalogue: true });
const site = { siteUrl: "https://rizoma.test", configuredSecret: null };
const rowsOf = async (text: string) => (await readImportFile(bytes(text))).rows;
const header = ["isbn", "sku", "titulo", "autor", "precio", "stock", "descripcion", "categoria_fiscal"];

async function demoBook() {
  const [book] = await db.select().from(books).where(sql`${books.isbn} is not null`).orderBy(books.id).limit(1);
  if (!book?.isbn) throw new Error("the demo catalogue has ISBNs");
  return book;
}

/** Counts the queries the database answers while `work` runs (either driver). */
async function queriesDuring(work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return n;
}

describe("the dry run", () => {
  it("sorts rows into new, changed, unchanged and errors, naming line and column", async () => {
    const demo = await demoBook();
    const rows = await rowsOf(
      csvOf(header, [
        [isbn13(100), "", "Nuevo libro", "Ana", "12.345,50", "3", "<b>Negrita</b> y <script>x</script>", ""],
        [demo.isbn ?? "", "", "", "", "99.999", "", demo.description, ""],
        [badCheckDigit(isbn13(101)), "", "Mal ISBN", "Ana", "1", "1", "", ""],
        [isbn13(102), "", "Precio raro", "Ana", "abc", "1", "", ""],
        [isbn13(103), "", "", "Ana", "1", "1", "", ""],
        [isbn13(104), "", "Stock negativo", "Ana", "1", "-2", "", ""],
        [isbn13(100), "", "Repetido", "Ana", "1", "1", "", ""],
        ["", "SKU-NUEVO", '=HYPERLINK("http://x","y")', "Ana", "", "", "", ""],
        [isbn13(105), "", "Fiscal", "Ana", "1", "1", "", "inventada"],
        ["", "", "Sin clave", "Ana", "1", "1", "", ""],
      ]),
    );
    const plan = await planImport(db, rows);
    expect(plan.created).toEqual([
      { line: 2, title: "Nuevo libro", isbn: isbn13(100) },
      { line: 9, title: '=HYPERLINK("http://x","y")', isbn: null },
    ]);
    expect(plan.updated).toEqual([
      {
        line: 3,
        bookId: demo.id,
        title: demo.title,
        changes: [{ field: "precio", before: formatMoney(demo.priceCents ?? 0), after: formatMoney(9_999_900) }],
      },
    ]);
    expect(plan.errors).toEqual([
      {
        line: 4,
        message: `Línea 4: el ISBN «${badCheckDigit(isbn13(101))}» no es válido (revisá el dígito verificador)`,
      },
      { line: 5, message: "Línea 5: el precio «abc» no es un número" },
      { line: 6, message: "Línea 6: El título es requerido (columna titulo)" },
      { line: 7, message: "Línea 7: El stock no puede ser negativo (columna stock)" },
      { line: 8, message: `Línea 8: el ISBN «${isbn13(100)}» ya está en la línea 2` },
      {
        line: 10,
        message: "Línea 10: la categoría fiscal «inventada» no está en la tabla de Ajustes (columna categoria_fiscal)",
      },
      { line: 11, message: "Línea 11: falta el ISBN o el SKU para saber qué libro es" },
    ]);
    expect(plan.unchanged).toBe(0);
  });

  it("matches a stored ISBN-10 by its ISBN-13, and a row without ISBN by SKU", async () => {
    const isbn10 = parseIsbn(isbn13(200))?.isbn10 ?? "";
    await db.insert(books).values([
      { title: "Guardado con ISBN-10", author: "B", slug: "guardado-isbn-10", isbn: isbn10, stock: 1 },
      { title: "Guardado con SKU", author: "B", slug: "guardado-sku", sku: "RZ-SOLO", stock: 1 },
    ]);
    const plan = await planImport(
      db,
      await rowsOf(
        csvOf(
          ["isbn", "sku", "stock"],
          [
            [isbn13(200), "", "5"],
            ["", "RZ-SOLO", "1"],
          ],
        ),
      ),
    );
    expect(plan.created).toEqual([]);
    expect(plan.updated.map((u) => [u.line, u.title, u.changes])).toEqual([
      [2, "Guardado con ISBN-10", [{ field: "stock", before: "1", after: "5" }]],
    ]);
    expect(plan.unchanged).toBe(1);
  });

  it("takes the same number of queries for 10 rows as for 2,000", async () => {
    const few = await rowsOf(newBooksCsv(10, 5000));
    const many = await rowsOf(newBooksCsv(2000, 5000));
    const small = await queriesDuring(() => planImport(db, few));
    expect(await queriesDuring(() => planImport(db, many))).toBe(small);
  });
});

describe("applying", () => {
  it("writes new and changed books in one go, with unique slugs, one audit entry and the HTML as typed", async () => {
    const demo = await demoBook();
    const rows = await rowsOf(
      csvOf(header, [
        [isbn13(300), "", "Mismo título", "Misma autora", "100", "2", "<p>Hola <em>mundo</em></p>", ""],
        [isbn13(301), "", "Mismo título", "Misma autora", "100", "2", "", ""],
        [demo.isbn ?? "", "", "Título corregido", "", "", "", demo.description, ""],
        [isbn13(302), "", "Precio raro", "Ana", "abc", "1", "", ""],
      ]),
    );
    const progress: number[] = [];
    const result = await applyImport(db, admin, rows, { site, onProgress: (p) => progress.push(p.done) });
    expect(result).toMatchObject({ created: 2, updated: 1, unchanged: 0, errors: [{ line: 5 }] });
    expect(progress).toEqual([0, 2, 3]);
    const written = await db
      .select()
      .from(books)
      .where(sql`${books.isbn} in (${isbn13(300)}, ${isbn13(301)})`)
      .orderBy(books.id);
    expect(written.map((b) => b.slug)).toEqual(["mismo-titulo-misma-autora", "mismo-titulo-misma-autora-2"]);
    expect(written[0]).toMatchObject({ description: "<p>Hola <em>mundo</em></p>", priceCents: 10000, stock: 2 });
    const [changed] = await db.select().from(books).where(eq(books.id, demo.id));
    expect(changed).toMatchObject({ title: "Título corregido", priceCents: demo.priceCents, stock: demo.stock });
    expect(changed?.slug).not.toBe(demo.slug);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "catalog.import"));
    expect(audits.at(-1)?.summary).toBe("Importó el catálogo: 2 libros nuevos, 1 actualizados, 1 filas con errores");
  });

  it("a book whose stock comes back fires its waiting restock alerts, as the form does", async () => {
    const [book] = await db
      .insert(books)
      .values({ title: "Agotado", author: "C", slug: "agotado-c", isbn: isbn13(400), stock: 0 })
      .returning();
    await db.insert(stockAlerts).values({ bookId: book?.id ?? 0, email: "lectora@example.com", kind: "restock" });
    const rows = await rowsOf(csvOf(["isbn", "stock"], [[isbn13(400), "3"]]));
    expect(await applyImport(db, admin, rows, { site })).toMatchObject({ updated: 1 });
    const [alert] = await db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.bookId, book?.id ?? 0));
    expect(alert?.notifiedAt).not.toBeNull();
  });

  it("exports what imports back unchanged (CSV and Excel)", async () => {
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(books);
    const keyed = (await db.select({ n: count() }).from(books).where(sql`isbn is not null or sku is not null`))[0]?.n;
    const fromCsv = await planImport(db, (await readImportFile(bytes(await catalogueCsv(db)))).rows);
    expect(fromCsv).toMatchObject({ created: [], updated: [], unchanged: keyed });
    // Books with neither ISBN nor SKU cannot be recognised: refused, never duplicated.
    expect(fromCsv.errors).toHaveLength(n - (keyed ?? 0));
    const fromXlsx = await planImport(db, (await readImportFile(await catalogueXlsx(db), "c.xlsx")).rows);
    expect(fromXlsx).toMatchObject({ created: [], updated: [], unchanged: keyed });
  });

  it("two imports of the same new books at once create each book once", async () => {
    const rows = await rowsOf(newBooksCsv(300, 7000));
    const [first, second] = await Promise.all([
      applyImport(db, admin, rows, { site }),
      applyImport(db, admin, rows, { site }),
    ]);
    expect([first.created, second.created].sort()).toEqual([0, 300]);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(books)
      .where(sql`${books.title} like 'Libro importado 7%'`);
    expect(n).toBe(300);
  });

  it("a database error in a later batch leaves nothing written", async () => {
    await db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.title = 'Libro importado 9150' then raise exception 'boom'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger refuse_boom before insert on books for each row execute function refuse_boom()`,
    );
    const [{ before } = { before: 0 }] = await db.select({ before: count() }).from(books);
    const audits = (await db.select({ n: count() }).from(auditLog))[0]?.n;
    const rows = await rowsOf(newBooksCsv(1200, 8000));
    await expect(applyImport(db, admin, rows, { site })).rejects.toThrow();
    await db.execute(sql`drop trigger refuse_boom on books`);
    expect((await db.select({ n: count() }).from(books))[0]?.n).toBe(before);
    expect((await db.select({ n: count() }).from(auditLog))[0]?.n).toBe(audits);
  });
});
