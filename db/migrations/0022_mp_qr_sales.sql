ALTER TABLE "sales" ADD COLUMN "qr_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "payment_issue" jsonb;