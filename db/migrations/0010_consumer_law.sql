CREATE TABLE "box_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancellation_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_cancellations_cancellation_code_unique" UNIQUE("cancellation_code")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"refund_method" text,
	"refund_cents" integer,
	"refund_idempotency_key" text NOT NULL,
	"refund_reference" text,
	"refunded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "withdrawals_code_unique" UNIQUE("code"),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'cancelled', 'refunded')),
	CONSTRAINT "withdrawals_refund_method_check" CHECK ("withdrawals"."refund_method" is null or "withdrawals"."refund_method" in ('mercadopago', 'transfer')),
	CONSTRAINT "withdrawals_refund_positive" CHECK ("withdrawals"."refund_cents" is null or "withdrawals"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "tax_category" text DEFAULT 'libros' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_category" text DEFAULT 'libros' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" text DEFAULT 'exento' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "line_total_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
-- Lines placed before this migration were books (exento) with no discount shared out: net = what they cost.
UPDATE "order_items" SET "line_total_cents" = "unit_price_cents" * "quantity", "net_cents" = "unit_price_cents" * "quantity", "tax_cents" = 0;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "line_total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "net_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "tax_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_cancellations_email_idx" ON "box_cancellations" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tax_rate_check" CHECK ("order_items"."tax_rate" in ('exento', '0', '10.5', '21', '27'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_fiscal_amounts" CHECK ("order_items"."net_cents" >= 0 and "order_items"."tax_cents" >= 0 and "order_items"."net_cents" + "order_items"."tax_cents" = "order_items"."line_total_cents");