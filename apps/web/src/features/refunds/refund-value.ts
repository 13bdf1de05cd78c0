/** The average price of the chosen tickets, in dollars and whole cents. */
export const averagePrice = (prices: number[]) =>
  prices.length === 0 ? 0 : Math.floor((prices.reduce((a, b) => a + b, 0) * 100) / prices.length) / 100;

/** A typed refund value: never negative, and above the average it is reset to the average (spec §5). */
export function clampRefundValue(value: number, average: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value > average ? average : value;
}
