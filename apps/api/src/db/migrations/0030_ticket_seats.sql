ALTER TABLE "tickets" ADD COLUMN "seat_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resales_order_idx" ON "resales" USING btree ("order_id") WHERE "resales"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_seat_idx" ON "tickets" USING btree ("seat_id") WHERE "tickets"."seat_id" is not null;
--> statement-breakpoint
-- record_sale (0017, 0020) also sells a seat hold's seats (modules/checkout/record-sale.ts): p.seat_hold
-- names the hold and each line's seat_ids (one per code, in order) the seats its tickets take. The
-- seats are locked first, in ascending order, then the tickets carry them and the rows turn sold, in
-- the sale's one transaction; a seat no longer this hold's raises 'seats_not_held'. Each ticket of the
-- answer (and of the mail) says its seat: { section, row, label }, or null.
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
  v_hold uuid := (p->>'seat_hold')::uuid;
  v_held int;
BEGIN
  -- A first look, without locks: a buyer in a rush for the last tickets is refused before anything
  -- is written. The guards at the end decide.
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p->'lines') l JOIN ticket_types t ON t.id = (l->>'ticket_type_id')::int
      WHERE t.sold + t.holds_amount + (l->>'quantity')::int > t.amount) THEN
    RAISE EXCEPTION 'type_sold_out';
  END IF;

  -- The hold's seats, locked in ascending seat order as every hold takes them (modules/seating/holds.ts),
  -- before any ticket names them: each must still be this hold's. One run out can still be sold when
  -- nobody took it over.
  IF v_hold IS NOT NULL THEN
    SELECT count(*) INTO v_held FROM (
      SELECT 1 FROM event_day_seats
        WHERE event_day_id = v_day AND hold_token = v_hold AND state = 'reserved'
          AND seat_id IN (SELECT s::int FROM jsonb_array_elements(p->'lines') l, jsonb_array_elements_text(l->'seat_ids') s)
        ORDER BY seat_id FOR UPDATE) held;
    IF v_held <> (SELECT count(*) FROM jsonb_array_elements(p->'lines') l, jsonb_array_elements(l->'seat_ids')) THEN
      RAISE EXCEPTION 'seats_not_held';
    END IF;
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
    -- A seated line's tickets take its seats in order, and each seat turns sold to its ticket.
    WITH issued AS (
      INSERT INTO tickets (partner_id, order_id, event_id, event_day_id, ticket_type_id, owner_id,
          price_paid_cents, code, seat_id, created_at)
        SELECT v_partner, v_order, (p->>'event_id')::int, v_day, (v_line->>'ticket_type_id')::int, v_buyer,
          (v_line->>'unit_price_cents')::int, code, (v_line->'seat_ids'->>(n::int - 1))::int, v_created
        FROM jsonb_array_elements_text(v_line->'codes') WITH ORDINALITY AS c(code, n) ORDER BY n
        RETURNING id, code, seat_id
    ), sold AS (
      UPDATE event_day_seats ds SET state = 'sold', ticket_id = i.id, hold_token = NULL, expires_at = NULL
        FROM issued i WHERE ds.event_day_id = v_day AND ds.seat_id = i.seat_id AND ds.hold_token = v_hold
    )
    SELECT v_tickets || coalesce(jsonb_agg(jsonb_build_object('ID', i.id, 'code', i.code,
        'ticket_type', v_line->>'name', 'price', (v_line->>'unit_price_cents')::float8 / 100,
        'seat', CASE WHEN s.id IS NULL THEN NULL
          ELSE jsonb_build_object('section', ss.name, 'row', s.row_label, 'label', s.label) END) ORDER BY i.id), '[]')
      INTO v_tickets
      FROM issued i LEFT JOIN seats s ON s.id = i.seat_id LEFT JOIN seat_sections ss ON ss.id = s.section_id;
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
