import { type SQL, sql } from "drizzle-orm";
import { escapeLike } from "~/lib/like";
import { books } from "~db/schema";

/**
 * Search that forgives case, accents and a typo: the query and `books.search_text` are both lower-case
 * and unaccented; a book matches when it contains the query or when pg_trgm's word similarity (best
 * matching stretch of the text) reaches `pg_trgm.word_similarity_threshold`, which db/connect.ts sets
 * to WORD_SIMILARITY_THRESHOLD on every connection ("sarmineto" scores 0.5 against "sarmiento"). Both
 * conditions (`LIKE` and `<%`) can use the trigram GIN index on `search_text`.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/** Trims, collapses spaces and caps the length so a pasted essay does not become a costly query. */
export function normaliseSearch(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
}

const normalised = (query: string) => sql`f_unaccent(lower(${query}))`;

export function searchMatches(query: string): SQL {
  const contains = sql`'%' || f_unaccent(lower(${escapeLike(query)})) || '%'`;
  return sql`(${books.searchText} like ${contains} or ${normalised(query)} <% ${books.searchText})`;
}

/** Best first: the title contains the query, then the text does, then by similarity, then newest. */
export function searchRank(query: string): SQL[] {
  const q = normalised(query);
  return [
    sql`(strpos(f_unaccent(lower(${books.title})), ${q}) > 0) desc`,
    sql`(strpos(${books.searchText}, ${q}) > 0) desc`,
    sql`word_similarity(${q}, ${books.searchText}) desc`,
    sql`${books.id} desc`,
  ];
}
