import { sql, type AnyColumn } from 'drizzle-orm';
import { members, users } from '../../db/schema/index.ts';

/**
 * The name of the team member a column keys, or null when there is none or they have since left the
 * team: one read by the member's key, beside whatever the query reads.
 */
export const memberNameOf = (memberId: AnyColumn) =>
  sql<string | null>`(select ${users.fullName} from ${members} join ${users} on ${users.id} = ${members.userId}
    where ${members.id} = ${memberId})`;
