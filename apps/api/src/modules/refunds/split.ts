/**
 * Shares a refund total over tickets in proportion to what each cost, in whole cents, so no ticket is
 * refunded more than was paid for it and the parts add up to the total exactly. The caller has checked
 * that the total is at most the sum of the prices.
 */
export function splitRefund(prices: number[], totalCents: number): number[] {
  const paid = prices.reduce((a, b) => a + b, 0);
  if (paid === 0 || totalCents === 0) return prices.map(() => 0);
  const exact = prices.map((p) => (totalCents * p) / paid);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    if (parts[i]! < prices[i]!) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}
