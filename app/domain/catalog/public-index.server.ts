import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { books } from "~db/schema";

/** How many books a visitor can find (published), for the home's '+N títulos'. */
export async function countPublishedBooks(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(books)
    .where(eq(books.published, true));
  return row?.n ?? 0;
}

/** Every published book for /sitemap.xml: id and last change, oldest id first (stable output). */
export function sitemapBooks(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: books.id, updatedAt: books.updatedAt })
    .from(books)
    .where(and(eq(books.published, true)))
    .orderBy(asc(books.id));
}
