import type { DaySeatStates } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { testSeat, testSeatMap, testSection } from '../../test/seat-map.ts';
import {
  chosenCounts,
  heldAfter,
  isSavedSeating,
  seatingBody,
  seatStateName,
  startingCategories,
  stateSections,
  toggled,
} from './seating.ts';

const accessible = { accessible: true };
const map = testSeatMap('Box', [
  testSection(1, 'Stalls', 0, [testSeat(11, '1', 0), testSeat(12, '2', 1), testSeat(13, '3', 2)]),
  testSection(2, 'Box', 5, [testSeat(21, '1', 0, accessible), testSeat(22, '2', 1)]),
]);
const day: DaySeatStates = {
  seat_map: map,
  seats: [
    { ID: 11, state: 'sold' },
    { ID: 12, state: 'held' },
    { ID: 21, state: 'reserved' },
  ],
  sections: [],
};

describe('a day’s seats', () => {
  const sections = stateSections(day);
  const stalls = sections[0]!.rows[0]!.seats;

  it('gives each seat its state and a name that says it in words', () => {
    expect(stalls.map((s) => s.state)).toEqual(['sold', 'held', 'free']);
    expect(seatStateName('Stalls', 'A', stalls[0]!)).toBe('Stalls, row A, seat 1, sold');
    const box = sections[1]!.rows[0]!.seats;
    expect(seatStateName('Box', 'A', box[0]!)).toBe('Box, row A, seat 1, reserved, accessible');
    expect(sections.map((s) => s.key)).toEqual(['1', '2']);
  });

  it('chooses only free and held seats, a row at once, and unchooses it when all were chosen', () => {
    const once = toggled(new Set(), stalls);
    expect([...once].sort()).toEqual([12, 13]);
    expect([...toggled(once, stalls)]).toEqual([]);
    expect([...toggled(new Set([12]), stalls)].sort()).toEqual([12, 13]);
  });

  it('holds back the chosen free seats and releases the chosen held ones, keeping the rest', () => {
    const chosen = new Set([11, 12, 13, 22]);
    expect(chosenCounts(sections, chosen)).toEqual({ free: 2, held: 1 });
    expect(heldAfter(sections, chosen, 'hold')).toEqual([12, 13, 22]);
    expect(heldAfter(sections, chosen, 'release')).toEqual([]);
    expect(heldAfter(sections, new Set([13]), 'release')).toEqual([12]);
  });
});

describe('an event’s seating form', () => {
  const types = [
    { ID: 1, name: 'Stalls' },
    { ID: 2, name: 'box' },
  ];

  it('starts from the saved categories on the saved map, else by name, else the only category', () => {
    const saved = { seat_map_id: 9, ticket_types: [{ ID: 1, seat_category_id: 32 }] };
    expect(startingCategories(types, map, saved)).toEqual({ 1: 32, 2: 32 });
    const elsewhere = { seat_map_id: 4, ticket_types: [{ ID: 1, seat_category_id: 99 }] };
    expect(startingCategories(types, map, elsewhere)).toEqual({ 1: null, 2: 32 });
    const single = { ...map, categories: [map.categories[0]!] };
    expect(startingCategories(types, single, { seat_map_id: null, ticket_types: [] })).toEqual({ 1: 31, 2: 31 });
  });

  it('sends general admission without types, and leaves out the types that sell no seats', () => {
    expect(seatingBody(null, { 1: 31 })).toEqual({ seat_map_id: null, ticket_types: [] });
    expect(seatingBody(9, { 2: 32, 1: null })).toEqual({
      seat_map_id: 9,
      ticket_types: [{ ID: 2, seat_category_id: 32 }],
    });
  });

  it('knows the saved seating whatever order the types come in', () => {
    const saved = {
      seat_map_id: 9,
      ticket_types: [
        { ID: 1, seat_category_id: 31 },
        { ID: 2, seat_category_id: 32 },
      ],
    };
    expect(isSavedSeating(seatingBody(9, { 2: 32, 1: 31 }), saved)).toBe(true);
    expect(isSavedSeating(seatingBody(9, { 1: 31, 2: null }), saved)).toBe(false);
    expect(isSavedSeating(seatingBody(null, {}), saved)).toBe(false);
  });
});
