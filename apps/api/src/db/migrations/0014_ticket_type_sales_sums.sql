ALTER TABLE "ticket_types" ADD COLUMN "tickets_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "tickets_comps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sold_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "retained_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "royalty_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the rows, with the definitions analytics counted by until now (docs/analytics.md):
-- tickets in circulation (valid or listed) split into paid and comps with what was paid, what
-- settled refunds kept, and the royalties of sold resales, per ticket type.
UPDATE "ticket_types" tt SET "tickets_sold" = c.sold, "tickets_comps" = c.comps, "sold_cents" = c.cents
FROM (
  SELECT ticket_type_id, count(*) FILTER (WHERE price_paid_cents > 0) AS sold,
    count(*) FILTER (WHERE price_paid_cents = 0) AS comps, sum(price_paid_cents) AS cents
  FROM "tickets" WHERE status IN ('valid', 'listed') GROUP BY ticket_type_id
) c
WHERE tt.id = c.ticket_type_id;--> statement-breakpoint
UPDATE "ticket_types" tt SET "retained_cents" = k.cents
FROM (
  SELECT t.ticket_type_id, sum(t.price_paid_cents - rt.amount_cents) AS cents
  FROM "refund_tickets" rt JOIN "tickets" t ON t.id = rt.ticket_id
  WHERE t.status = 'refunded' GROUP BY t.ticket_type_id
) k
WHERE tt.id = k.ticket_type_id;--> statement-breakpoint
UPDATE "ticket_types" tt SET "royalty_cents" = r.cents
FROM (
  SELECT t.ticket_type_id, sum(r.royalty_cents) AS cents
  FROM "resales" r JOIN "tickets" t ON t.id = r.ticket_id
  WHERE r.status = 'sold' GROUP BY t.ticket_type_id
) r
WHERE tt.id = r.ticket_type_id;
