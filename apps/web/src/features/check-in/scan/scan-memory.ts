/** How long a code must be out of the camera's sight before showing it again sends it again. */
export const RESCAN_AFTER_MS = 2_000;

/**
 * Which codes the camera reads are new. A ticket held up to the camera is read many times a second
 * but sent once; only when it has been out of sight for `rescanAfter` does showing it again send it
 * again (and the gate then says when it was first admitted).
 */
export function createScanMemory(rescanAfter = RESCAN_AFTER_MS) {
  const lastSeen = new Map<string, number>();
  return {
    /** Notes that `code` was seen at `now` (ms), and answers whether it should be sent. */
    isNew(code: string, now: number) {
      const previous = lastSeen.get(code);
      for (const [seen, at] of lastSeen) if (now - at > rescanAfter) lastSeen.delete(seen);
      lastSeen.set(code, now);
      return previous === undefined || now - previous > rescanAfter;
    },
  };
}
