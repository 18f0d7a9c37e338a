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
