import type { LoadContext } from "~/context";

/**
 * What a shop page's composition needs from the request: the database and config for its queries, the
 * log and request id so a part that fails on its own is logged against the request (page-parts.server.ts).
 */
export type PageContext = Pick<LoadContext, "db" | "config" | "log" | "requestId">;

/** A composed page: its data, and whether a part was left out (then no cache may keep it). */
export interface ComposedPage<T> {
  page: T;
  partial: boolean;
}
