import { like, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite, openPostgres } from "../../db/connect";
import { books, priceUpdates } from "../../db/schema";
import { type AppServer, adminCookie, appEnv, removeDataDir, startApp } from "../support/app-server";
import { newBooksCsv } from "../support/catalog-files";
import { onPostgres } from "../support/test-database";

/**
 * The bookseller's bulk writes under faults (issue 22): the catalogue import and the bulk price update
 * with its "Deshacer", through the app's own HTTP routes.
 * - The same 2,000 new books imported twice at once (on two instances with PostgreSQL): each book exists
 *   once; one import creates them, the other finds them unchanged.
 * - A 10,000-row import killed (-9) after its first progress line: nothing of it is in the database (one
 *   transaction), and importing the file again on a fresh instance creates every book once.
 * - +10% applied at once from both instances: both apply, one after the other (×1.21 each book, no update
 *   lost); "Deshacer" sent at once from both: the last update is undone exactly once.
 */
const admin = { email: "catalogo-fallas@rizoma.com.ar", password: "clave-de-prueba-catalogo" };
const postgres = inject("postgresAdminUrl") !== "";
const engine = () => (onPostgres() ? "postgresql" : "pglite");
const report = (line: string) => console.log(`catalog tools (${engine()}): ${line}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp(env);
  cleanups.push(() => app.kill());
  return app;
}

/** POST the CSV to the import API; apply answers NDJSON lines (progress…, then result or error). */
async function importCsv(app: AppServer, cookie: string, csv: string, mode: "preview" | "apply") {
  const form = new FormData();
  form.set("mode", mode);
  form.set("file", new File([csv], "lista.csv", { type: "text/csv" }));
  return fetch(`${app.baseUrl}/api/admin/books/import`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: app.baseUrl },
  });
}

async function importEvents(app: AppServer, cookie: string, csv: string) {
  const answer = await importCsv(app, cookie, csv, "apply");
  expect(answer.status).toBe(200);
  return (await answer.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A form post to /admin/libros/precios as the page sends it (no JavaScript): status and Location. */
async function pricesForm(app: AppServer, cookie: string, fields: Record<string, string>) {
  const answer = await fetch(`${app.baseUrl}/admin/libros/precios`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
  });
  return { status: answer.status, location: answer.headers.get("location"), html: await answer.text() };
}

async function openDatabase(env: Record<string, string>) {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { max: 2 }) : openPglite(env.DATA_DIR ?? "");
}

/** The price the CSV gives book n (pesos "1000+n,50") in centavos. */
const listPrice = (n: number) => (1000 + n) * 100 + 50;
/** +10% rounded to the centavo, half up (price-rules' changedCents). */
const raised = (cents: number) => Math.floor((cents * 110 + 50) / 100);

describe("catalogue import and bulk prices through faults", () => {
  const instances = postgres ? 2 : 1;
  it(`imports at once and killed mid-way, prices and Deshacer at once, on ${instances === 2 ? "two instances" : "one instance"}`, async () => {
    const env = await appEnv({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
    const a = await start(env);
    const second = () => {
      const dir = `${env.DATA_DIR}-${Math.random().toString(36).slice(2, 8)}`;
      cleanups.push(async () => removeDataDir(dir));
      return start({ ...env, DATA_DIR: dir });
    };
    const b = instances === 2 ? await second() : null;
    const cookie = await adminCookie(a, admin);

    // 1. The same 2,000 new books, imported twice at once.
    const twoThousand = newBooksCsv(2000, 1);
    const runs = await Promise.all([importEvents(a, cookie, twoThousand), importEvents(b ?? a, cookie, twoThousand)]);
    const results = runs.map((events) => events.at(-1));
    expect(results.map((result) => result?.type)).toEqual(["result", "result"]);
    const created = results.map((result) => Number(result?.created)).sort((x, y) => x - y);
    expect(created).toEqual([0, 2000]);

    // 2. A 10,000-row import killed (-9) after its first progress line.
    const tenThousand = newBooksCsv(10_000, 100_001);
    const answer = await importCsv(a, cookie, tenThousand, "apply");
    expect(answer.status).toBe(200);
    const reader = answer.body?.getReader();
    if (!reader) throw new Error("no body");
    let seen = "";
    while (!seen.includes('"progress"')) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the import ended before any progress: ${seen}`);
      seen += new TextDecoder().decode(chunk.value);
    }
    await a.kill();
    await reader.cancel().catch(() => {});
    // PGlite belongs to one process: it is read between the killed instance and the next one.
    const probe = await openDatabase(env);
    try {
      const [row] = await probe.db
        .select({ n: sql<number>`count(*)::int` })
        .from(books)
        .where(like(books.title, "Libro importado 1_____"));
      expect(row?.n).toBe(0);
    } finally {
      await probe.close();
    }
    const survivor = b ?? (await start(env));
    const survivorCookie = await adminCookie(survivor, admin);
    const preview = await importCsv(survivor, survivorCookie, tenThousand, "preview");
    const plan = (await preview.json()) as { plan: { counts: Record<string, number> } };
    expect(plan.plan.counts.created).toBe(10_000);
    const again = (await importEvents(survivor, survivorCookie, tenThousand)).at(-1);
    expect(again?.created).toBe(10_000);

    // 3. +10% at once from two instances (PostgreSQL), then "Deshacer" of the newest, twice at once.
    const other = instances === 2 ? await second() : survivor;
    const raise = {
      intent: "apply",
      scope: "publisher",
      publisher: "Editorial Sur",
      direction: "up",
      unit: "percent",
      amount: "10",
      rounding: "none",
    };
    const applies = await Promise.all([
      pricesForm(survivor, survivorCookie, raise),
      pricesForm(other, survivorCookie, raise),
    ]);
    expect(applies.map((applied) => applied.status)).toEqual([303, 303]);
    const ids = applies.map((applied) =>
      Number(new URL(applied.location ?? "", survivor.baseUrl).searchParams.get("aplicada")),
    );
    expect(new Set(ids).size).toBe(2);
    const newest = Math.max(...ids);
    const undo = { intent: "undo", id: String(newest) };
    const undos = await Promise.all([
      pricesForm(survivor, survivorCookie, undo),
      pricesForm(other, survivorCookie, undo),
    ]);
    const statuses = undos.map((undone) => undone.status).sort();
    expect(statuses).toEqual([200, 409]);

    // Every instance stopped, the database read: each book raised once (the other +10% undone), no update lost.
    for (const app of new Set([survivor, other])) await app.stop();
    const database = await openDatabase(env);
    try {
      const rows = await database.db
        .select({ title: books.title, price: books.priceCents })
        .from(books)
        .where(like(books.title, "Libro importado %"));
      expect(rows).toHaveLength(12_000);
      const wrong = rows.filter((row) => row.price !== raised(listPrice(Number(row.title.split(" ").at(-1)))));
      expect(wrong).toEqual([]);
      const updates = await database.db
        .select({ id: priceUpdates.id, undoneAt: priceUpdates.undoneAt, count: priceUpdates.bookCount })
        .from(priceUpdates);
      expect(updates.map((update) => update.count)).toEqual([12_000, 12_000]);
      expect(updates.filter((update) => update.undoneAt !== null).map((update) => update.id)).toEqual([newest]);
    } finally {
      await database.close();
    }
    report(
      `2,000 new books imported twice at once over ${instances} instance(s): created ${created.join(" and ")}; ` +
        `10,000 rows killed (-9) after the first progress line: none kept, imported again: ${again?.created} created; ` +
        `+10% twice at once: both applied to 12,000 books in turn; Deshacer twice at once: ${statuses.join(" and ")}, ` +
        "every price = list price +10% once",
    );
  });
});
