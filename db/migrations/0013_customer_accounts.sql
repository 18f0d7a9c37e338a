CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"items" jsonb NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"zip_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_codes_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"email" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"wishlist_token" text,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_wishlist_token_unique" UNIQUE("wishlist_token")
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_kind_check" CHECK ("stock_alerts"."kind" in ('restock', 'release'))
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"email" text NOT NULL,
	"book_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_email_book_id_pk" PRIMARY KEY("email","book_id")
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_email_customers_email_fk" FOREIGN KEY ("email") REFERENCES "public"."customers"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_open_idx" ON "cart_reminders" USING btree ("email") WHERE "cart_reminders"."sent_at" is null and "cart_reminders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "cart_reminders_due_idx" ON "cart_reminders" USING btree ("remind_at") WHERE "cart_reminders"."sent_at" is null and "cart_reminders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "customer_addresses_email_idx" ON "customer_addresses" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default" ON "customer_addresses" USING btree ("email") WHERE "customer_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "customer_codes_email_idx" ON "customer_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_email_idx" ON "customer_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("book_id","email","kind") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "wishlist_items_book_idx" ON "wishlist_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "box_subscriptions_email_idx" ON "box_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "prize_claims_email_idx" ON "prize_claims" USING btree ("email");--> statement-breakpoint
CREATE INDEX "special_orders_email_idx" ON "special_orders" USING btree ("email");