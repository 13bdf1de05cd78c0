/** Money is integer cents in the database and dollars on the wire (design §4): converted only here. */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);
