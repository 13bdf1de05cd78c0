import { integer, text, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/*
 * The column shapes the tables share. Each builds exactly what the migrations created, so using one
 * in place of the spelled-out column changes no SQL (drizzle-kit generate finds nothing to migrate).
 */

/** The surrogate key of a table whose rows are numbered by the database. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Every moment is stored with its time zone. */
export const timestampTz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** A row another row cannot be without. */
export const ref = <N extends string>(name: N, column: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  integer(name).notNull().references(column, { onDelete });

/** A row another row may point at, or not. */
export const optionalRef = <N extends string>(name: N, column: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  integer(name).references(column, { onDelete });

/** Free text that is never null: empty until given. */
export const emptyText = <N extends string>(name: N) => text(name).notNull().default('');

/** A count that starts at zero. */
export const counter = <N extends string>(name: N) => integer(name).notNull().default(0);

/**
 * What a queue's background pass keeps of a row it has not yet done: how often it tried, when it
 * tries again (at once, for a new row) and why the last try failed.
 */
export const retryColumns = () => ({
  attempts: counter('attempts'),
  nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: createdAt(),
});
