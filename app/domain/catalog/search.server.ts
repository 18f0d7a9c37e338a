import { type SQL, sql } from "drizzle-orm";
import { books } from "~db/schema";

/**
 * Search that forgives case, accents and a typo: the query and `books.search_text` are both lower-case
 * and unaccented; a book matches when it contains the query or when pg_trgm's word similarity (best
 * matching stretch of the text) reaches the threshold. "sarmineto" scores 0.5 against "sarmiento".
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/** Trims, collapses spaces and caps the length so a pasted essay does not become a costly query. */
export function normaliseSearch(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
}

const normalised = (query: string) => sql`f_unaccent(lower(${query}))`;

export function searchMatches(query: string): SQL {
  const q = normalised(query);
  return sql`(strpos(${books.searchText}, ${q}) > 0 or word_similarity(${q}, ${books.searchText}) >= ${WORD_SIMILARITY_THRESHOLD})`;
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
