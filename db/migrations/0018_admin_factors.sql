CREATE TABLE "admin_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"secret" text,
	"last_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "admin_factors_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "admin_factors_kind_check" CHECK ("admin_factors"."kind" in ('totp', 'passkey'))
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "proved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "stage" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "challenge" text;--> statement-breakpoint
ALTER TABLE "admin_factors" ADD CONSTRAINT "admin_factors_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_factors_user_idx" ON "admin_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_user_code_idx" ON "admin_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_stage_check" CHECK ("admin_sessions"."stage" in ('ready', 'factor', 'enrol'));