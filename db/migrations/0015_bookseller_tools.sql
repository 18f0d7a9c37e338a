CREATE TABLE "price_update_items" (
	"update_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"old_price_cents" integer,
	"new_price_cents" integer,
	"old_promotional_price_cents" integer,
	"new_promotional_price_cents" integer,
	"old_preorder_price_cents" integer,
	"new_preorder_price_cents" integer,
	CONSTRAINT "price_update_items_update_id_book_id_pk" PRIMARY KEY("update_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "price_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_email" text NOT NULL,
	"scope" jsonb NOT NULL,
	"change" jsonb NOT NULL,
	"book_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "publication_year" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "price_update_items" ADD CONSTRAINT "price_update_items_update_id_price_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."price_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_update_items" ADD CONSTRAINT "price_update_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_update_items_book_idx" ON "price_update_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "books_isbn_idx" ON "books" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "books_sku_idx" ON "books" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_publication_year_range" CHECK ("books"."publication_year" is null or "books"."publication_year" between 1400 and 2200);