/** A seat of the category as best-available reads it: where it is drawn and whether it is free. */
export type PlacedSeat = {
  id: number;
  sectionId: number;
  sectionPosition: number;
  rowPosition: number;
  position: number;
  x: number;
  free: boolean;
};

/** Seats further apart than this in a row have an aisle or a gap between them: not together. */
const besideDistance = 1.01;

type Score = [section: number, row: number, fromMiddle: number];
const better = (a: Score, b: Score) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * `count` free seats side by side in one row, as near the stage as they can be (the earlier section,
 * then its front rows) and as near the middle of their row, taken or not; null when no row has them.
 */
export function seatsTogether(seats: readonly PlacedSeat[], count: number): number[] | null {
  const rows = new Map<string, PlacedSeat[]>();
  for (const seat of seats) {
    const key = `${seat.sectionId}:${seat.rowPosition}`;
    const row = rows.get(key);
    if (row) row.push(seat);
    else rows.set(key, [seat]);
  }
  let best: { ids: number[]; score: Score } | null = null;
  for (const row of rows.values()) {
    row.sort((a, b) => a.position - b.position);
    const middle = (Math.min(...row.map((s) => s.x)) + Math.max(...row.map((s) => s.x))) / 2;
    for (let start = 0; start + count <= row.length; start++) {
      const run = row.slice(start, start + count);
      const together = run.every(
        (seat, i) => seat.free && (i === 0 || Math.abs(seat.x - run[i - 1]!.x) <= besideDistance),
      );
      if (!together) continue;
      const score: Score = [
        run[0]!.sectionPosition,
        run[0]!.rowPosition,
        Math.abs((run[0]!.x + run.at(-1)!.x) / 2 - middle),
      ];
      if (!best || better(score, best.score) < 0) best = { ids: run.map((s) => s.id), score };
    }
  }
  return best?.ids ?? null;
}
