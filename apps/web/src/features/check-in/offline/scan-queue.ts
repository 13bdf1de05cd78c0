/** An admission a gate made without a network, kept until the server has decided it. */
export type QueuedScan = {
  scan_id: string;
  /** What was scanned or typed, as it was: the server checks a pass's signature again. */
  text: string;
  /** The ticket code, to find the ticket in the day's list. */
  code: string;
  event_day_id: number;
  scanned_at: string;
  holder: string;
  ticket_type: string;
};

const storageKey = (eventId: number) => `portal.gate-queue.${eventId}`;

/**
 * The admissions waiting to be synced, per event, kept in the browser's storage so that closing the
 * tab or a crash before the network returns loses none of them.
 */
export function createScanQueue(eventId: number, storage: Storage = localStorage) {
  const read = (): QueuedScan[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKey(eventId)) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedScan[]) : [];
    } catch {
      return [];
    }
  };
  const write = (scans: QueuedScan[]) => {
    if (scans.length === 0) storage.removeItem(storageKey(eventId));
    else storage.setItem(storageKey(eventId), JSON.stringify(scans));
    return scans;
  };
  return {
    all: read,
    add: (scan: QueuedScan) => write([...read(), scan]),
    /** Takes out the scans the server has decided; the rest stay. */
    remove: (scanIds: ReadonlySet<string>) => write(read().filter((s) => !scanIds.has(s.scan_id))),
  };
}

export type ScanQueue = ReturnType<typeof createScanQueue>;
