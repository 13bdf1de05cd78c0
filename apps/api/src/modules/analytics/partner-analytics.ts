import { sql } from 'drizzle-orm';
import type { BillingRow, EventAnalyticsSummary, PartnerAnalytics } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { keptAnswer, stampedAnswers, type KeptAnswer } from '../../lib/kept-answer.ts';
import { toDollars } from '../../lib/money.ts';
import { groupByPeriod } from '../../lib/periods.ts';
import { eventCard, type EventHead, salesSums, sellingNow, type TypeTotals } from './figures.ts';
import { isoUtc } from '../../lib/sql-time.ts';

/** An event, with its last day's end while that is still to come. */
type EventRow = EventHead & { ends_at: string | null };
/** A ticket type's figures, with its on-sale time while that is still to come. */
type TypeRow = TypeTotals & {
  event_id: number;
  selling: boolean;
  opens_at: string | null;
  retained_cents: number;
  royalty_cents: number;
};

/** Cents: paid for the tickets sold, kept from partly refunded ones, and resale royalties. */
type EventFigures = { card: EventAnalyticsSummary; soldCents: number; retainedCents: number; royaltyCents: number };

/**
 * Every event of the partner with its card's figures, oldest first, from two small reads: the events
 * with their first and last day (one grouped pass over their days), and their ticket types with the
 * sums kept on each type's row as tickets are sold, refunded and resold (sales-sums.ts). No ticket is
 * counted here, so the cost follows the number of events and types, not of orders. With them, the
 * first instant after `now` at which the clock alone changes a card (a type goes on sale, an event
 * ends), or null.
 */
async function partnerEventFigures(
  db: Db,
  partnerId: number,
  now: Date,
): Promise<{ figures: EventFigures[]; changesAt: number | null }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [events, types] = await Promise.all([
    queryRows<EventRow>(
      db,
      sql`select e.id, e.name, e.time_zone, ${isoUtc(sql`coalesce(d.first_start, e.created_at)`)} as start,
        e.active_on_widget as on_widget, coalesce(d.last_end <= ${at}, false) as ended,
        case when d.last_end > ${at} then ${isoUtc(sql`d.last_end`)} end as ends_at
      from events e
      left join (
        select event_id, min(start_date) as first_start, max(end_date) as last_end from event_days
        where event_id in (select id from events where partner_id = ${partnerId}) group by event_id
      ) d on d.event_id = e.id
      where e.partner_id = ${partnerId}
      order by start, e.id`,
    ),
    queryRows<TypeRow>(
      db,
      sql`select tt.event_id, tt.initial_price_cents as price_cents, tt.amount, tt.holds_amount as holds, ${sellingNow(now)} as selling,
        case when tt.status and coalesce(tt.selling_time, e.selling_time) > ${at}
          then ${isoUtc(sql`coalesce(tt.selling_time, e.selling_time)`)} end as opens_at,
        ${salesSums.sold} as sold, ${salesSums.comps} as comps, ${salesSums.soldCents} as sold_cents,
        ${salesSums.retainedCents} as retained_cents, ${salesSums.royaltyCents} as royalty_cents
      from ticket_types tt
      join events e on e.id = tt.event_id
      where e.partner_id = ${partnerId}`,
    ),
  ]);

  const typesOf = new Map<number, TypeRow[]>();
  for (const t of types) typesOf.set(t.event_id, [...(typesOf.get(t.event_id) ?? []), t]);
  const instants = [...events.map((e) => e.ends_at), ...types.map((t) => t.opens_at)].flatMap((at) =>
    at ? [Date.parse(at)] : [],
  );
  const changesAt = instants.length > 0 ? Math.min(...instants) : null;
  const figures = events.map((e) => {
    const own = typesOf.get(e.id) ?? [];
    const { card, totals } = eventCard(e, own);
    return {
      royaltyCents: own.reduce((sum, t) => sum + t.royalty_cents, 0),
      retainedCents: own.reduce((sum, t) => sum + t.retained_cents, 0),
      soldCents: totals.soldCents,
      card,
    };
  });
  return { figures, changesAt };
}

/**
 * What the partner's figures are read from, as one short text: the version of its events' list (any
 * change of an event, and of its days' dates: event_list_versions), each of its ticket types' row
 * version (every sale, refund, resale and edit writes the type's row, sales-sums.ts) and the partner's
 * own (its platform fee). Equal stamps and the same side of `changesAt`, equal answers.
 */
const figuresStamp = (partnerId: number) =>
  sql`md5(coalesce((select version from event_list_versions where partner_id = ${partnerId}), 0) || ':' ||
    coalesce((select xmin::text from partners where id = ${partnerId}), '') || ':' ||
    coalesce((select string_agg(tt.id || '@' || tt.xmin, ',' order by tt.id) from ticket_types tt
      where tt.event_id in (select id from events where partner_id = ${partnerId})), ''))`;

/** Answers by partner and call. */
const kept = stampedAnswers(200);

/** An answer read from the partner's figures, with the first instant the clock changes it. */
type FiguresAnswer<T> = { answer: T; changesAt: number | null };

/**
 * An answer built from the partner's figures, kept while their stamp holds and until the clock
 * changes a card. At 200 events reading the figures costs PostgreSQL ~2 ms and writing the 74 KB
 * answer several more of Node's; reading the stamp costs about a tenth of the first. The stamp is
 * read before the figures, so a kept answer is never older than its stamp.
 */
function keptFigures<T>(
  db: Db,
  partnerId: number,
  call: string,
  read: () => Promise<FiguresAnswer<T>>,
  write: (answer: T) => string,
  now: Date,
): Promise<KeptAnswer> {
  return kept(db, `${partnerId}:${call}`, {
    now: now.getTime(),
    stamp: { label: 'partner-figures-stamp', expression: figuresStamp(partnerId) },
    build: async (readStamp) => {
      const stamp = await readStamp();
      const { answer, changesAt } = await read();
      return keptAnswer(stamp!, write(answer), changesAt);
    },
  });
}

/** The overall page: the partner's totals, its events by sales, and the cards by period. */
async function readOverall(db: Db, partnerId: number, now: Date): Promise<FiguresAnswer<PartnerAnalytics>> {
  const { figures, changesAt } = await partnerEventFigures(db, partnerId, now);
  const cards = figures.map((f) => f.card);
  const royaltyCents = figures.reduce((sum, f) => sum + f.royaltyCents, 0);
  const retainedCents = figures.reduce((sum, f) => sum + f.retainedCents, 0);
  const soldCents = figures.reduce((sum, f) => sum + f.soldCents, 0);
  const answer = {
    gross_tickets_sold: cards.reduce((sum, c) => sum + c.tickets_sold, 0),
    gross_revenue: toDollars(soldCents + retainedCents + royaltyCents),
    secondary_royalties: toDollars(royaltyCents),
    total_events: cards.length,
    ordered_by_sells: [...cards]
      .sort((a, b) => b.tickets_sold - a.tickets_sold || a.ID - b.ID)
      .map((c) => ({ ID: c.ID, name: c.name, tickets_sold: c.tickets_sold, ticket_sold_value: c.ticket_sold_value })),
    event_analytics: groupByPeriod(cards),
  };
  return { answer, changesAt };
}

/** The overall page, built afresh. */
export const partnerAnalytics = async (db: Db, partnerId: number, now = new Date()) =>
  (await readOverall(db, partnerId, now)).answer;

/** The overall page as kept (`keptFigures`). */
export const partnerAnalyticsAnswer = (
  db: Db,
  partnerId: number,
  write: (answer: PartnerAnalytics) => string,
  now = new Date(),
) => keptFigures(db, partnerId, 'overall', () => readOverall(db, partnerId, now), write, now);

/**
 * One billing row per event that brought in money, newest event first: its gross (primary sales,
 * what partial refunds left, resale royalties) split by the partner's platform fee between the
 * partner and the provider.
 */
async function readBilling(db: Db, partnerId: number, now: Date): Promise<FiguresAnswer<BillingRow[]>> {
  const [[partner], { figures, changesAt }] = await Promise.all([
    queryRows<{ fee: number }>(db, sql`select platform_fee as fee from partners where id = ${partnerId}`),
    partnerEventFigures(db, partnerId, now),
  ]);
  const fee = partner?.fee ?? 0;
  const answer = figures
    .filter((f) => f.soldCents + f.retainedCents + f.royaltyCents > 0)
    .reverse()
    .map(({ card, soldCents, retainedCents, royaltyCents }) => {
      const gross = soldCents + retainedCents + royaltyCents;
      const providerCents = Math.round(gross * fee);
      return {
        ID: card.ID,
        event_name: card.name,
        partner_percentage: Math.round((1 - fee) * 1e6) / 1e6,
        provider_percentage: fee,
        gross_revenue: toDollars(gross),
        partner_amount: toDollars(gross - providerCents),
        provider_amount: toDollars(providerCents),
        date: card.start_date,
        time_zone: card.time_zone,
      };
    });
  return { answer, changesAt };
}

/** The billing history, built afresh. */
export const billingHistory = async (db: Db, partnerId: number, now = new Date()) =>
  (await readBilling(db, partnerId, now)).answer;

/** The billing history as kept (`keptFigures`). */
export const billingAnswer = (db: Db, partnerId: number, write: (rows: BillingRow[]) => string, now = new Date()) =>
  keptFigures(db, partnerId, 'billing', () => readBilling(db, partnerId, now), write, now);
