import { and, asc, desc, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { escapeLike } from "~/lib/like";
import type { Db } from "~db/index";
import { books, searchWords } from "~db/schema";
import { catalogColumns } from "./book-view.server";

/**
 * Search that forgives case, accents and a typo. The query and the normalised columns (`search_text`:
 * title, author, categories and genre; `title_search`: the title) are lower-case and unaccented.
 *
 * - A book matches when its text contains every word of the query, in any order ("fierro martin").
 * - Relevance, best first: books whose whole title or whole author is the query ("facundo", "horacio
 *   quiroga"); then those whose title contains every word; then the rest. Newest first within each.
 * - Only when no book contains the words does search forgive a typo: each word that no book has is
 *   replaced by the closest word that some book has (`search_words`, by pg_trgm similarity:
 *   "sarmineto" -> "sarmiento", "memoira" -> "memoria"), and the search runs again with those.
 * - The count stops at `COUNT_CAP` + 1: past that the shop says "más de 1.000".
 *
 * Why this way (docs/decisions/0057-search-at-scale.md): each of the three groups is an index-ordered
 * read that stops after one page: the exact group through the title and author indexes, the others
 * walking the primary key backwards (newest first) for a common word, or through the trigram indexes
 * for a rare one. Sorting every match by its group instead cannot stop early (88 ms for a word in 6,000
 * of 100,000 books). Scoring every book by similarity to the query cannot stop early either (seconds
 * at 100,000 books); the dictionary of words grows far slower than the catalogue.
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

/** `text` (already normalised) contains every word of the query, each matched literally (`%`, `_`). */
function containsEvery(text: SQL | typeof books.searchText | typeof books.titleSearch, query: string): SQL {
  const patterns = words(query).map((word) => sql`${text} like '%' || f_unaccent(lower(${escapeLike(word)})) || '%'`);
  return and(...patterns) ?? sql`true`;
}

/** The book's text contains every word of the query. */
export const textContains = (query: string): SQL => containsEvery(books.searchText, query);

/** The book's title contains every word of the query. */
export const titleContains = (query: string): SQL => containsEvery(books.titleSearch, query);

/**
 * The book's author contains every word of the query ("borges", "luis borges", the whole name): the shop's
 * author filter, a free text field. `books_author_trgm_idx` answers it; `books_author_norm_idx`, the
 * whole name's equality (exactMatch, "more by this author").
 */
export const authorContains = (query: string): SQL => containsEvery(sql`f_unaccent(lower(${books.author}))`, query);

/**
 * Close enough to forgive a typo (see the module comment): pg_trgm's word similarity reaches
 * `WORD_SIMILARITY_THRESHOLD`, a session setting db/connect.ts makes on every connection.
 */
export const similarTo = (query: string): SQL => sql`${normalised(query)} <% ${books.searchText}`;

/** Contains or is similar, in one condition: for the admin's lists, where a slower search is fine. */
export function searchMatches(query: string): SQL {
  return or(textContains(query), similarTo(query)) ?? sql`false`;
}

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
  /** Every book that contains the words (the ranking is `rankedPage`'s). */
  condition: SQL;
}

const planFor = (query: string, corrected: boolean): SearchPlan => ({
  query,
  corrected,
  condition: textContains(query),
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

/** Past this many matches a search says "más de 1.000" instead of counting them all. */
export const COUNT_CAP = 1000;

/** The whole title, or the whole author, is the query (both have an index that answers `=`). */
export function exactMatch(query: string): SQL {
  const whole = normalised(words(query).join(" "));
  return sql`(${books.titleSearch} = ${whole} or f_unaccent(lower(${books.author})) = ${whole})`;
}

/**
 * Books `offset` to `offset + limit` of the search, best first (see the module comment), in one
 * statement: the three groups, each newest first and without the books of the groups before it, one
 * after the other. PostgreSQL runs the parts of a `union all` in turn and stops as soon as the outer
 * limit is reached, so a page the first groups fill never reads the later ones; and each group stops
 * after `offset + limit` books.
 */
export async function rankedPage(db: Db, query: string, where: SQL | undefined, offset: number, limit: number) {
  const exact = exactMatch(query);
  const inTitle = titleContains(query);
  const group = (rank: number, condition: SQL | undefined, newest: SQL) =>
    db
      .select({ ...catalogColumns, rank: sql<number>`${sql.raw(String(rank))}`.as("rank") })
      .from(books)
      .where(and(where, condition))
      .orderBy(newest)
      .limit(offset + limit);
  const rows = await unionAll(
    // Exact matches are few: `id + 0` keeps the planner from walking the primary key hoping to meet them.
    group(0, exact, sql`${books.id} + 0 desc`),
    group(1, and(inTitle, sql`not ${exact}`), desc(books.id)),
    group(2, and(textContains(query), sql`not (${inTitle})`, sql`not ${exact}`), desc(books.id)),
  )
    .limit(limit)
    .offset(offset);
  // The parts' order is PostgreSQL's doing, not SQL's promise: sorted again, it is certain.
  return rows.sort((a, b) => Number(a.rank) - Number(b.rank) || b.id - a.id).map(({ rank: _rank, ...row }) => row);
}

/**
 * How many books `where` lets through, counting at most `cap`: reading them newest first stops as soon
 * as there are that many (for a common word, after a few thousand rows instead of all of them).
 */
export async function countUpTo(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const found = db.select({ one: sql`1` }).from(books).where(where).orderBy(desc(books.id)).limit(cap).as("found");
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(found);
  return row?.n ?? 0;
}

/**
 * The first `limit` books for `query` among those `where` allows, best first (the header's suggestions
 * and the store API), with the corrected words when the visitor's find nothing.
 */
export async function topMatches(db: Db, query: string, where: SQL | undefined, limit: number) {
  const found = await rankedPage(db, query, where, 0, limit);
  if (found.length > 0) return found;
  const corrected = await correctedQuery(db, query);
  return corrected ? rankedPage(db, corrected, where, 0, limit) : [];
}
