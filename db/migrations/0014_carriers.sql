CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"box_subscription_id" integer,
	"box_period" text,
	"carrier" text NOT NULL,
	"kind" text NOT NULL,
	"service" text NOT NULL,
	"service_code" text NOT NULL,
	"branch_id" text,
	"reference" text NOT NULL,
	"tracking_number" text,
	"label" "bytea",
	"status" text DEFAULT 'creating' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "shipments_source_check" CHECK (num_nonnulls("shipments"."order_id", "shipments"."box_subscription_id") = 1),
	CONSTRAINT "shipments_box_period_check" CHECK (("shipments"."box_subscription_id" is null) = ("shipments"."box_period" is null)),
	CONSTRAINT "shipments_carrier_check" CHECK ("shipments"."carrier" in ('correo_argentino', 'andreani')),
	CONSTRAINT "shipments_kind_check" CHECK ("shipments"."kind" in ('home', 'branch')),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('creating', 'created', 'in_transit', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "shipments_tracking_check" CHECK ("shipments"."status" not in ('created', 'in_transit', 'delivered') or "shipments"."tracking_number" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_choice" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_box_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("box_subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_once_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."order_id" is not null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_box_once_idx" ON "shipments" USING btree ("box_subscription_id","box_period") WHERE "shipments"."box_subscription_id" is not null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("carrier","tracking_number") WHERE "shipments"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX "shipments_poll_idx" ON "shipments" USING btree ("status","next_poll_at");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_check" CHECK (("orders"."carrier" is null and "orders"."carrier_choice" is null) or ("orders"."carrier" in ('correo_argentino', 'andreani') and "orders"."carrier_choice" is not null and "orders"."delivery_method" = 'shipping'));