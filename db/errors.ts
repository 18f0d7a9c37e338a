/**
 * PostgreSQL error codes as both drivers report them: node-postgres puts `code` on the error, PGlite too,
 * and Drizzle may wrap either in an error whose `cause` carries it.
 */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string") return own;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === "string" ? cause : undefined;
}

/** A unique index refused the row (e.g. a code that already exists). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";

/** A foreign key refused the change (e.g. deleting a row another table still references). */
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === "23503";

/** Network failures reaching the server (refused, reset, cut, unreachable, name lookup failed). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The database cannot be reached right now: the connection was refused or cut, the server is shutting
 * down or starting up (SQLSTATE 57P01-57P03), or any connection exception (class 08). Such an error says
 * nothing about the request, so it is answered 503 ("try again") instead of 500. Walks Drizzle's `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    // An HTTP call to another service (fetch) fails with the same network codes: not the database.
    if (message === "fetch failed") return false;
    if (typeof code === "string" && (UNREACHABLE.has(code) || /^(08...|57P0[123])$/.test(code))) return true;
    if (
      typeof message === "string" &&
      /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
