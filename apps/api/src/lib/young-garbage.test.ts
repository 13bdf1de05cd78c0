import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { youngGarbageEvery } from './young-garbage.ts';

/** The young-generation collections V8 reports while `run` goes on. */
async function scavengesDuring(run: () => void) {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  run();
  // Entries are delivered after the collection, on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return seen.filter((entry) => (entry.detail as { kind: number }).kind === constants.NODE_PERFORMANCE_GC_MINOR).length;
}

it('asks for a young-generation collection each time the given number of bytes has passed', async () => {
  const passed = youngGarbageEvery(1_000);
  const collections = await scavengesDuring(() => {
    for (let i = 0; i < 40; i++) passed(500);
  });
  // Twenty thresholds crossed; V8 may add collections of its own, never take ours away.
  expect(collections).toBeGreaterThanOrEqual(20);
});
