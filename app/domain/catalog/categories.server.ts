import { asc, type SQL, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { books, categories, genres } from "~db/schema";

export type Category = typeof categories.$inferSelect;
export type Genre = typeof genres.$inferSelect;

export function listCategories(db: Db): Promise<Category[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.key));
}

export function listGenres(db: Db): Promise<Genre[]> {
  return db.select().from(genres).orderBy(asc(genres.name));
}

/**
 * A book belongs to category `key` when its genre is one of the category's genres, one of its display
 * categories is listed or is the category's own name (how the Tienda Nube sync files a book), or a keyword
 * appears as a whole word in its title or categories. The database applies those rules when a book or a
 * category is written (`book_category_keys`, migration 0008) and keeps the result in `category_keys`.
 */
export function inCategory(key: string): SQL {
  return sql`${books.categoryKeys} @> array[${key}]::text[]`;
}
