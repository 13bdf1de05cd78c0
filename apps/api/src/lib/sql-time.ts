import { sql, type SQL } from 'drizzle-orm';

/**
 * An instant as ISO-8601 UTC text, formatted by the database: the drivers answer raw timestamps in
 * differing forms, and parsing a million of them into Date objects costs more than formatting them.
 */
export const isoUtc = (instant: SQL) => sql`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
