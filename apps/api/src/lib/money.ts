import { sql, type SQL } from 'drizzle-orm';

/** Money is integer cents in the database and dollars on the wire (design §4): converted only here. */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** `toDollars` in SQL, for answers whose JSON the database writes: the same double, so the same number. */
export const dollarsSql = (cents: SQL) => sql`(${cents})::float8 / 100`;
