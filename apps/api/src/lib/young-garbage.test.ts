import { constants, PerformanceObserver, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { youngGarbageEvery } from './young-garbage.ts';

it('asks for a young-generation collection each time the given number of bytes has passed', async () => {
  let scavenges = 0;
  const observer = new PerformanceObserver((list) => {
    // A 'gc' entry carries the kind of collection in its detail.
    for (const entry of list.getEntries())
      if ((entry as { detail?: NodeGCPerformanceDetail }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
        scavenges++;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    const passed = youngGarbageEvery(1_000);
    for (let i = 0; i < 40; i++) passed(500);
    // Twenty thresholds crossed; V8 may add collections of its own, never take ours away. Entries
    // arrive on later turns of the event loop.
    const deadline = Date.now() + 5_000;
    while (scavenges < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(scavenges).toBeGreaterThanOrEqual(20);
  } finally {
    observer.disconnect();
  }
});
