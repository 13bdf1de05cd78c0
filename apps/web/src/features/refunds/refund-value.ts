/**
 * The refund input's own limit (spec: min 0, max 100). The API caps a refund at the average price
 * paid, whatever it is; this is the screen's rule, so a dearer ticket is refunded in full from the API.
 */
const maxRefundPerTicket = 100;

/** The average price of the chosen tickets, in dollars and whole cents. */
export const averagePrice = (prices: number[]) =>
  prices.length === 0 ? 0 : Math.floor((prices.reduce((a, b) => a + b, 0) * 100) / prices.length) / 100;

/** The most a ticket's refund may be: the average price paid, and never above the input's 100 (spec §5). */
export const refundCap = (average: number) => Math.min(average, maxRefundPerTicket);

/** A typed refund value: never negative, and above the cap it is reset to the cap (spec §5). */
export function clampRefundValue(value: number, cap: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value > cap ? cap : value;
}
