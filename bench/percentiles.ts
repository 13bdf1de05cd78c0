/** The median and the 99th percentile of some timings, in whole ms (0 when there are none). */
export function percentiles(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99) };
}
