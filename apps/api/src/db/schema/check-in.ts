import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tickets } from './commerce.ts';
import { memberRef, partnerRef } from './partners.ts';
import { id, ref, timestampTz } from './columns.ts';

/**
 * An admission taken back at the gate (a wrong ticket scanned, someone let in by mistake): what it
 * was, who undid it, when and why. The ticket itself is admitted no more and may be admitted again.
 */
export const checkInUndos = pgTable(
  'check_in_undos',
  {
    id: id(),
    partnerId: partnerRef(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade'),
    admittedAt: timestampTz('admitted_at').notNull(),
    admittedBy: memberRef('admitted_by'),
    /** The offline scan that made the admission: sent again, it must not admit the ticket anew. */
    scanId: uuid('scan_id'),
    undoneBy: memberRef('undone_by'),
    undoneAt: timestampTz('undone_at').notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('check_in_undos_ticket_idx').on(t.ticketId, t.id), index('check_in_undos_scan_idx').on(t.scanId)],
);
