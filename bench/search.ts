/**
 * npx tsx bench/search.ts [--terms memoria,"lucia quiroga"] [--rounds 30] [--explain]
 *
 * The shop's and the header's search, timed inside one process against the configured database
 * (DATA_DIR for PGlite, or DATABASE_URL), with no HTTP or rendering around them: the median of `rounds`
 * runs per term, after a warm-up run. `--explain` prints EXPLAIN ANALYZE of every statement each search
 * sends (docs/decisions/0057-search-at-scale.md). Seed first: `npm run db:seed -- --books 100000`.
 * On PGlite, no server may hold DATA_DIR meanwhile.
 */
import { parseArgs } from "node:util";
import { searchBooks, shopBooks } from "../app/domain/catalog/books.server";
import { DEFAULT_TAX_CATEGORIES } from "../app/domain/taxes/fiscal";
import { countBooks } from "../db/seed";
import { loadEnv } from "../server/env";
import { openMigratedDatabase } from "../server/open-database";
import { projectRoot } from "../server/project-root";

const { values } = parseArgs({
  options: {
    terms: { type: "string", default: "memoria,lucia quiroga,sombra secreta,sarmiento,memoira" },
    rounds: { type: "string", default: "30" },
    explain: { type: "boolean", default: false },
  },
});
const terms = (values.terms ?? "").split(",").filter(Boolean);
const rounds = Number(values.rounds);

const env = loadEnv();
const { database, close } = await openMigratedDatabase(env, projectRoot(import.meta.url), { poolSize: 1 });
const view = { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES };

/** Every statement the database is sent, with its parameters, while `record` is on. */
type Statement = { text: string; params: unknown[] };
const sent: Statement[] = [];
let record = false;
type Query = (...args: unknown[]) => Promise<{ rows: unknown[] }>;
// biome-ignore lint/suspicious/noExplicitAny: the engine's query method is patched to see what Drizzle sends
const client = (database.pglite ?? (database.db as any).session.client) as { query: Query };
const query = client.query.bind(client);
client.query = (...args: unknown[]) => {
  if (record) {
    const [first, second] = args;
    if (typeof first === "string") sent.push({ text: first, params: (second as unknown[]) ?? [] });
    else {
      const config = first as { text: string; values?: unknown[] };
      sent.push({ text: config.text, params: config.values ?? (second as unknown[]) ?? [] });
    }
  }
  return query(...args);
};

async function explain(statement: Statement) {
  const result = await query(`explain (analyze, costs off) ${statement.text}`, statement.params);
  return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n");
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

async function timed(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

console.log(`${database.kind}, ${await countBooks(database.db)} books, median of ${rounds} runs`);
for (const term of terms) {
  const shop = () => shopBooks(database.db, view, { search: term, page: 1, limit: 24 });
  const header = () => searchBooks(database.db, { search: term, limit: 5 });
  const found = await shop();
  const shopMs = await timed(shop);
  const headerMs = await timed(header);
  console.log(
    `${JSON.stringify(term)}: shop ${shopMs.toFixed(1)} ms (${found.pagination.capped ? "more than " : ""}${found.pagination.total} found${found.correctedSearch ? `, as "${found.correctedSearch}"` : ""}), header ${headerMs.toFixed(1)} ms`,
  );
  if (values.explain) {
    for (const [name, run] of [
      ["shop", shop],
      ["header", header],
    ] as const) {
      sent.length = 0;
      record = true;
      await run();
      record = false;
      for (const statement of [...sent]) {
        console.log(
          `\n--- ${name}: ${statement.text}\n${JSON.stringify(statement.params)}\n${await explain(statement)}`,
        );
      }
    }
  }
}
await close();
