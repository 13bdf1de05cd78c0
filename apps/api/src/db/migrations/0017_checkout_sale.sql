-- A sale written in one call (modules/checkout/record-sale.ts): the buyer, an order per line and its
-- tickets, the answer kept under the buyer's purchase key, the buyer among the partner's fans, the
-- confirmation mail queued, and last the stock guards on the hot rows, so those rows stay locked only
-- from their update to the commit, with no round trip between. One call, one commit: a sale costs
-- little more than the hot-row update it cannot avoid.
--
-- Lock order: ticket types by ascending id, then the day, then promo rows, as every writer of stock
-- takes them (refunds too); the caller sends the lines sorted by ticket type.
--
-- A guard that fails raises, and the whole call rolls back: SQLSTATE P0001 with the message
-- 'type_sold_out', 'day_sold_out' or 'promo_used_up'; 'superseded' when the purchase key was taken
-- over by a retry meanwhile.
--
-- p: { partner_id, event_id, event_day_id, event_name, payment_ref, created_at?,
--      buyer: { email, full_name } | buyer_id,
--      lines: [{ ticket_type_id, name, quantity, unit_price_cents, promocode_id, codes: [text] }],
--      attempt: { id, claimed_at } | null, mail: boolean }
-- Answers the checkout's answer: { order_ids, total, tickets: [{ ID, code, ticket_type, price }] }.
CREATE FUNCTION "record_sale"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
