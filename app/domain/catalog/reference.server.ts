import { referenceData } from "~/domain/cache/reference-data.server";
import type { Db } from "~db/index";
import { listAuthors } from "./books.server";
import { type Category, type Genre, listCategories, listGenres } from "./categories.server";
import { countPublishedBooks } from "./public-index.server";

/**
 * The catalogue's reference data for public pages, from memory while no public change happened
 * (app/domain/cache/reference-data.server.ts). None of it depends on stock: it is about published books,
 * their authors and categories, which only admins' writes and syncs change (each calls publicPagesChanged).
 */

export const shopCategories = (db: Db): Promise<Category[]> => referenceData(db, "categories", listCategories);

export const shopGenres = (db: Db): Promise<Genre[]> => referenceData(db, "genres", listGenres);

/** Distinct authors of the published books: the suggestions of the shop's author field (GET /api/autores). */
export const shopAuthors = (db: Db): Promise<string[]> => referenceData(db, "authors", listAuthors);

/** How many books are published: the home's '+N títulos', and the unfiltered shop's total. */
export const publishedCount = (db: Db): Promise<number> => referenceData(db, "published-count", countPublishedBooks);
