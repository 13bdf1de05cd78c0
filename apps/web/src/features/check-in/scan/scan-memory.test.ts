import { expect, test } from 'vitest';
import { createScanMemory } from './scan-memory.ts';

test('sends a code held in view once, and again only after it was out of sight for the pause', () => {
  const memory = createScanMemory(2_000);
  expect(memory.isNew('A', 0)).toBe(true);
  // Held up to the camera: read every 100 ms for five seconds, never sent again.
  for (let at = 100; at <= 5_000; at += 100) expect(memory.isNew('A', at)).toBe(false);
  // Another ticket meanwhile is its own code.
  expect(memory.isNew('B', 5_050)).toBe(true);
  // Shown again within the pause: still the same showing.
  expect(memory.isNew('A', 6_900)).toBe(false);
  // Shown again after more than the pause out of sight: sent.
  expect(memory.isNew('A', 9_000)).toBe(true);
  expect(memory.isNew('B', 9_100)).toBe(true);
});
