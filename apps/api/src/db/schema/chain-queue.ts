import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tickets } from './commerce.ts';
import { ref, retryColumns } from './columns.ts';

/**
 * What the chain must follow of a ticket already sold (a transfer, a resale, a refund's burn), written
 * in the transaction that makes the change and put on the chain after its commit by the background
 * pass (modules/chain-sync/queue.ts): a ticket's changes in order, after its mint. A row lives until
 * its change is on the chain; a failure gives it its error and a later attempt, so nothing is lost
 * with a node that is down, and what is stuck can be seen.
 */
export const chainQueue = pgTable(
  'chain_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: ref('ticket_id', () => tickets.id, 'cascade'),
    kind: text('kind', { enum: ['transfer', 'burn'] }).notNull(),
    /** The chain record's payload: `from`, `to` (user ids) and `resale` of a transfer, `refund` of a burn. */
    payload: jsonb('payload').$type<Record<string, number>>().notNull(),
    ...retryColumns(),
  },
  (t) => [index('chain_queue_ticket_idx').on(t.ticketId, t.id), index('chain_queue_due_idx').on(t.nextAttemptAt)],
);
