CREATE TABLE "box_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"box_date" date NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_payments_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
--> statement-breakpoint
CREATE TABLE "box_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"frequency_months" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_plans_price_positive" CHECK ("box_plans"."price_cents" > 0),
	CONSTRAINT "box_plans_frequency_check" CHECK ("box_plans"."frequency_months" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "box_subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"frequency_months" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"whatsapp" text NOT NULL,
	"delivery_method" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"pickup_location" text,
	"provider_preapproval_id" text,
	"init_point" text,
	"next_box_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_subscriptions_provider_preapproval_id_unique" UNIQUE("provider_preapproval_id"),
	CONSTRAINT "box_subscriptions_status_check" CHECK ("box_subscriptions"."status" in ('pending', 'active', 'paused', 'cancelled')),
	CONSTRAINT "box_subscriptions_delivery_check" CHECK ("box_subscriptions"."delivery_method" in ('delivery', 'pickup'))
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_resources" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_resources_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "box_payments" ADD CONSTRAINT "box_payments_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_subscription_events" ADD CONSTRAINT "box_subscription_events_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_subscriptions" ADD CONSTRAINT "box_subscriptions_plan_id_box_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."box_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_payments_sub_idx" ON "box_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "box_subscription_events_sub_idx" ON "box_subscription_events" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "box_subscriptions_status_idx" ON "box_subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "box_subscriptions_created_idx" ON "box_subscriptions" USING btree ("created_at");--> statement-breakpoint
-- The public prices (DESIGN §5.2): the admin's plan editor changes them from here on.
INSERT INTO "box_plans" ("id", "label", "description", "price_cents", "original_price_cents", "frequency_months", "active", "position") VALUES
	('monthly', 'Mensual', 'Suscripción mes a mes', 5400000, NULL, 1, true, 1),
	('semiannual', 'Semestral', '6 meses - ahorrás $54.000', 27000000, 32400000, 6, true, 2),
	('quarterly', 'Trimestral', '3 meses', 16200000, NULL, 3, false, 3)
ON CONFLICT ("id") DO NOTHING;
