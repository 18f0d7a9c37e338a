import { and, asc, desc, or, type SQL, sql } from "drizzle-orm";
import { escapeLike } from "~/lib/like";
import type { Db } from "~db/index";
import { books, searchWords } from "~db/schema";
import { catalogColumns } from "./book-view.server";

/**
 * Search that forgives case, accents and a typo. The query and the normalised columns (`search_text`:
 * title, author, categories and genre; `title_search`: the title) are lower-case and unaccented.
 *
 * - A book matches when its text contains every word of the query, in any order ("fierro martin").
 *   Books whose title contains them come first, then the rest, newest first within each group.
 * - Only when no book contains the words does search forgive a typo: each word that no book has is
 *   replaced by the closest word that some book has (`search_words`, by pg_trgm similarity:
 *   "sarmineto" -> "sarmiento", "memoira" -> "memoria"), and the search runs again with those.
 *
 * Why this way: "contains" can use the trigram indexes, and "newest first" lets the database walk the
 * primary key backwards and stop after one page for a common word, so a search costs about the same at
 * 100,000 books as at 1,000. Scoring every book by similarity to the query cannot stop early (seconds at
 * 100,000 books); the dictionary of words grows far slower than the catalogue.
 */
/** At most this many words count (a pasted sentence is not a reason to scan with 40 patterns). */
const MAX_WORDS = 6;

/** Trims, collapses spaces and caps the length so a pasted essay does not become a costly query. */
export function normaliseSearch(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
}

function words(query: string): string[] {
  return normaliseSearch(query).split(" ").filter(Boolean).slice(0, MAX_WORDS);
}

const normalised = (text: string) => sql`f_unaccent(lower(${text}))`;

function containsEvery(column: typeof books.searchText | typeof books.titleSearch, query: string): SQL {
  const patterns = words(query).map((word) => sql`${column} like '%' || f_unaccent(lower(${escapeLike(word)})) || '%'`);
  return and(...patterns) ?? sql`true`;
}

/** The book's text contains every word of the query. */
export const textContains = (query: string): SQL => containsEvery(books.searchText, query);

/** The book's title contains every word of the query. */
export const titleContains = (query: string): SQL => containsEvery(books.titleSearch, query);

/**
 * Close enough to forgive a typo (see the module comment): pg_trgm's word similarity reaches
 * `WORD_SIMILARITY_THRESHOLD`, a session setting db/connect.ts makes on every connection.
 */
export const similarTo = (query: string): SQL => sql`${normalised(query)} <% ${books.searchText}`;

/** Contains or is similar, in one condition: for the admin's lists, where a slower search is fine. */
export function searchMatches(query: string): SQL {
  return or(textContains(query), similarTo(query)) ?? sql`false`;
}

/** Title matches first, then newest (the contains search). */
export const containsRank = (query: string): SQL[] => [sql`(${titleContains(query)}) desc`, desc(books.id)];

/**
 * The query with each word that no book has replaced by the closest word some book has, or null when
 * there is nothing better to offer (every word is already known, or one has no close word).
 */
export async function correctedQuery(db: Db, query: string): Promise<string | null> {
  const fixed = await Promise.all(
    words(query).map(async (word) => {
      if (word.length < 3) return { word, changed: false };
      const normal = normalised(word);
      const known = sql<boolean>`${searchWords.word} like '%' || f_unaccent(lower(${escapeLike(word)})) || '%'`;
      // One query a word: a known word (some book's word contains it) wins, else the most similar one.
      const [best] = await db
        .select({ word: searchWords.word, known })
        .from(searchWords)
        .where(sql`(${known}) or ${searchWords.word} % ${normal}`)
        .orderBy(sql`(${known}) desc`, sql`similarity(${searchWords.word}, ${normal}) desc`, asc(searchWords.word))
        .limit(1);
      if (!best) return null;
      return best.known ? { word, changed: false } : { word: best.word, changed: true };
    }),
  );
  if (fixed.some((entry) => entry === null) || !fixed.some((entry) => entry?.changed)) return null;
  return fixed.map((entry) => entry?.word).join(" ");
}

export interface SearchPlan {
  /** What is searched: the visitor's words, or the corrected ones when none of theirs matched. */
  query: string;
  corrected: boolean;
  condition: SQL;
  rank: SQL[];
}

const planFor = (query: string, corrected: boolean): SearchPlan => ({
  query,
  corrected,
  condition: textContains(query),
  rank: containsRank(query),
});

/**
 * Runs `run` (a page of results and its total) with the visitor's words; only when that finds nothing,
 * with the corrected words, when there are some and they find something; else the visitor's words' empty
 * answer stands (the page says what was not found). The common case, a search that finds, costs no more
 * statements than the page itself.
 */
export async function searchWithCorrection<R extends { total: number }>(
  db: Db,
  query: string,
  run: (plan: SearchPlan) => Promise<R>,
): Promise<R & { plan: SearchPlan }> {
  const asTyped = planFor(query, false);
  const found = await run(asTyped);
  if (found.total > 0) return { ...found, plan: asTyped };
  const corrected = await correctedQuery(db, query);
  if (!corrected) return { ...found, plan: asTyped };
  const fixed = planFor(corrected, true);
  const retried = await run(fixed);
  return retried.total > 0 ? { ...retried, plan: fixed } : { ...found, plan: asTyped };
}

/**
 * The first `limit` books for `query` among those `where` allows, best first (the header's suggestions
 * and the store API). Title matches and text matches are separate queries so each can stop early.
 */
export async function topMatches(db: Db, query: string, where: SQL | undefined, limit: number) {
  const found = await containing(db, query, where, limit);
  if (found.length > 0) return found;
  const corrected = await correctedQuery(db, query);
  return corrected ? containing(db, corrected, where, limit) : [];
}

async function containing(db: Db, query: string, where: SQL | undefined, limit: number) {
  const inTitle = await db
    .select(catalogColumns)
    .from(books)
    .where(and(where, titleContains(query)))
    .orderBy(desc(books.id))
    .limit(limit);
  if (inTitle.length >= limit) return inTitle;
  // Every title match is also a text match, so the newest `limit + found` text matches hold at least
  // `limit - found` others. (Excluding title matches in SQL would hide from the planner that text and
  // title matches go together, and it could walk the whole table looking for the others.)
  const seen = new Set(inTitle.map((row) => row.id));
  const inText = (
    await db
      .select(catalogColumns)
      .from(books)
      .where(and(where, textContains(query)))
      .orderBy(desc(books.id))
      .limit(limit + inTitle.length)
  )
    .filter((row) => !seen.has(row.id))
    .slice(0, limit - inTitle.length);
  return [...inTitle, ...inText];
}
