-- What a partner's event list shows changes with its events, their days' dates and capacity, and
-- their ticket types' names and prices; each such change counts here (events/list-cache.ts). Sales
-- and refunds change only sold figures, which the cache compares by themselves, so the checkout's
-- hot rows never touch this table.
CREATE TABLE "event_list_versions" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "event_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_partner int;
  v_row record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    v_partner := v_row.partner_id;
  ELSE
    -- A day or type deleted with its event finds no event: the event's own deletion counted.
    SELECT partner_id INTO v_partner FROM events WHERE id = v_row.event_id;
  END IF;
  IF v_partner IS NOT NULL THEN
    INSERT INTO event_list_versions AS v (partner_id, version) VALUES (v_partner, 1)
      ON CONFLICT (partner_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_list_changed"();--> statement-breakpoint
CREATE TRIGGER "event_days_list_changed" AFTER INSERT OR DELETE OR UPDATE OF event_id, start_date, end_date, quantity
  ON "event_days" FOR EACH ROW EXECUTE FUNCTION "event_list_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_types_list_changed" AFTER INSERT OR DELETE OR UPDATE OF event_id, name, amount, initial_price_cents
  ON "ticket_types" FOR EACH ROW EXECUTE FUNCTION "event_list_changed"();
