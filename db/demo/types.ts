/**
 * Shape of one demo-catalogue record. The seed turns these into `books` rows (money in centavos).
 * Everything here is original demo data: public-domain works (in Argentina: authors who died before
 * 1956), described in our own words, with synthetic ISBNs that carry a valid check digit.
 */
export type CategoryKey = "literatura-ficcion" | "filosofia-pensamiento" | "arte-diseno" | "peow-studios";

export interface DemoBook {
  title: string;
  author: string;
  /** 2-4 sentences of original es-AR copy (voseo where it addresses the reader). */
  description: string;
  /** One genre name, exactly as in db/demo/taxonomy.ts `demoGenres[].name`. */
  genre: string;
  /** The category key the book belongs to (must match its genre's category). */
  categoryKey: CategoryKey;
  /** Display categories, joined with ", " into the book's `category` string. */
  categories: string[];
  publisher: string;
  /** Whole pesos (ARS), realistic for Argentina in 2026 (e.g. 14900..89000); null = no price ("Consultar"). */
  priceArs: number | null;
  /** Whole pesos, lower than priceArs, only on a few books. */
  promotionalPriceArs?: number;
  pages: number;
  /** Year of first publication of the work (original language). */
  year: number;
  /** ISBN-13 with a valid check digit, prefix 978-987 (Argentina), unique. Digits only. */
  isbn: string;
  weightGrams: number;
  stock: number;
  available: boolean;
  /** 1..4 for the four featured books, otherwise omitted. */
  featuredOrder?: number;
  freeShipping?: boolean;
  /** Pre-order: release date as days from "today" when seeding (positive), price and limits. */
  preorder?: { releaseInDays: number; priceArs: number; limit?: number; count: number };
  /** Link to the audiobook on the partner store, for a few classics. */
  audiobookUrl?: string;
  /** File name (without folder) of the generated cover in public/images/books/, e.g. "facundo.svg". */
  cover: string;
}
