import { sql } from "drizzle-orm";
import { todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { books } from "~db/schema";

export interface CatalogueFigures {
  books: number;
  published: number;
  outOfStock: number;
  lowStock: number;
  preorders: number;
  featured: number;
}

/** Books at or under this stock show as "poco stock" on the dashboard. */
export const LOW_STOCK = 3;

/** The catalogue at a glance, in one query. Later areas add their own figures beside these. */
export async function catalogueFigures(db: Db, today = todayInBuenosAires()): Promise<CatalogueFigures> {
  const preorder = sql`${books.preorderReleaseDate} > ${today}::date`;
  const [row] = await db
    .select({
      books: sql<number>`count(*)`.mapWith(Number),
      published: sql<number>`count(*) filter (where ${books.published})`.mapWith(Number),
      outOfStock:
        sql<number>`count(*) filter (where ${books.published} and ${books.available} and ${books.stock} <= 0 and not coalesce(${preorder}, false))`.mapWith(
          Number,
        ),
      lowStock:
        sql<number>`count(*) filter (where ${books.published} and ${books.available} and ${books.stock} between 1 and ${LOW_STOCK} and not coalesce(${preorder}, false))`.mapWith(
          Number,
        ),
      preorders: sql<number>`count(*) filter (where ${books.published} and coalesce(${preorder}, false))`.mapWith(
        Number,
      ),
      featured: sql<number>`count(*) filter (where ${books.featured})`.mapWith(Number),
    })
    .from(books);
  return row ?? { books: 0, published: 0, outOfStock: 0, lowStock: 0, preorders: 0, featured: 0 };
}
