import { sql, type SQL } from 'drizzle-orm';
import { statementShapes, type Db } from '../../db/client.ts';
import { batchedPerDatabase } from '../../lib/batched.ts';
import { notFound } from '../../lib/http-error.ts';
import { sentAnswer, successBody, type SentAnswer } from '../../lib/kept-answer.ts';
import { dollarsSql } from '../../lib/money.ts';
import { isoUtc } from '../../lib/sql-time.ts';
import { events, ticketTypes } from '../../db/schema/index.ts';

/** A ticket type is on sale from its own selling time, or else the event's; without one, at once. */
export const onSaleCondition = (now: Date | SQL) =>
  sql`coalesce(${ticketTypes.sellingTime}, ${events.sellingTime}, '-infinity'::timestamptz) <= ${now instanceof Date ? now.toISOString() : now}::timestamptz`;

const listShapes = statementShapes('public-events');

/**
 * The widget's list for each partner asked, as JSON text the database writes in the contract's
 * shape: the partner's events on the widget, soonest first by their next day, each with its days
 * still to come and the ticket types on sale at `now`; an event with neither is left out. `found` is
 * false for a partner that does not exist.
 */
const listStatement = () => sql`with p as materialized (
    select distinct value::int as partner_id from jsonb_array_elements_text(${sql.placeholder('partners')}::jsonb)),
  shown as materialized (
    select events.* from p join events on events.partner_id = p.partner_id and events.active_on_widget),
  -- Days and types grouped in one pass each, then joined: no subquery per event.
  d as (
    select x.event_id, min(x.start_date) as first_start,
      json_agg(json_build_object('ID', x.id, 'start_date', ${isoUtc(sql`x.start_date`)},
        'end_date', ${isoUtc(sql`x.end_date`)}, 'left', case when x.quantity > 0 then x.quantity - x.sold end)
        order by x.start_date, x.id) as days
    from event_days x
    where x.event_id in (select id from shown) and x.end_date > ${sql.placeholder('now')}::timestamptz
    group by x.event_id),
  t as (
    select ticket_types.event_id,
      json_agg(json_build_object('ID', ticket_types.id, 'name', ticket_types.name,
        'description', ticket_types.description, 'price', ${dollarsSql(sql`ticket_types.initial_price_cents`)},
        'left', ticket_types.amount - ticket_types.sold - ticket_types.holds_amount) order by ticket_types.id) as types
    from ticket_types join shown events on events.id = ticket_types.event_id
    where ticket_types.status and ${onSaleCondition(sql`${sql.placeholder('now')}::timestamptz`)}
    group by ticket_types.event_id),
  cards as (
    select e.id, e.partner_id, d.first_start,
      json_build_object('ID', e.id, 'name', e.name, 'venue', e.venue, 'description', e.description,
        'image', e.image, 'time_zone', e.time_zone, 'time_slots', e.time_slots,
        'seated', exists (select 1 from event_seating s where s.event_id = e.id),
        'transfering_allowed', e.transfering_allowed, 'selling_allowed', e.selling_allowed,
        'days', d.days, 'ticket_types', t.types) as card
    from shown e join d on d.event_id = e.id join t on t.event_id = e.id)
  select p.partner_id as id, exists (select 1 from partners where partners.id = p.partner_id) as found,
    coalesce((select json_agg(c.card order by c.first_start, c.id) from cards c where c.partner_id = p.partner_id),
      '[]')::text as json
  from p`;

/**
 * Every visitor of a partner's page reads this list before buying, a crowd of them at once when sales
 * open. Those asking while a read is on its way share the next one (`batched`), a statement for all
 * the partners asked, and each partner's answer is written and compressed once for all who asked for
 * it. Read one at a time through four queries, it cost the server 1.5 – 2 ms a request (425 – 520 a
 * second on two cores, docs/benchmarks.md).
 */
const readLists = batchedPerDatabase(async (db: Db, partnerIds: number[]) => {
  const rows = await listShapes<{ id: number; found: boolean; json: string }>(db, '', listStatement, {
    partners: JSON.stringify(partnerIds),
    now: new Date().toISOString(),
  });
  const answers = new Map(
    rows.map((row): [number, SentAnswer | null] => [row.id, row.found ? sentAnswer(successBody(row.json)) : null]),
  );
  return partnerIds.map((id) => answers.get(id) ?? null);
});

/** The partner's events on the widget, as the body of the answer; a partner that does not exist is 404. */
export async function publicEvents(db: Db, partnerId: number): Promise<SentAnswer> {
  const answer = await readLists(db)(partnerId);
  if (!answer) throw notFound('Partner');
  return answer;
}
