CREATE TABLE "arca_sandbox_vouchers" (
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer NOT NULL,
	"cae" text NOT NULL,
	"cae_expiry" date NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sandbox_vouchers_cuit_point_of_sale_voucher_type_number_pk" PRIMARY KEY("cuit","point_of_sale","voucher_type","number")
);
--> statement-breakpoint
CREATE TABLE "arca_tickets" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"service" text NOT NULL,
	"token" text,
	"sign" text,
	"expires_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_tickets_environment_cuit_service_pk" PRIMARY KEY("environment","cuit","service")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"environment" text NOT NULL,
	"issuer_cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"holder" text,
	"locked_until" timestamp with time zone,
	CONSTRAINT "invoice_sequences_environment_issuer_cuit_point_of_sale_voucher_type_pk" PRIMARY KEY("environment","issuer_cuit","point_of_sale","voucher_type")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"box_payment_id" integer,
	"original_invoice_id" integer,
	"reason" text,
	"environment" text,
	"issuer_cuit" text NOT NULL,
	"issuer_tax_condition" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer,
	"issued_on" date,
	"cae" text,
	"cae_expiry" date,
	"receiver_doc_type" integer NOT NULL,
	"receiver_doc_number" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_tax_condition" integer NOT NULL,
	"receiver_address" text,
	"receiver_email" text NOT NULL,
	"total_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"exempt_cents" integer NOT NULL,
	"vat" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"last_error" text,
	"observations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('pending', 'issuing', 'issued', 'failed', 'cancelled')),
	CONSTRAINT "invoices_source_check" CHECK (("invoices"."kind" = 'invoice' and num_nonnulls("invoices"."order_id", "invoices"."box_payment_id") = 1 and "invoices"."original_invoice_id" is null)
        or ("invoices"."kind" = 'credit_note' and "invoices"."original_invoice_id" is not null)),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."net_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."exempt_cents" >= 0 and "invoices"."net_cents" + "invoices"."vat_cents" + "invoices"."exempt_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_issued_check" CHECK ("invoices"."status" <> 'issued' or ("invoices"."cae" is not null and "invoices"."number" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_cuit" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_box_payment_id_box_payments_id_fk" FOREIGN KEY ("box_payment_id") REFERENCES "public"."box_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_invoice_id_invoices_id_fk" FOREIGN KEY ("original_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_once_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_box_payment_once_idx" ON "invoices" USING btree ("box_payment_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."box_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_once_idx" ON "invoices" USING btree ("original_invoice_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("environment","issuer_cuit","point_of_sale","voucher_type","number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");