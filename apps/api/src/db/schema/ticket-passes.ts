import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerRef } from './partners.ts';
import { createdAt, timestampTz } from './columns.ts';

/**
 * An organiser's keys for signing the passes its tickets carry as QR codes. One key signs at a time;
 * a rotated key keeps verifying the passes already issued under it. The private half is sealed with a
 * key derived from the server's secret, so a copy of the database alone cannot sign passes.
 */
export const ticketSigningKeys = pgTable(
  'ticket_signing_keys',
  {
    id: serial('id').primaryKey(),
    partnerId: partnerRef(),
    /** The Ed25519 public key, raw 32 bytes in base64url, as scanners import it. */
    publicKey: text('public_key').notNull(),
    /** The private key (JWK `d`), sealed with AES-256-GCM: iv, tag and ciphertext in base64url. */
    sealedPrivateKey: text('sealed_private_key').notNull(),
    createdAt: createdAt(),
    retiredAt: timestampTz('retired_at'),
  },
  (t) => [
    index('ticket_signing_keys_partner_idx').on(t.partnerId),
    // Two processes creating an organiser's first key at once keep one.
    uniqueIndex('ticket_signing_keys_active_key')
      .on(t.partnerId)
      .where(sql`${t.retiredAt} is null`),
  ],
);
