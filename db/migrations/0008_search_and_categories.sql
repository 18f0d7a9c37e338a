CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_search" text GENERATED ALWAYS AS (f_unaccent(lower(title))) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "category_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A book's categories, by the rules of `categories` (the genre is listed, one of its display categories
-- is listed or is the category's name, or a keyword is a whole word of its title or categories).
CREATE OR REPLACE FUNCTION book_category_keys(p_title text, p_category text, p_genre text) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(array_agg(c.key ORDER BY c.key), '{}'::text[])
    FROM categories c
    WHERE p_genre = any(c.genres)
       OR string_to_array(p_category, ', ') && (c.category_names || c.name)
       OR f_unaccent(lower(p_title || ' ' || p_category))
          ~ any (SELECT '\m' || f_unaccent(lower(k)) || '\M' FROM unnest(c.keywords) k)
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_set_category_keys() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.category_keys := book_category_keys(NEW.title, NEW.category, NEW.genre);
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER books_category_keys BEFORE INSERT OR UPDATE OF title, category, genre ON books
  FOR EACH ROW EXECUTE FUNCTION books_set_category_keys();--> statement-breakpoint
-- When the rules change, every book is filed again (only rows whose categories actually change are written).
CREATE OR REPLACE FUNCTION categories_refile_books() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE books SET category_keys = book_category_keys(title, category, genre)
      WHERE category_keys IS DISTINCT FROM book_category_keys(title, category, genre);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER categories_refile_books AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION categories_refile_books();--> statement-breakpoint
-- The words (with a letter: not years or numbers) of every book's text, for "did you mean" when no book
-- contains a visitor's words. Sorted, so
-- two transactions adding the same new words take their locks in the same order.
CREATE OR REPLACE FUNCTION books_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
      WHERE length(w) >= 3 AND w ~ '[a-z]'
      ORDER BY w
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER books_search_words AFTER INSERT OR UPDATE OF title, author, category, genre ON books
  FOR EACH ROW EXECUTE FUNCTION books_collect_search_words();--> statement-breakpoint
UPDATE books SET category_keys = book_category_keys(title, category, genre);--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM books, regexp_split_to_table(books.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3 AND w ~ '[a-z]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The indexes after the backfill: cheaper than updating them row by row.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_title_trgm_idx" ON "books" USING gin ("title_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_category_keys_idx" ON "books" USING gin ("category_keys");--> statement-breakpoint
CREATE INDEX "books_author_norm_idx" ON "books" USING btree (f_unaccent(lower("author")));--> statement-breakpoint
-- Fresh statistics for the planner (the embedded database runs no autovacuum).
ANALYZE books;--> statement-breakpoint
ANALYZE search_words;
