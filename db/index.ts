import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/**
 * The database as every domain function sees it: the same Drizzle API whether it runs on the embedded
 * PGlite or on PostgreSQL through `pg`.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type { BookImage } from "./schema";
