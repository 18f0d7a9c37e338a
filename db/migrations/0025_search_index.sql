CREATE INDEX "books_title_exact_idx" ON "books" USING btree ("title_search");--> statement-breakpoint
CREATE INDEX "books_search_walk_idx" ON "books" USING btree ("id","published","search_text");