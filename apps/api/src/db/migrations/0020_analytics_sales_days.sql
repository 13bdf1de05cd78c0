-- An event's analytics read a handful of rows, whatever the event has sold (modules/analytics/
-- sales-sums.ts): each ticket type keeps how many of its tickets in circulation were admitted, and
-- its sales per calendar day in the event's time zone. Backfilled here from the tickets.
CREATE TABLE "ticket_type_sales_days" (
	"ticket_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"comps" integer DEFAULT 0 NOT NULL,
	"sold_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_type_sales_days_ticket_type_id_day_pk" PRIMARY KEY("ticket_type_id","day")
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "tickets_checked_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type_sales_days" ADD CONSTRAINT "ticket_type_sales_days_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
UPDATE "ticket_types" tt SET "tickets_checked_in" = c.n
  FROM (SELECT ticket_type_id, count(*)::int AS n FROM tickets
    WHERE checked_in_at IS NOT NULL AND status IN ('valid', 'listed') GROUP BY ticket_type_id) c
  WHERE tt.id = c.ticket_type_id;
--> statement-breakpoint
INSERT INTO "ticket_type_sales_days" (ticket_type_id, day, sold, comps, sold_cents)
  SELECT t.ticket_type_id, (t.created_at AT TIME ZONE e.time_zone)::date,
    count(*) FILTER (WHERE t.price_paid_cents > 0), count(*) FILTER (WHERE t.price_paid_cents = 0),
    sum(t.price_paid_cents)
  FROM tickets t JOIN events e ON e.id = t.event_id
  WHERE t.status IN ('valid', 'listed') GROUP BY 1, 2;
--> statement-breakpoint
-- record_sale (0017) also adds each line to its type's sales of the day, after the type's guard.
CREATE OR REPLACE FUNCTION "record_sale"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_partner int := (p->>'partner_id')::int;
  v_day int := (p->>'event_day_id')::int;
  v_created timestamptz := coalesce((p->>'created_at')::timestamptz, now());
  v_buyer int := (p->>'buyer_id')::int;
  v_line jsonb;
  v_order int;
  v_orders jsonb := '[]';
  v_tickets jsonb := '[]';
  v_total bigint := 0;
  v_count int := 0;
  v_answer jsonb;
  v_zone text;
BEGIN
  -- A first look, without locks: a buyer in a rush for the last tickets is refused before anything
  -- is written. The guards at the end decide.
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p->'lines') l JOIN ticket_types t ON t.id = (l->>'ticket_type_id')::int
      WHERE t.sold + t.holds_amount + (l->>'quantity')::int > t.amount) THEN
    RAISE EXCEPTION 'type_sold_out';
  END IF;

  IF v_buyer IS NULL THEN
    INSERT INTO users (email, full_name) VALUES (p->'buyer'->>'email', p->'buyer'->>'full_name')
      ON CONFLICT (email) DO NOTHING RETURNING id INTO v_buyer;
    IF v_buyer IS NULL THEN
      SELECT id INTO v_buyer FROM users WHERE email = p->'buyer'->>'email';
    END IF;
  END IF;

  FOR v_line IN SELECT value FROM jsonb_array_elements(p->'lines') LOOP
    INSERT INTO orders (partner_id, event_id, event_day_id, ticket_type_id, buyer_id, quantity,
        unit_price_cents, total_cents, promocode_id, transaction_type, payment_ref, created_at)
      VALUES (v_partner, (p->>'event_id')::int, v_day, (v_line->>'ticket_type_id')::int, v_buyer,
        (v_line->>'quantity')::int, (v_line->>'unit_price_cents')::int,
        (v_line->>'unit_price_cents')::int * (v_line->>'quantity')::int, (v_line->>'promocode_id')::int,
        'primary_sold', coalesce(p->>'payment_ref', ''), v_created)
      RETURNING id INTO v_order;
    v_orders := v_orders || to_jsonb(v_order);
    WITH issued AS (
      INSERT INTO tickets (partner_id, order_id, event_id, event_day_id, ticket_type_id, owner_id,
          price_paid_cents, code, created_at)
        SELECT v_partner, v_order, (p->>'event_id')::int, v_day, (v_line->>'ticket_type_id')::int, v_buyer,
          (v_line->>'unit_price_cents')::int, code, v_created
        FROM jsonb_array_elements_text(v_line->'codes') WITH ORDINALITY AS c(code, n) ORDER BY n
        RETURNING id, code
    )
    SELECT v_tickets || coalesce(jsonb_agg(jsonb_build_object('ID', id, 'code', code,
        'ticket_type', v_line->>'name', 'price', (v_line->>'unit_price_cents')::float8 / 100) ORDER BY id), '[]')
      INTO v_tickets FROM issued;
    v_total := v_total + (v_line->>'unit_price_cents')::bigint * (v_line->>'quantity')::int;
    v_count := v_count + (v_line->>'quantity')::int;
  END LOOP;

  v_answer := jsonb_build_object('order_ids', v_orders, 'total', v_total::float8 / 100, 'tickets', v_tickets);

  IF p->'attempt' IS NOT NULL AND jsonb_typeof(p->'attempt') = 'object' THEN
    UPDATE checkout_attempts SET answer = jsonb_build_object('status', 200, 'data', v_answer)
      WHERE id = (p->'attempt'->>'id')::int AND answer IS NULL AND claimed_at::text = p->'attempt'->>'claimed_at';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'superseded';
    END IF;
  END IF;

  INSERT INTO partner_fans (partner_id, user_id, full_name, email)
    SELECT v_partner, u.id, u.full_name, u.email FROM users u WHERE u.id = v_buyer
    ON CONFLICT DO NOTHING;

  IF coalesce((p->>'mail')::boolean, false) THEN
    INSERT INTO mail_queue (kind, recipient, payload)
      SELECT 'ticket_confirmation', u.email,
        jsonb_build_object('event_name', p->>'event_name', 'tickets', v_tickets)
      FROM users u WHERE u.id = v_buyer;
  END IF;

  -- The guards, last. A type's also adds the line to its analytics sums (modules/analytics/sales-sums.ts:
  -- paid tickets and comps by price, and what was paid), on the row it locks.
  FOR v_line IN SELECT value FROM jsonb_array_elements(p->'lines') LOOP
    UPDATE ticket_types SET
        sold = sold + (v_line->>'quantity')::int,
        tickets_sold = tickets_sold + CASE WHEN (v_line->>'unit_price_cents')::int > 0 THEN (v_line->>'quantity')::int ELSE 0 END,
        tickets_comps = tickets_comps + CASE WHEN (v_line->>'unit_price_cents')::int > 0 THEN 0 ELSE (v_line->>'quantity')::int END,
        sold_cents = sold_cents + (v_line->>'unit_price_cents')::bigint * (v_line->>'quantity')::int
      WHERE id = (v_line->>'ticket_type_id')::int AND sold + holds_amount + (v_line->>'quantity')::int <= amount;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'type_sold_out';
    END IF;
  END LOOP;

  -- With every type's row locked, the event's zone cannot change before the commit (a zone change
  -- locks them to rebuild the history): the lines join their type's sales of the day.
  SELECT time_zone INTO v_zone FROM events WHERE id = (p->>'event_id')::int;
  INSERT INTO ticket_type_sales_days AS s (ticket_type_id, day, sold, comps, sold_cents)
    SELECT (l->>'ticket_type_id')::int, (v_created AT TIME ZONE v_zone)::date,
      sum(CASE WHEN (l->>'unit_price_cents')::int > 0 THEN (l->>'quantity')::int ELSE 0 END),
      sum(CASE WHEN (l->>'unit_price_cents')::int > 0 THEN 0 ELSE (l->>'quantity')::int END),
      sum((l->>'unit_price_cents')::bigint * (l->>'quantity')::int)
    FROM jsonb_array_elements(p->'lines') l GROUP BY 1 ORDER BY 1
    ON CONFLICT (ticket_type_id, day) DO UPDATE SET sold = s.sold + excluded.sold,
      comps = s.comps + excluded.comps, sold_cents = s.sold_cents + excluded.sold_cents;

  UPDATE event_days SET sold = sold + v_count WHERE id = v_day AND (quantity = 0 OR sold + v_count <= quantity);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'day_sold_out';
  END IF;

  FOR v_line IN SELECT value FROM jsonb_array_elements(p->'lines') WHERE value->>'promocode_id' IS NOT NULL LOOP
    UPDATE promocode_ticket_types SET used = used + (v_line->>'quantity')::int
      WHERE promocode_id = (v_line->>'promocode_id')::int AND ticket_type_id = (v_line->>'ticket_type_id')::int
        AND (quantity = -1 OR used + (v_line->>'quantity')::int <= quantity);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'promo_used_up';
    END IF;
  END LOOP;

  RETURN jsonb_set(v_answer, '{buyer_id}', to_jsonb(v_buyer));
END
$$;
