-- record_sales: several baskets sold in one transaction (modules/checkout/sale-batches.ts), each as
-- record_sale sells it, each answered on its own: its sale, or what refused it. One statement and one
-- commit for a batch, where each sale was its own: at 20 a transaction PostgreSQL spent 0.63 ms of the
-- machine's CPU a sale, against 1.59 ms one sale a transaction with 20 sales fighting for the rows.
--
-- A refused basket writes nothing, without a subtransaction per basket (with one, two batches at once
-- fell to a quarter of one batch's sales): every stock row the batch may write is locked first, types
-- then days, each by ascending id (the lock order of every writer of stock), so each basket's guards
-- can be checked before it writes, against the rows as the baskets before it left them, exactly as
-- record_sale's own guards would find them. Baskets with a seat hold or a promo code, whose guards
-- are other rows, are sold one by one (record_sale), never here. A batch that fits whole is written
-- set-wise (record_sales_together, below).
-- A batch that fits whole (every type and day has room for all of it, every purchase key is still
-- claimed) is written set-wise: each kind of row in one statement and each hot row updated once,
-- 0.28 ms of the machine's CPU a sale against 0.69 ms for the baskets one by one (docs/benchmarks.md).
-- Its rows and answers are those record_sale writes basket by basket (sale-batches.test.ts compares).
-- The order and ticket ids are drawn first, so each basket's answer can name its own.
-- Without JIT: the planner cannot know how few rows a batch's JSON makes (it guesses a million
-- tickets), and compiling the statement for that took two seconds.
CREATE OR REPLACE FUNCTION "record_sales_together"(ps jsonb) RETURNS jsonb LANGUAGE sql SET jit = off AS $$
WITH b AS MATERIALIZED (
  SELECT x.i, x.p, (x.p->>'partner_id')::int AS partner, (x.p->>'event_id')::int AS event,
    (x.p->>'event_day_id')::int AS day, coalesce((x.p->>'created_at')::timestamptz, now()) AS created,
    (x.p->>'buyer_id')::int AS buyer_id, x.p->'buyer'->>'email' AS email
  FROM jsonb_array_elements(ps) WITH ORDINALITY AS x(p, i)
), buyers AS MATERIALIZED (
  -- The new buyers were written by record_sales before this statement, so its snapshot sees them,
  -- and those another sale wrote meanwhile.
  SELECT b.i, coalesce(k.id, n.id) AS id, coalesce(k.email, n.email) AS email,
    coalesce(k.full_name, n.full_name) AS full_name
  FROM b
  LEFT JOIN users k ON k.id = b.buyer_id
  LEFT JOIN users n ON b.buyer_id IS NULL AND n.email = b.email
), l AS MATERIALIZED (
  SELECT y.i, y.j, y.line, (y.line->>'ticket_type_id')::int AS type, (y.line->>'quantity')::int AS q,
    (y.line->>'unit_price_cents')::int AS unit, nextval(pg_get_serial_sequence('orders', 'id'))::int AS order_id
  FROM (SELECT b.i, z.line, z.j FROM b, jsonb_array_elements(b.p->'lines') WITH ORDINALITY AS z(line, j)
        ORDER BY b.i, z.j) y
), c AS MATERIALIZED (
  SELECT y.i, y.j, y.n, y.code, y.order_id, y.type, y.unit,
    nextval(pg_get_serial_sequence('tickets', 'id'))::int AS ticket_id
  FROM (SELECT l.i, l.j, v.n, v.code, l.order_id, l.type, l.unit
        FROM l, jsonb_array_elements_text(l.line->'codes') WITH ORDINALITY AS v(code, n) ORDER BY l.i, l.j, v.n) y
), orders_written AS (
  INSERT INTO orders (id, partner_id, event_id, event_day_id, ticket_type_id, buyer_id, quantity,
      unit_price_cents, total_cents, promocode_id, transaction_type, payment_ref, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT l.order_id, b.partner, b.event, b.day, l.type, buyers.id, l.q, l.unit, l.unit * l.q, NULL,
      'primary_sold', coalesce(b.p->>'payment_ref', ''), b.created
    FROM l JOIN b ON b.i = l.i JOIN buyers ON buyers.i = l.i ORDER BY l.order_id
), tickets_written AS (
  INSERT INTO tickets (id, partner_id, order_id, event_id, event_day_id, ticket_type_id, owner_id,
      price_paid_cents, code, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT c.ticket_id, b.partner, c.order_id, b.event, b.day, c.type, buyers.id, c.unit, c.code, b.created
    FROM c JOIN b ON b.i = c.i JOIN buyers ON buyers.i = c.i ORDER BY c.ticket_id
), answers AS MATERIALIZED (
  SELECT b.i, b.p, buyers.id AS buyer, buyers.email, jsonb_build_object(
      'order_ids', (SELECT jsonb_agg(l.order_id ORDER BY l.j) FROM l WHERE l.i = b.i),
      'total', (SELECT sum(l.unit::bigint * l.q) FROM l WHERE l.i = b.i)::float8 / 100,
      'tickets', (SELECT jsonb_agg(jsonb_build_object('ID', c.ticket_id, 'code', c.code,
          'ticket_type', l.line->>'name', 'price', c.unit::float8 / 100, 'seat', NULL) ORDER BY c.j, c.n)
        FROM c JOIN l ON l.i = c.i AND l.j = c.j WHERE c.i = b.i)) AS answer
  FROM b JOIN buyers ON buyers.i = b.i
), attempts_answered AS (
  UPDATE checkout_attempts a SET answer = jsonb_build_object('status', 200, 'data', answers.answer)
    FROM answers
    WHERE jsonb_typeof(answers.p->'attempt') = 'object' AND a.id = (answers.p->'attempt'->>'id')::int
      AND a.answer IS NULL AND a.claimed_at::text = answers.p->'attempt'->>'claimed_at'
), fans AS (
  INSERT INTO partner_fans (partner_id, user_id, full_name, email)
    SELECT DISTINCT ON (b.partner, buyers.id) b.partner, buyers.id, buyers.full_name, buyers.email
    FROM b JOIN buyers ON buyers.i = b.i ORDER BY b.partner, buyers.id, b.i
    ON CONFLICT DO NOTHING
), mails AS (
  INSERT INTO mail_queue (kind, recipient, payload)
    SELECT 'ticket_confirmation', answers.email,
      jsonb_build_object('event_name', answers.p->>'event_name', 'tickets', answers.answer->'tickets')
    FROM answers WHERE coalesce((answers.p->>'mail')::boolean, false) ORDER BY answers.i
), sums AS MATERIALIZED (
  SELECT l.type, (b.created AT TIME ZONE e.time_zone)::date AS day,
    sum(CASE WHEN l.unit > 0 THEN l.q ELSE 0 END)::int AS paid, sum(CASE WHEN l.unit > 0 THEN 0 ELSE l.q END)::int AS comps,
    sum(l.unit::bigint * l.q) AS cents
  FROM l JOIN b ON b.i = l.i JOIN events e ON e.id = b.event GROUP BY 1, 2
), types_sold AS (
  UPDATE ticket_types t SET sold = t.sold + s.paid + s.comps, tickets_sold = t.tickets_sold + s.paid,
      tickets_comps = t.tickets_comps + s.comps, sold_cents = t.sold_cents + s.cents
    FROM (SELECT type, sum(paid)::int AS paid, sum(comps)::int AS comps, sum(cents) AS cents FROM sums GROUP BY type) s
    WHERE t.id = s.type
), days_sold AS (
  INSERT INTO ticket_type_sales_days AS s (ticket_type_id, day, sold, comps, sold_cents)
    SELECT type, day, paid, comps, cents FROM sums ORDER BY type, day
    ON CONFLICT (ticket_type_id, day) DO UPDATE SET sold = s.sold + excluded.sold,
      comps = s.comps + excluded.comps, sold_cents = s.sold_cents + excluded.sold_cents
), event_days_sold AS (
  UPDATE event_days d SET sold = d.sold + x.n
    FROM (SELECT b.day, sum(l.q)::int AS n FROM l JOIN b ON b.i = l.i GROUP BY b.day) x WHERE d.id = x.day
)
SELECT jsonb_agg(jsonb_build_object('sale', answer || jsonb_build_object('buyer_id', buyer)) ORDER BY i) FROM answers
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_sales"(ps jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  p jsonb;
  v_out jsonb := '[]';
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(ps) b WHERE b->>'seat_hold' IS NOT NULL
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(b->'lines') l WHERE l->>'promocode_id' IS NOT NULL)) THEN
    RAISE EXCEPTION 'record_sales sells no seat hold or promo code';
  END IF;
  PERFORM 1 FROM ticket_types WHERE id IN (
      SELECT (l->>'ticket_type_id')::int FROM jsonb_array_elements(ps) b, jsonb_array_elements(b->'lines') l)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM event_days WHERE id IN (SELECT (b->>'event_day_id')::int FROM jsonb_array_elements(ps) b)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM checkout_attempts WHERE id IN (
      SELECT (b->'attempt'->>'id')::int FROM jsonb_array_elements(ps) b WHERE jsonb_typeof(b->'attempt') = 'object')
    ORDER BY id FOR UPDATE;

  IF NOT EXISTS (
      SELECT 1 FROM (SELECT (l->>'ticket_type_id')::int AS id, sum((l->>'quantity')::int) AS q
          FROM jsonb_array_elements(ps) b, jsonb_array_elements(b->'lines') l GROUP BY 1) d
        LEFT JOIN ticket_types t ON t.id = d.id
        WHERE t.id IS NULL OR t.sold + t.holds_amount + d.q > t.amount)
    AND NOT EXISTS (
      SELECT 1 FROM (SELECT (b->>'event_day_id')::int AS id, sum((l->>'quantity')::int) AS q
          FROM jsonb_array_elements(ps) b, jsonb_array_elements(b->'lines') l GROUP BY 1) d
        LEFT JOIN event_days e ON e.id = d.id
        WHERE e.id IS NULL OR (e.quantity > 0 AND e.sold + d.q > e.quantity))
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(ps) b
        WHERE jsonb_typeof(b->'attempt') = 'object' AND NOT EXISTS (SELECT 1 FROM checkout_attempts a
          WHERE a.id = (b->'attempt'->>'id')::int AND a.answer IS NULL AND a.claimed_at::text = b->'attempt'->>'claimed_at'))
  THEN
    -- New buyers first, in a statement of their own: the batch's statement then finds them, and
    -- any another sale wrote meanwhile.
    INSERT INTO users (email, full_name)
      SELECT DISTINCT ON (b->'buyer'->>'email') b->'buyer'->>'email', b->'buyer'->>'full_name'
      FROM jsonb_array_elements(ps) WITH ORDINALITY AS x(b, i)
      WHERE b->>'buyer_id' IS NULL ORDER BY b->'buyer'->>'email', i
      ON CONFLICT (email) DO NOTHING;
    RETURN record_sales_together(ps);
  END IF;

  -- In record_sale's order: the type, the purchase key, then the day. A type or day deleted
  -- meanwhile refuses its basket as record_sale would, rather than failing the batch.
  FOR p IN SELECT value FROM jsonb_array_elements(ps) LOOP
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(p->'lines') l
        LEFT JOIN ticket_types t ON t.id = (l->>'ticket_type_id')::int
        WHERE t.id IS NULL OR t.sold + t.holds_amount + (l->>'quantity')::int > t.amount) THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('refusal', 'type_sold_out'));
      CONTINUE;
    END IF;
    IF jsonb_typeof(p->'attempt') = 'object' AND NOT EXISTS (SELECT 1 FROM checkout_attempts
        WHERE id = (p->'attempt'->>'id')::int AND answer IS NULL AND claimed_at::text = p->'attempt'->>'claimed_at') THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('refusal', 'superseded'));
      CONTINUE;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM event_days d WHERE d.id = (p->>'event_day_id')::int AND (d.quantity = 0
        OR d.sold + (SELECT sum((l->>'quantity')::int) FROM jsonb_array_elements(p->'lines') l) <= d.quantity)) THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('refusal', 'day_sold_out'));
      CONTINUE;
    END IF;
    v_out := v_out || jsonb_build_array(jsonb_build_object('sale', record_sale(p)));
  END LOOP;
  RETURN v_out;
END
$$;
