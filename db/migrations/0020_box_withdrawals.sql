CREATE TABLE "box_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"reason" text,
	"refund_due" boolean NOT NULL,
	"charge_id" text,
	"refund_cents" integer,
	"refund_idempotency_key" text NOT NULL,
	"refund_reference" text,
	"refund_claimed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_withdrawals_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "box_withdrawals_code_unique" UNIQUE("code"),
	CONSTRAINT "box_withdrawals_refund_positive" CHECK ("box_withdrawals"."refund_cents" is null or "box_withdrawals"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "box_withdrawals" ADD CONSTRAINT "box_withdrawals_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_withdrawals_refund_idx" ON "box_withdrawals" USING btree ("refund_due","refunded_at");