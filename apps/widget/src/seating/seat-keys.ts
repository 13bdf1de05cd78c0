import type { PlacedSeat } from './geometry.ts';

const sameRow = (a: PlacedSeat, b: PlacedSeat) => a.section === b.section && a.row === b.row;

/**
 * The seat the arrow keys, Home and End lead to from `at`, over seats in reading order: left and right
 * go to the neighbour in that order, up and down to the nearest seat of the row before or after,
 * Home and End to the ends of the row. Undefined when the key moves nowhere.
 */
export function nextSeat(seats: readonly PlacedSeat[], at: PlacedSeat, key: string): PlacedSeat | undefined {
  const i = seats.indexOf(at);
  switch (key) {
    case 'ArrowRight':
      return seats[i + 1];
    case 'ArrowLeft':
      return i > 0 ? seats[i - 1] : undefined;
    case 'Home':
      return seats.find((s) => sameRow(s, at));
    case 'End':
      return seats.findLast((s) => sameRow(s, at));
    case 'ArrowUp':
    case 'ArrowDown': {
      const step = key === 'ArrowDown' ? 1 : -1;
      let j = i;
      while (seats[j] && sameRow(seats[j]!, at)) j += step;
      const other = seats[j];
      if (!other) return undefined;
      const row = seats.filter((s) => sameRow(s, other));
      return row.reduce((best, s) => (Math.abs(s.x - at.x) < Math.abs(best.x - at.x) ? s : best));
    }
    default:
      return undefined;
  }
}
