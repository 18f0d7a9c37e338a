CREATE TABLE "cash_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"fair_id" integer,
	"opening_float_cents" integer DEFAULT 0 NOT NULL,
	"cash_sales_cents" integer NOT NULL,
	"sales_count" integer NOT NULL,
	"expected_cents" integer NOT NULL,
	"counted_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"note" text,
	"closed_by_id" integer,
	"closed_by_name" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_closings_day_place" UNIQUE NULLS NOT DISTINCT("day","fair_id"),
	CONSTRAINT "cash_closings_amounts" CHECK ("cash_closings"."opening_float_cents" >= 0 and "cash_closings"."cash_sales_cents" >= 0 and "cash_closings"."counted_cents" >= 0 and "cash_closings"."sales_count" >= 0 and "cash_closings"."expected_cents" = "cash_closings"."opening_float_cents" + "cash_closings"."cash_sales_cents" and "cash_closings"."difference_cents" = "cash_closings"."counted_cents" - "cash_closings"."expected_cents")
);
--> statement-breakpoint
ALTER TABLE "cash_closings" ADD CONSTRAINT "cash_closings_fair_id_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."fairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closings" ADD CONSTRAINT "cash_closings_closed_by_id_admin_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE VIEW "public"."sale_record_lines" AS (
  select 'order'::text as source, i.order_id as record_id, i.id as line_id, i.book_id, i.title, i.author,
         i.quantity, i.unit_price_cents, i.line_total_cents, i.net_cents, i.tax_cents,
         'online'::text as channel, null::integer as fair_id,
         case when o.status in ('paid', 'shipped', 'delivered') then 'paid' else o.status end as status,
         coalesce(o.paid_at, o.created_at) as sold_at, null::integer as seller_id
  from order_items i join orders o on o.id = i.order_id
  union all
  select 'sale'::text, i.sale_id, i.id, i.book_id, i.title, i.author, i.quantity, i.unit_price_cents,
         i.line_total_cents, i.net_cents, i.tax_cents, s.channel, s.fair_id, s.status, s.sold_at, s.seller_id
  from sale_items i join sales s on s.id = i.sale_id);--> statement-breakpoint
CREATE VIEW "public"."sale_records" AS (
  select 'order'::text as source, o.id, o.number, 'online'::text as channel, null::integer as fair_id,
         case when o.status in ('paid', 'shipped', 'delivered') then 'paid' else o.status end as status,
         o.payment_method, o.email,
         nullif(btrim(o.first_name || ' ' || o.last_name), '') as customer_name,
         o.subtotal_cents, o.code_discount_cents + o.transfer_discount_cents as discount_cents,
         o.shipping_cents, o.total_cents, coalesce(o.paid_at, o.created_at) as sold_at, o.created_at,
         null::integer as seller_id, null::text as seller_name
  from orders o
  union all
  select 'sale'::text, s.id, s.number, s.channel, s.fair_id, s.status, s.payment_method, s.customer_email,
         nullif(btrim(coalesce(s.customer_legal_name, '')), ''), s.subtotal_cents, s.discount_cents, 0,
         s.total_cents, s.sold_at, s.created_at, s.seller_id, s.seller_name
  from sales s);