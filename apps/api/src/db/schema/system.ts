import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, emptyText, id, retryColumns, timestampTz } from './columns.ts';

/** The local chain: append-only, each record's hash covers the previous one. */
export const chainLedger = pgTable(
  'chain_ledger',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['mint', 'transfer', 'burn'] }).notNull(),
    tokenId: text('token_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_ledger_prev_key').on(t.prevHash),
    index('chain_ledger_token_idx').on(t.tokenId),
    // A token is minted once, whichever process tries.
    uniqueIndex('chain_ledger_one_mint_key')
      .on(t.tokenId)
      .where(sql`${t.kind} = 'mint'`),
  ],
);

/** Mail and messages written by the default mail port. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    to: text('to').notNull(),
    subject: emptyText('subject'),
    text: text('text').notNull(),
    html: emptyText('html'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    partnerId: integer('partner_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: emptyText('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_partner_idx').on(t.partnerId, t.createdAt)],
);

/**
 * Mail written in the transaction that causes it (a sale's confirmation) and sent after its commit by
 * a worker in every process (modules/checkout/confirmations.ts). A row lives until its mail is handed to the mail
 * port: claimed by pushing `next_attempt_at` a lease ahead, deleted once sent, given a later attempt
 * and its error when sending fails, so no mail is lost with a process or a mail server that is down.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['ticket_confirmation'] }).notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    ...retryColumns(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);
