import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One picture of a book, in display order (position 1 is the cover). */
export interface BookImage {
  id: number;
  src: string;
  alt?: string;
}

/**
 * The catalogue. Money is integer centavos (`*_cents`); the API turns it into pesos at the edge.
 * A book is a pre-order while `preorder_release_date` is in the future: no flag to forget to flip.
 * `search_text` is the normalised (lower-case, unaccented) title + author + category that search matches
 * with pg_trgm; `f_unaccent` is the immutable wrapper created in the first migration.
 */
export const books = pgTable(
  "books",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    author: text("author").notNull().default(""),
    description: text("description").notNull().default(""),
    genre: text("genre"),
    /** Display categories separated by ", " (the spec's `category` string). */
    category: text("category").notNull().default(""),
    publisher: text("publisher"),
    priceCents: integer("price_cents"),
    promotionalPriceCents: integer("promotional_price_cents"),
    coverUrl: text("cover_url"),
    images: jsonb("images").$type<BookImage[]>().notNull().default([]),
    available: boolean("available").notNull().default(true),
    published: boolean("published").notNull().default(true),
    stock: integer("stock").notNull().default(0),
    featured: boolean("featured").notNull().default(false),
    featuredOrder: integer("featured_order").notNull().default(0),
    preorderReleaseDate: date("preorder_release_date"),
    preorderPriceCents: integer("preorder_price_cents"),
    preorderCount: integer("preorder_count").notNull().default(0),
    preorderLimit: integer("preorder_limit"),
    sku: text("sku"),
    isbn: text("isbn"),
    pages: integer("pages"),
    weightGrams: integer("weight_grams"),
    freeShipping: boolean("free_shipping").notNull().default(false),
    audiobookUrl: text("audiobook_url"),
    externalProductId: text("external_product_id"),
    externalVariantId: text("external_variant_id"),
    externalHandle: text("external_handle"),
    externalUrl: text("external_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    searchText: text("search_text").generatedAlwaysAs(
      sql`f_unaccent(lower(title || ' ' || author || ' ' || category || ' ' || coalesce(genre, '')))`,
    ),
  },
  (t) => [
    index("books_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("books_listing_idx").on(t.published, t.available, t.id),
    index("books_featured_idx").on(t.featured, t.featuredOrder),
    index("books_external_product_idx").on(t.externalProductId),
    check("books_stock_non_negative", sql`${t.stock} >= 0`),
    check("books_price_non_negative", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "books_preorder_count_within_limit",
      sql`${t.preorderCount} >= 0 and (${t.preorderLimit} is null or ${t.preorderCount} <= ${t.preorderLimit})`,
    ),
  ],
);

/**
 * The shop's main categories (the spec's keys: literatura-ficcion, filosofia-pensamiento, arte-diseno,
 * peow-studios). Membership is data: a book belongs when its genre, one of its display categories, or a
 * keyword (whole word, in title or categories) matches.
 */
export const categories = pgTable("categories", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
  categoryNames: text("category_names").array().notNull().default(sql`'{}'::text[]`),
  keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
});

export const genres = pgTable("genres", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull().unique(),
  categoryKey: text("category_key")
    .notNull()
    .references(() => categories.key, { onUpdate: "cascade" }),
});

/** Key-value settings edited in /admin/ajustes (bank details, shipping table, contact data...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
