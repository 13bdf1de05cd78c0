/** A free seat as best-available reads it: where it is drawn and in what order its row runs. */
export type FreeSeat = {
  id: number;
  sectionId: number;
  sectionPosition: number;
  rowPosition: number;
  position: number;
  x: number;
};

/** Seats further apart than this in a row have an aisle or a gap between them: not together. */
const besideDistance = 1.01;

/**
 * `count` free seats side by side in one row, as near the stage (the section's front rows first, the
 * earlier sections first) and as near the row's middle as they can be; null when no row has them.
 */
export function seatsTogether(free: readonly FreeSeat[], count: number): number[] | null {
  const rows = new Map<string, FreeSeat[]>();
  for (const seat of free) {
    const key = `${seat.sectionId}:${seat.rowPosition}`;
    const row = rows.get(key);
    if (row) row.push(seat);
    else rows.set(key, [seat]);
  }
  let best: { seats: FreeSeat[]; score: [number, number, number] } | null = null;
  for (const row of rows.values()) {
    row.sort((a, b) => a.position - b.position);
    const middle = (row[0]!.x + row.at(-1)!.x) / 2;
    for (let start = 0; start + count <= row.length; start++) {
      const run = row.slice(start, start + count);
      const together = run.every((seat, i) => i === 0 || Math.abs(seat.x - run[i - 1]!.x) <= besideDistance);
      if (!together) continue;
      const centre = (run[0]!.x + run.at(-1)!.x) / 2;
      const score: [number, number, number] = [run[0]!.sectionPosition, run[0]!.rowPosition, Math.abs(centre - middle)];
      if (
        !best ||
        score[0] < best.score[0] ||
        (score[0] === best.score[0] &&
          (score[1] < best.score[1] || (score[1] === best.score[1] && score[2] < best.score[2])))
      )
        best = { seats: run, score };
    }
  }
  return best ? best.seats.map((s) => s.id) : null;
}
