import { sql } from 'drizzle-orm';
import type { FanList } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { countUpTo } from '../../lib/count.ts';
import { notFound } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/sql-like.ts';

/**
 * One page of the partner's fans in name order, filtered by part of the full name. Both queries read
 * one partner's range of the partner_fans name index; only the page's rows join the users table.
 */
export async function listFans(
  db: Db,
  partnerId: number,
  q: { search: string; page: number; per_page: number },
): Promise<FanList> {
  const match = q.search ? sql`and lower(pf.full_name) like ${containsPattern(q.search)} escape '\\'` : sql``;
  const [rows, count] = await Promise.all([
    queryRows<{ ID: number; full_name: string; email: string; phone_number: string }>(
      db,
      sql`select pf.user_id as "ID", pf.full_name, pf.email, u.phone_number
          from partner_fans pf join users u on u.id = pf.user_id
          where pf.partner_id = ${partnerId} ${match}
          order by lower(pf.full_name), pf.user_id
          limit ${q.per_page} offset ${q.page * q.per_page}`,
    ),
    countUpTo(db, sql`select 1 from partner_fans pf where pf.partner_id = ${partnerId} ${match}`),
  ]);
  return { data: rows, ...count };
}

/** The fan, if they are one of this partner's; anyone else is not found, whoever they are elsewhere. */
export async function partnerFan(db: Db, partnerId: number, fanId: number) {
  const [fan] = await queryRows<{
    id: number;
    email: string;
    full_name: string;
    phone_number: string;
    street_address: string;
    city: string;
    postal_code: string;
    country: string;
  }>(
    db,
    sql`select u.id, u.email, u.full_name, u.phone_number, u.street_address, u.city, u.postal_code, u.country
        from partner_fans pf join users u on u.id = pf.user_id
        where pf.partner_id = ${partnerId} and pf.user_id = ${fanId}`,
  );
  if (!fan) throw notFound('Fan');
  return fan;
}
