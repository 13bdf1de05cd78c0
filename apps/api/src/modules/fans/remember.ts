import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The statement that makes a user one of the partner's fans (nothing if they are one already). A
 * statement rather than a call, so the checkout can fold it into the sale's single guarded write.
 */
export const rememberFanSql = (partnerId: number, userId: number): SQL =>
  sql`insert into partner_fans (partner_id, user_id, full_name, email)
      select ${partnerId}::int, u.id, u.full_name, u.email from users u where u.id = ${userId}::int
      on conflict do nothing`;

export async function rememberFan(db: Db | Tx, partnerId: number, userId: number) {
  await db.execute(rememberFanSql(partnerId, userId));
}
