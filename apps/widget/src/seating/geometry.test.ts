import { describe, expect, it } from 'vitest';
import { boundsOf, panned, placeSeats, zoomed } from './geometry.ts';
import { nextSeat } from './seat-keys.ts';
import { hall } from './test-hall.ts';

describe('a seat map as the buyer sees it', () => {
  const seats = placeSeats(hall);

  it('places each seat on the whole map, with its category and whether it is free', () => {
    expect(seats.map((s) => [s.id, s.x, s.y, s.categoryId, s.free])).toEqual([
      [1, 10, 20, 10, true],
      [2, 11, 20, 10, true],
      [3, 12, 20, 11, false],
      [4, 10, 21, 11, true],
      [5, 11, 21, 11, true],
      [6, 12.2, 21, 11, true],
      [7, 15, 5, 11, true],
    ]);
    expect(boundsOf(seats)).toEqual({ x: 9, y: 4, width: 7, height: 18 });
  });

  it('zooms around a point that stays put, never closer than a few seats nor wider than the map, and pans within it', () => {
    const whole = { x: 0, y: 0, width: 120, height: 60 };
    const closer = zoomed(whole, whole, 2, 30, 15);
    expect(closer).toEqual({ x: 15, y: 7.5, width: 60, height: 30 });
    expect(zoomed(closer, whole, 1 / 4)).toEqual(whole);
    expect(zoomed(whole, whole, 1000).width).toBe(10);
    expect(panned(closer, whole, 100, -100)).toEqual({ x: 60, y: 0, width: 60, height: 30 });
  });

  it('moves between seats with the arrow keys, Home and End', () => {
    const at = (id: number) => seats.find((s) => s.id === id)!;
    const go = (id: number, key: string) => nextSeat(seats, at(id), key)?.id;
    expect(go(1, 'ArrowRight')).toBe(2);
    expect(go(3, 'ArrowRight')).toBe(4);
    expect(go(1, 'ArrowLeft')).toBeUndefined();
    expect(go(2, 'ArrowDown')).toBe(5);
    expect(go(3, 'ArrowDown')).toBe(6);
    expect(go(5, 'ArrowUp')).toBe(2);
    expect(go(1, 'ArrowUp')).toBeUndefined();
    expect(go(6, 'ArrowDown')).toBe(7);
    expect(go(5, 'Home')).toBe(4);
    expect(go(4, 'End')).toBe(6);
    expect(go(4, 'a')).toBeUndefined();
  });

  it('reads a curved row, or one stored from the right, left to right: not by height on the map', () => {
    const curve = [0.6, 0.1, 0.6];
    const curved = {
      ...hall,
      seat_map: {
        ...hall.seat_map,
        sections: hall.seat_map.sections.map((section) => ({
          ...section,
          rows: section.rows.map((row, r) => ({
            ...row,
            seats: row.seats.map((seat, i) => ({ ...seat, y: r * 1.3 + (curve[i] ?? 0) })),
          })),
        })),
      },
    };
    // Row A stored from the right, as a map numbered right to left may be: still read left to right.
    curved.seat_map.sections[0]!.rows[0]!.seats.reverse();
    const placed = placeSeats(curved);
    const at = (id: number) => placed.find((s) => s.id === id)!;
    expect(placed.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(nextSeat(placed, at(1), 'ArrowRight')?.id).toBe(2);
    expect(nextSeat(placed, at(1), 'End')?.id).toBe(3);
    expect(nextSeat(placed, at(2), 'ArrowDown')?.id).toBe(5);
  });
});
