import { orderStatusOfOtherTransactions, orderStatusOfTransaction } from '@portal/contract';
import { sql } from 'drizzle-orm';

/** An order's (alias o) status as `orderStatusOf` says it, for answers the database writes. */
export const orderStatus = sql.raw(
  `case o.transaction_type ${Object.entries(orderStatusOfTransaction)
    .map(([type, status]) => `when '${type}' then '${status}'`)
    .join(' ')} else '${orderStatusOfOtherTransactions}' end`,
);
