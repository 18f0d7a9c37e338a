ALTER TABLE "invoices" ADD COLUMN "arca_request" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_condition" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_document" text;