CREATE TABLE "box_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"box_period" text NOT NULL,
	"picked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "box_pickups_period_check" CHECK ("box_pickups"."box_period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "box_withdrawals" ADD COLUMN "box_handed_over" text;--> statement-breakpoint
ALTER TABLE "box_withdrawals" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "box_pickups" ADD CONSTRAINT "box_pickups_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_pickups_once_idx" ON "box_pickups" USING btree ("subscription_id","box_period");--> statement-breakpoint
CREATE INDEX "box_withdrawals_created_idx" ON "box_withdrawals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "box_withdrawals" ADD CONSTRAINT "box_withdrawals_handed_over_check" CHECK ("box_withdrawals"."box_handed_over" in ('shipped', 'picked_up'));