ALTER TABLE "box_subscriptions" ADD COLUMN "provider_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "books_returned_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (hand-written). A cancelled subscription was cancelled at Mercado Pago by the old paths (or
-- never had a preapproval): its mark is Mercado Pago's confirmation line when there is one, else
-- updated_at. Left unmarked: the ones the old retry still chased (cancelled by the subscriber in the last
-- 30 days, with a preapproval and no confirmation line), so the new retry keeps telling Mercado Pago.
UPDATE "box_subscriptions" s SET "provider_cancelled_at" = coalesce(
  (SELECT max(e."at") FROM "box_subscription_events" e
    WHERE e."subscription_id" = s."id" AND e."source" = 'mercadopago' AND e."to_status" = 'cancelled'),
  s."updated_at")
WHERE s."status" = 'cancelled'
  AND NOT (
    s."provider_preapproval_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "box_subscription_events" e
      WHERE e."subscription_id" = s."id" AND e."source" = 'subscriber' AND e."to_status" = 'cancelled'
        AND e."at" > now() - interval '30 days')
    AND NOT EXISTS (SELECT 1 FROM "box_subscription_events" e
      WHERE e."subscription_id" = s."id" AND e."source" = 'mercadopago' AND e."to_status" = 'cancelled')
  );--> statement-breakpoint
-- A Mercado Pago refund in flight was marked by refund_method on a row still 'cancelled', timed by updated_at.
UPDATE "withdrawals" SET "refund_claimed_at" = "updated_at", "refund_method" = NULL
WHERE "status" = 'cancelled' AND "refund_method" IS NOT NULL;--> statement-breakpoint
-- "Los libros volvieron" was the order's history line.
UPDATE "withdrawals" w SET "books_returned_at" = (
  SELECT min(e."at") FROM "order_events" e
  WHERE e."order_id" = w."order_id" AND e."note" = 'Los libros volvieron a la librería')
WHERE w."books_returned_at" IS NULL;
