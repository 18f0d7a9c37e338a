import { NotFound } from "~/domain/errors";

/**
 * The one rule for a record id written in a URL, a form or a signed token: a plain positive integer of at
 * most 9 digits (so it fits the int columns), else null. " 12", "1e3", "0x10" and "0" name nothing.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** A record id from the URL: anything but a plain positive integer names nothing (404 with `message`). */
export function idParam(raw: unknown, message: string): number {
  const id = parseId(raw);
  if (id === null) throw new NotFound(message);
  return id;
}

/**
 * `record[key]` for a key that came from outside (a URL's action, a form's intent), only when it is the
 * record's own: "__proto__", "constructor" or "toString" are nothing, never an inherited function.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
