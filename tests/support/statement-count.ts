import type { Db } from "~db/index";

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Counts the SQL statements `db` sends while `run` runs, on either driver (both hand every statement to
 * their client's `query`; see failQueries). Returns what `run` returned and the statements' text, in the
 * order they were sent. Only for code that runs alone on `db` meanwhile: everything sent counts.
 */
export async function statementsOf<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    statements.push(typeof first === "string" ? first : ((first as { text?: string } | null)?.text ?? ""));
    return original.apply(this, args);
  };
  try {
    return { result: await run(), statements };
  } finally {
    client.query = original;
  }
}
