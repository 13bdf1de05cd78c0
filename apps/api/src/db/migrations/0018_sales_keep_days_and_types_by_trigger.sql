ALTER TABLE "orders" DROP CONSTRAINT "orders_event_day_id_event_days_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_ticket_type_id_ticket_types_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_event_day_id_event_days_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk";
--> statement-breakpoint
-- The keys above locked the hot stock rows once more per order and ticket of a sale (schema/commerce.ts,
-- `orders`). What their `restrict` guaranteed stays: a day or a ticket type with orders cannot be
-- deleted, refused with the same error code. A delete waits for a sale holding the row, then sees its
-- orders. Every ticket belongs to an order of its day and type, so the orders decide.
CREATE FUNCTION "keep_sold_stock_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_TABLE_NAME = 'ticket_types' AND EXISTS (SELECT 1 FROM orders WHERE ticket_type_id = OLD.id))
    OR (TG_TABLE_NAME = 'event_days' AND EXISTS (SELECT 1 FROM orders WHERE event_day_id = OLD.id)) THEN
    RAISE EXCEPTION 'delete on table "%" would remove rows that orders refer to', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ticket_types_keep_sold" BEFORE DELETE ON "ticket_types"
  FOR EACH ROW EXECUTE FUNCTION "keep_sold_stock_rows"();
--> statement-breakpoint
CREATE TRIGGER "event_days_keep_sold" BEFORE DELETE ON "event_days"
  FOR EACH ROW EXECUTE FUNCTION "keep_sold_stock_rows"();
