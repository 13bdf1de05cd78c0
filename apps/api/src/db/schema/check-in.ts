import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tickets } from './commerce.ts';
import { members, partners } from './partners.ts';

/**
 * An admission taken back at the gate (a wrong ticket scanned, someone let in by mistake): what it
 * was, who undid it, when and why. The ticket itself is admitted no more and may be admitted again.
 */
export const checkInUndos = pgTable(
  'check_in_undos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    admittedBy: integer('admitted_by').references(() => members.id, { onDelete: 'set null' }),
    /** The offline scan that made the admission: sent again, it must not admit the ticket anew. */
    scanId: uuid('scan_id'),
    undoneBy: integer('undone_by').references(() => members.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('check_in_undos_ticket_idx').on(t.ticketId, t.id), index('check_in_undos_scan_idx').on(t.scanId)],
);
