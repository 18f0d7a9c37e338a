import { NotFound } from "~/domain/errors";

/** A record id from the URL: anything but a plain positive integer names nothing (404 with `message`). */
export function idParam(raw: string | undefined, message: string): number {
  const id = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1) throw new NotFound(message);
  return id;
}
