ALTER TABLE "customer_sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session open before this migration proved the email when it signed in.
UPDATE "customer_sessions" SET "verified_at" = "created_at";--> statement-breakpoint
-- Sessions end 30 days after sign-in from now on; ones the old rolling expiry carried further end then.
UPDATE "customer_sessions" SET "expires_at" = "created_at" + interval '30 days' WHERE "expires_at" > "created_at" + interval '30 days';
