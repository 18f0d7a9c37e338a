CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genre" text,
	"category" text DEFAULT '' NOT NULL,
	"publisher" text,
	"price_cents" integer,
	"promotional_price_cents" integer,
	"cover_url" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"featured_order" integer DEFAULT 0 NOT NULL,
	"preorder_release_date" date,
	"preorder_price_cents" integer,
	"preorder_count" integer DEFAULT 0 NOT NULL,
	"preorder_limit" integer,
	"sku" text,
	"isbn" text,
	"pages" integer,
	"weight_grams" integer,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"audiobook_url" text,
	"external_product_id" text,
	"external_variant_id" text,
	"external_handle" text,
	"external_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (f_unaccent(lower(title || ' ' || author || ' ' || category || ' ' || coalesce(genre, '')))) STORED,
	CONSTRAINT "books_slug_unique" UNIQUE("slug"),
	CONSTRAINT "books_stock_non_negative" CHECK ("books"."stock" >= 0),
	CONSTRAINT "books_price_non_negative" CHECK ("books"."price_cents" is null or "books"."price_cents" >= 0),
	CONSTRAINT "books_preorder_count_within_limit" CHECK ("books"."preorder_count" >= 0 and ("books"."preorder_limit" is null or "books"."preorder_count" <= "books"."preorder_limit"))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_key" text NOT NULL,
	CONSTRAINT "genres_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "genres" ADD CONSTRAINT "genres_category_key_categories_key_fk" FOREIGN KEY ("category_key") REFERENCES "public"."categories"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_listing_idx" ON "books" USING btree ("published","available","id");--> statement-breakpoint
CREATE INDEX "books_featured_idx" ON "books" USING btree ("featured","featured_order");--> statement-breakpoint
CREATE INDEX "books_external_product_idx" ON "books" USING btree ("external_product_id");