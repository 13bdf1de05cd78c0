import type { EventListItem } from '@portal/contract';

type TicketTypeRef = EventListItem['ticket_types'][number];

/** One event as the attach step lists it: the ticket types shown are those the search leaves. */
export type AttachOccurrence = {
  event: EventListItem;
  start: string;
  /** Every day of it has ended: a code attached there can no longer be used. */
  past: boolean;
  types: TicketTypeRef[];
};

/** A single event, or every shown date of a recurring series under the series. */
export type AttachGroup = {
  key: string;
  name: string;
  series: boolean;
  /** Nothing in it is still to come. */
  past: boolean;
  occurrences: AttachOccurrence[];
  /** Dates of the series left out because they are past and past events are hidden. */
  hiddenPast: number;
};

export type AttachListOptions = { now: number; query: string; showPast: boolean };

const startOf = (e: EventListItem) => e.event_days[0]?.start_date ?? e.start_date;
const endOf = (e: EventListItem) =>
  e.event_days.reduce((last, d) => (d.end_date > last ? d.end_date : last), startOf(e));
const time = (iso: string) => new Date(iso).getTime();

/**
 * What the search keeps of an event: all its ticket types when its name matches, otherwise those
 * whose own name matches (so "vip" lists the VIP tickets of every event).
 */
function matchingTypes(event: EventListItem, query: string): TicketTypeRef[] {
  if (!query || event.name.toLowerCase().includes(query)) return event.ticket_types;
  return event.ticket_types.filter((t) => t.name.toLowerCase().includes(query));
}

/**
 * The partner's events for the attach step: events without ticket types left out, a series'
 * dates under one group, upcoming groups first (soonest first), then, when shown, past ones
 * (latest first). Answers how many past events the search matched, for the toggle's label.
 */
export function attachGroups(events: EventListItem[], { now, query, showPast }: AttachListOptions) {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, AttachGroup>();
  let pastCount = 0;
  for (const event of events) {
    const types = matchingTypes(event, q);
    if (types.length === 0) continue;
    const past = time(endOf(event)) <= now;
    if (past) pastCount++;
    const key = event.recurrence_id ? `series-${event.recurrence_id}` : `event-${event.ID}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        name: event.name,
        series: Boolean(event.recurrence_id),
        past: true,
        occurrences: [],
        hiddenPast: 0,
      };
      groups.set(key, group);
    }
    if (past && !showPast) group.hiddenPast++;
    else group.occurrences.push({ event, start: startOf(event), past, types });
  }
  const shown = [...groups.values()].filter((g) => g.occurrences.length > 0);
  for (const g of shown) {
    g.occurrences.sort((a, b) => time(a.start) - time(b.start) || a.event.ID - b.event.ID);
    g.past = g.occurrences.every((o) => o.past);
  }
  const upcoming = shown.filter((g) => !g.past);
  const past = shown.filter((g) => g.past);
  const nextStart = (g: AttachGroup) => time(g.occurrences.find((o) => !o.past)!.start);
  const lastEnd = (g: AttachGroup) => Math.max(...g.occurrences.map((o) => time(endOf(o.event))));
  upcoming.sort((a, b) => nextStart(a) - nextStart(b));
  past.sort((a, b) => lastEnd(b) - lastEnd(a));
  return { groups: [...upcoming, ...past], pastCount };
}

/** The ticket type ids a group shows, across its dates: what the series' "select all" covers. */
export const groupTypeIds = (g: AttachGroup) => g.occurrences.flatMap((o) => o.types.map((t) => t.ID));

/** Checked, unchecked or mixed, for a tri-state "select all" over these ids. */
export function selectionState(ids: number[], attached: Record<number, number>) {
  const chosen = ids.filter((id) => attached[id] !== undefined).length;
  return { chosen, all: ids.length > 0 && chosen === ids.length, some: chosen > 0 && chosen < ids.length };
}

/** How many events, or dates of a series, are drawn at a time: a partner may have hundreds. */
export const attachPageSize = 20;

/**
 * The summary's rows: one per ticket type and quantity of a single event, and one per ticket type
 * name and quantity across a series' dates, so a season reads as one line, not hundreds.
 */
export function attachedRows(events: EventListItem[], attached: Record<number, number>) {
  const rows = new Map<string, { key: string; event: string; name: string; quantity: number; dates: number }>();
  for (const e of events) {
    for (const t of e.ticket_types) {
      const quantity = attached[t.ID];
      if (quantity === undefined) continue;
      const key = e.recurrence_id ? `series ${e.recurrence_id} ${quantity} ${t.name}` : `type ${t.ID}`;
      const row = rows.get(key);
      if (row) row.dates++;
      else rows.set(key, { key, event: e.name, name: t.name, quantity, dates: 1 });
    }
  }
  return [...rows.values()];
}
