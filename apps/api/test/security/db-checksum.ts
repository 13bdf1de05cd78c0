import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.ts';

/** One md5 per table over all its rows as text, in one round trip; equal sums mean nothing was written. */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const columns = names.map(
    ({ name }) => `(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from "${name}" r) as "${name}"`,
  );
  const [row] = await queryRows<Record<string, string>>(db, sql.raw(`select ${columns.join(', ')}`));
  return row!;
}

/** The tables whose checksums differ. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);

/**
 * Checksums once the work a sale leaves running (minting, mail) has landed: two equal readings in a
 * row, so a batch is measured from a still database.
 */
export async function settledChecksums(
  db: Db,
  app: { mint: () => Promise<unknown>; sendQueuedMail: () => Promise<unknown> },
): Promise<Record<string, string>> {
  await Promise.all([app.mint(), app.sendQueuedMail()]);
  let previous = await tableChecksums(db);
  for (let attempt = 0; attempt < 20; attempt++) {
    await sleep(25);
    const current = await tableChecksums(db);
    if (changedTables(previous, current).length === 0) return current;
    previous = current;
  }
  throw new Error('the database kept changing while no request was running');
}
