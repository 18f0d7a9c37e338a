CREATE TABLE "fair_sellers" (
	"fair_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	CONSTRAINT "fair_sellers_fair_id_admin_id_pk" PRIMARY KEY("fair_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "fair_stock" (
	"fair_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sent_quantity" integer DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"short_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fair_stock_fair_id_book_id_pk" PRIMARY KEY("fair_id","book_id"),
	CONSTRAINT "fair_stock_non_negative" CHECK ("fair_stock"."quantity" >= 0 and "fair_stock"."sent_quantity" >= 0 and "fair_stock"."returned_quantity" >= 0 and "fair_stock"."short_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fairs_dates_check" CHECK ("fairs"."ends_on" >= "fairs"."starts_on"),
	CONSTRAINT "fairs_discount_check" CHECK ("fairs"."discount_percent" between 0 and 100),
	CONSTRAINT "fairs_status_check" CHECK ("fairs"."status" in ('planned', 'open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"isbn" text,
	"list_price_cents" integer,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"tax_category" text DEFAULT 'libros' NOT NULL,
	"tax_rate" text DEFAULT 'exento' NOT NULL,
	"line_total_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "sale_items_quantity_positive" CHECK ("sale_items"."quantity" > 0),
	CONSTRAINT "sale_items_price_non_negative" CHECK ("sale_items"."unit_price_cents" >= 0),
	CONSTRAINT "sale_items_discount_check" CHECK ("sale_items"."discount_percent" between 0 and 100),
	CONSTRAINT "sale_items_tax_rate_check" CHECK ("sale_items"."tax_rate" in ('exento', '0', '10.5', '21', '27')),
	CONSTRAINT "sale_items_fiscal_amounts" CHECK ("sale_items"."net_cents" >= 0 and "sale_items"."tax_cents" >= 0 and "sale_items"."net_cents" + "sale_items"."tax_cents" = "sale_items"."line_total_cents")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text GENERATED ALWAYS AS ('VT-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"client_id" text NOT NULL,
	"channel" text NOT NULL,
	"fair_id" integer,
	"status" text DEFAULT 'paid' NOT NULL,
	"payment_method" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"cash_received_cents" integer,
	"change_cents" integer,
	"customer_email" text,
	"customer_cuit" text,
	"customer_legal_name" text,
	"customer_tax_condition" text,
	"customer_document" text,
	"seller_id" integer,
	"seller_name" text NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"stock_short" jsonb,
	"short_reviewed_at" timestamp with time zone,
	"provider_order_id" text,
	"provider_payment_id" text,
	"qr_data" text,
	"note" text,
	"sold_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "sales_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "sales_channel_check" CHECK ("sales"."channel" in ('counter', 'fair')),
	CONSTRAINT "sales_channel_fair_check" CHECK (("sales"."channel" = 'fair') = ("sales"."fair_id" is not null)),
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('pending_payment', 'paid', 'cancelled')),
	CONSTRAINT "sales_payment_check" CHECK ("sales"."payment_method" in ('cash', 'transfer', 'card', 'mercadopago_qr')),
	CONSTRAINT "sales_amounts_check" CHECK ("sales"."subtotal_cents" >= 0 and "sales"."discount_cents" >= 0 and "sales"."total_cents" >= 0 and "sales"."discount_percent" between 0 and 100 and "sales"."subtotal_cents" - "sales"."discount_cents" = "sales"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"location" text NOT NULL,
	"fair_id" integer,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"sale_id" integer,
	"admin_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_location_check" CHECK (("stock_movements"."location" = 'fair') = ("stock_movements"."fair_id" is not null)),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order', 'order_cancelled', 'sale', 'sale_cancelled', 'fair_out', 'fair_back', 'fair_short'))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_source_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "fair_sellers" ADD CONSTRAINT "fair_sellers_fair_id_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_sellers" ADD CONSTRAINT "fair_sellers_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_stock" ADD CONSTRAINT "fair_stock_fair_id_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_stock" ADD CONSTRAINT "fair_stock_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_fair_id_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."fairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_admin_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_fair_id_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_items_book_idx" ON "sale_items" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_client_id_idx" ON "sales" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_idx" ON "sales" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sales_sold_at_idx" ON "sales" USING btree ("sold_at");--> statement-breakpoint
CREATE INDEX "sales_fair_idx" ON "sales" USING btree ("fair_id");--> statement-breakpoint
CREATE INDEX "sales_customer_email_idx" ON "sales" USING btree ("customer_email");--> statement-breakpoint
CREATE INDEX "stock_movements_book_idx" ON "stock_movements" USING btree ("book_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_sale_idx" ON "stock_movements" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "stock_movements_fair_idx" ON "stock_movements" USING btree ("fair_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sale_once_idx" ON "invoices" USING btree ("sale_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."sale_id" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source_check" CHECK (("invoices"."kind" = 'invoice' and num_nonnulls("invoices"."order_id", "invoices"."box_payment_id", "invoices"."sale_id") = 1 and "invoices"."original_invoice_id" is null)
        or ("invoices"."kind" = 'credit_note' and "invoices"."original_invoice_id" is not null));