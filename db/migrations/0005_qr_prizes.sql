CREATE TABLE "prize_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"qr_code_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"dni" text NOT NULL,
	"phone" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_claims_qr_code_id_unique" UNIQUE("qr_code_id")
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"book_title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	CONSTRAINT "qr_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "qr_codes_code_check" CHECK ("qr_codes"."code" ~ '^[A-Z0-9]{1,8}$'),
	CONSTRAINT "qr_codes_status_check" CHECK ("qr_codes"."status" in ('pending', 'validated'))
);
--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_claims_claimed_idx" ON "prize_claims" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "qr_codes_created_idx" ON "qr_codes" USING btree ("created_at");