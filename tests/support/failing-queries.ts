import type { Db } from "~db/index";

type Query = (...args: unknown[]) => Promise<unknown>;

/** A PostgreSQL error as the drivers report one: a relation the query needs is gone (SQLSTATE 42P01). */
export const missingRelation = () =>
  Object.assign(new Error('relation "books" does not exist'), { code: "42P01", severity: "ERROR" });

/**
 * Makes the database fail the queries whose SQL matches `pattern` (with `error`, by default a missing
 * relation), on either driver, until the returned function is called; every other query runs as usual.
 * How one part of a page meets a broken query while the rest of the database answers.
 */
export function failQueries(db: Db, pattern: RegExp, error: () => Error = missingRelation): () => void {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | null)?.text ?? "");
    return pattern.test(text) ? Promise.reject(error()) : original.apply(this, args);
  };
  return () => {
    client.query = original;
  };
}
