import { expect, test } from 'vitest';
import { createScanQueue, type QueuedScan } from './scan-queue.ts';

const scan = (scan_id: string): QueuedScan => ({
  scan_id,
  text: 'AAAA1111',
  code: 'AAAA1111',
  event_day_id: 11,
  scanned_at: '2099-06-02T03:00:00.000Z',
  holder: 'Ava Stone',
  ticket_type: 'General',
});

test('admissions wait in the browser’s storage until the server has decided them, per event', () => {
  localStorage.clear();
  const queue = createScanQueue(7);
  queue.add(scan('a'));
  queue.add(scan('b'));
  // A page opened again (a new queue over the same storage) still holds them; another event does not.
  expect(
    createScanQueue(7)
      .all()
      .map((s) => s.scan_id),
  ).toEqual(['a', 'b']);
  expect(createScanQueue(8).all()).toEqual([]);
  expect(queue.remove(new Set(['a'])).map((s) => s.scan_id)).toEqual(['b']);
  queue.remove(new Set(['b']));
  expect(localStorage.getItem('portal.gate-queue.7')).toBeNull();
});

test('a damaged entry in storage reads as an empty queue rather than breaking the gate', () => {
  localStorage.setItem('portal.gate-queue.9', '{not json');
  expect(createScanQueue(9).all()).toEqual([]);
});
