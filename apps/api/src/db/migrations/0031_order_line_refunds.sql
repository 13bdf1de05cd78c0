ALTER TABLE "orders" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Lines refunded before: their refund as the orders page added it up per line until now.
UPDATE "orders" o SET "refund_cents" = x.cents, "refunded_at" = x.at
FROM (
  SELECT t.order_id, sum(rt.amount_cents)::int AS cents, max(r.created_at) AS at
  FROM tickets t
  JOIN refund_tickets rt ON rt.ticket_id = t.id
  JOIN refunds r ON r.id = rt.refund_id
  GROUP BY t.order_id
) x
WHERE o.id = x.order_id AND o.transaction_type = 'refunded';
