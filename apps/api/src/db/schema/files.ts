import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Raw bytes: node-postgres reads bytea as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (logos, ticket designs, sponsors, terms documents, fonts) kept by the storage port's
 * default backend, so every API process on the database serves every file.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
