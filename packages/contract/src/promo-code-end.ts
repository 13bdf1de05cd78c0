/** 1 January 1970 as an end date means the promo never ends; any end year before 1971 reads as Unlimited. */
export const UNLIMITED_END = '1970-01-01T00:00:00.000Z';
export const isUnlimited = (endDate: string) => new Date(endDate).getUTCFullYear() < 1971;
