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
 * categories is listed or is the category's own name (how the Tienda Nube sync files a book), or a keyword appears as a whole word in its title or categories.
 */
export function inCategory(key: string): SQL {
  return sql`exists (
    select 1 from ${categories} c
    where c.key = ${key} and (
      ${books.genre} = any(c.genres)
      or string_to_array(${books.category}, ', ') && (c.category_names || c.name)
      or f_unaccent(lower(${books.title} || ' ' || ${books.category}))
         ~ any (select '\\m' || f_unaccent(lower(k)) || '\\M' from unnest(c.keywords) k)
    )
  )`;
}
