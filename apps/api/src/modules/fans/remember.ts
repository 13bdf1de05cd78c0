import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Makes a user one of the partner's fans (nothing if they are one already). The checkout's
 * `record_sale` (migration 0017) does the same inside the sale.
 */
export async function rememberFan(db: Db | Tx, partnerId: number, userId: number) {
  await db.execute(sql`insert into partner_fans (partner_id, user_id, full_name, email)
      select ${partnerId}::int, u.id, u.full_name, u.email from users u where u.id = ${userId}::int
      on conflict do nothing`);
}
