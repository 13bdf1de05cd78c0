import { sql } from 'drizzle-orm';
import type { EventAnalyticsSummary } from '@portal/contract';
import { toDollars } from '../../lib/money.ts';

/**
 * The vocabulary every analytics query shares (docs/analytics.md defines each figure). A ticket is
 * "in circulation" while it is valid or listed for resale: a refunded or cancelled ticket left the
 * event, and its place went back on sale. Among those, a ticket issued at price 0 is a comp, any
 * other is sold. A resale moves a ticket between fans, so it never counts as a second sale.
 *
 * Per ticket type, those figures, what settled refunds kept, the royalties of sold resales and the
 * tickets admitted, read from the sums kept on the type's row (`tt`) as sales, refunds, resales and
 * check-ins happen (sales-sums.ts, whose recount states each one over the rows).
 */
export const salesSums = {
  sold: sql`tt.tickets_sold`,
  comps: sql`tt.tickets_comps`,
  soldCents: sql`tt.sold_cents::float8`,
  retainedCents: sql`tt.retained_cents::float8`,
  royaltyCents: sql`tt.royalty_cents::float8`,
  checkedIn: sql`tt.tickets_checked_in`,
};

/** A ticket type is selling when it is active and its (or else the event's) on-sale time has come. */
export const sellingNow = (now: Date) =>
  sql`(tt.status and coalesce(tt.selling_time, e.selling_time, '-infinity'::timestamptz) <= ${now.toISOString()}::timestamptz)`;

/** Two decimals: the rates a person reads, rounded once at the end. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export type TypeTotals = {
  price_cents: number;
  amount: number;
  holds: number;
  sold: number;
  comps: number;
  sold_cents: number;
};

/** Sums the per-type rows the database already aggregated into the card's figures (in cents). */
export function cardTotals(types: TypeTotals[]) {
  let sold = 0;
  let comps = 0;
  let holds = 0;
  let opens = 0;
  let amount = 0;
  let soldCents = 0;
  let openCents = 0;
  let distributedFaceCents = 0;
  let faceCents = 0;
  for (const t of types) {
    const open = Math.max(t.amount - t.sold - t.comps - t.holds, 0);
    sold += t.sold;
    comps += t.comps;
    holds += t.holds;
    opens += open;
    amount += t.amount;
    soldCents += t.sold_cents;
    openCents += open * t.price_cents;
    distributedFaceCents += (t.sold + t.comps) * t.price_cents;
    faceCents += t.amount * t.price_cents;
  }
  return { sold, comps, holds, opens, amount, soldCents, openCents, distributedFaceCents, faceCents };
}

/** What both analytics calls know of an event before its ticket types are added up. */
export type EventHead = {
  id: number;
  name: string;
  time_zone: string;
  start: string;
  on_widget: boolean;
  ended: boolean;
};

/**
 * An event's card (the contract's summary) from its ticket types: on sale while it is on the widget,
 * not over, and one of its types is selling.
 */
export function eventCard(event: EventHead, types: (TypeTotals & { selling: boolean })[]) {
  const totals = cardTotals(types);
  const card: EventAnalyticsSummary = {
    ID: event.id,
    name: event.name,
    time_zone: event.time_zone,
    start_date: event.start,
    onSale: event.on_widget && !event.ended && types.some((t) => t.selling),
    tickets_sold: totals.sold,
    ticket_sold_value: toDollars(totals.soldCents),
    tickets_open: totals.opens,
    tickets_open_value: toDollars(totals.openCents),
    total_gross_potential: toDollars(totals.soldCents + totals.openCents),
    tickets_comps: totals.comps,
    tickets_value: toDollars(totals.distributedFaceCents),
  };
  return { card, totals };
}
