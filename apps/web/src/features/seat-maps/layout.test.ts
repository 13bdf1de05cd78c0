import { seatMapInputSchema, type SeatMap } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  changeSeats,
  draftOf,
  emptyDraft,
  inputOf,
  nextSectionOrigin,
  planSection,
  relabelRows,
  renumberSeats,
  rowIndex,
  rowLabel,
  rowLabels,
  withPlannedSection,
  withSavedIds,
  type SectionPlan,
} from './layout.ts';
import { seatNeighbour } from '../../lib/seat-plan.ts';

const plan = (values: Partial<SectionPlan> = {}): SectionPlan => ({
  name: 'Stalls',
  rows: 10,
  seatsPerRow: 20,
  firstRow: 'A',
  firstSeat: 1,
  aislesAfter: [],
  curve: 0,
  stagger: false,
  category: 'standard',
  ...values,
});

describe('seat map layout', () => {
  it('letters rows as theatres do, past Z', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(rowLabel)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    for (const i of [0, 25, 26, 300, 702]) expect(rowIndex(rowLabel(i))).toBe(i);
    expect(rowIndex('a1')).toBe(-1);
    expect(rowLabels('y', 4)).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(rowLabels('7', 3)).toEqual(['7', '8', '9']);
  });

  it('generates a block of rows of seats, with aisles, a curve and staggered rows', () => {
    const straight = planSection(plan(), 0, 0);
    expect(straight.rows.map((r) => r.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J']);
    expect(straight.rows[0]!.seats.map((s) => s.label)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(new Set(straight.rows[3]!.seats.map((s) => s.y))).toEqual(new Set([straight.rows[3]!.seats[0]!.y]));

    const aisled = planSection(plan({ seatsPerRow: 6, aislesAfter: [2, 4] }), 0, 0);
    expect(aisled.rows[0]!.seats.map((s) => s.x)).toEqual([0, 1, 3, 4, 6, 7]);

    const curved = planSection(plan({ seatsPerRow: 11, curve: 1 }), 0, 0);
    const ys = curved.rows[0]!.seats.map((s) => s.y);
    expect(ys[5]).toBe(0);
    expect(ys[0]).toBeLessThan(ys[3]!);
    expect(ys[0]).toBe(ys[10]);

    const staggered = planSection(plan({ stagger: true }), 0, 0);
    expect(staggered.rows[1]!.seats[0]!.x - staggered.rows[0]!.seats[0]!.x).toBe(0.5);
  });

  it('renames rows and renumbers seats in bulk', () => {
    const section = planSection(plan({ rows: 3, seatsPerRow: 4 }), 0, 0);
    expect(relabelRows(section, 'K').rows.map((r) => r.label)).toEqual(['K', 'L', 'M']);
    const rtl = renumberSeats(section, 101, 'rtl');
    expect(rtl.rows[0]!.seats.map((s) => s.label)).toEqual(['104', '103', '102', '101']);
    expect(rtl.rows[0]!.seats.map((s) => s.key)).toEqual(section.rows[0]!.seats.map((s) => s.key));
  });

  it('changes or removes the chosen seats, dropping rows and sections left empty', () => {
    const draft = { ...emptyDraft(), sections: [planSection(plan({ rows: 2, seatsPerRow: 2 }), 0, 0)] };
    const rowA = new Set(draft.sections[0]!.rows[0]!.seats.map((s) => s.key));
    const gone = changeSeats(draft, rowA, () => null);
    expect(gone.sections[0]!.rows.map((r) => r.label)).toEqual(['B']);
    const marked = changeSeats(draft, rowA, (s) => ({ ...s, accessible: true }));
    expect(marked.sections[0]!.rows[0]!.seats.every((s) => s.accessible)).toBe(true);
    expect(marked.sections[0]!.rows[1]!.seats.some((s) => s.accessible)).toBe(false);
    const all = new Set(draft.sections[0]!.rows.flatMap((r) => r.seats.map((s) => s.key)));
    expect(changeSeats(draft, all, () => null).sections).toEqual([]);
  });

  it('turns a draft into what the contract takes, and a saved map back into a draft', () => {
    const base = emptyDraft();
    const category = base.categories[0]!;
    const stalls = planSection(plan({ category: category.key }), 0, 0);
    const draft = { ...base, name: 'Main house', venue: 'Grand', sections: [stalls] };
    draft.sections.push(planSection(plan({ name: 'Circle', category: category.key }), 0, 20));
    const input = inputOf(draft);
    expect(seatMapInputSchema.safeParse(input).success).toBe(true);
    expect(input.sections[0]!.rows[0]!.seats[0]).toEqual({
      label: '1',
      x: 0,
      y: 0,
      category: 'Standard',
      accessible: false,
    });

    const saved: SeatMap = {
      ID: 1,
      venueID: 2,
      venue: 'Grand',
      name: 'Main house',
      seat_count: 400,
      updated_at: '2026-11-25T10:00:00.000Z',
      revision: 1,
      categories: [{ ID: 5, name: 'Standard', color: '#1c7ed6' }],
      sections: input.sections.map((s, i) => ({
        ...s,
        ID: 10 + i,
        rows: s.rows.map((r) => ({
          ...r,
          seats: r.seats.map((seat, j) => ({ ID: j + 1, accessible: false, ...seat })),
        })),
      })),
    };
    const again = draftOf(saved);
    expect(again.categories[0]).toMatchObject({ ID: 5, name: 'Standard' });
    expect(again.sections[0]!.rows[0]!.seats[0]!.category).toBe(again.categories[0]!.key);
    expect(inputOf(again).sections[1]).toMatchObject({ ID: 11, name: 'Circle' });
  });

  it('gives sections and categories made while a save was on its way the ids the save gave them', () => {
    const base = emptyDraft();
    const stalls = planSection(plan({ category: base.categories[0]!.key }), 0, 0);
    const submitted = { ...base, name: 'Hall', venue: 'Pier', sections: [stalls] };
    const later = { ...submitted, name: 'Hall 2', sections: [stalls, planSection(plan({ name: 'Circle' }), 0, 20)] };
    const saved = {
      categories: [{ ID: 7, name: 'Standard', color: '#1c7ed6' }],
      sections: [{ ID: 9 }],
    } as unknown as SeatMap;
    const next = withSavedIds(later, submitted, saved);
    expect(next.name).toBe('Hall 2');
    expect(next.sections.map((s) => s.ID)).toEqual([9, undefined]);
    expect(next.categories[0]!.ID).toBe(7);
  });

  it('places a new section below what is drawn', () => {
    const first = planSection(plan({ rows: 2 }), 3, 4);
    expect(nextSectionOrigin([])).toEqual({ x: 0, y: 0 });
    expect(nextSectionOrigin([first])).toEqual({ x: 3, y: 4 + 1.3 + 2.6 });
    const added = withPlannedSection({ ...emptyDraft(), sections: [first] }, plan({ name: 'Circle' }));
    expect(added.sections[1]).toMatchObject({ name: 'Circle', x: 3, y: 4 + 1.3 + 2.6 });
  });

  it('moves the focus between seats with the arrow keys, across sections', () => {
    const front = planSection(plan({ rows: 2, seatsPerRow: 3 }), 0, 0);
    const back = planSection(plan({ name: 'Circle', rows: 1, seatsPerRow: 5 }), -1, 10);
    const sections = [front, back];
    const [a1, a2, a3] = front.rows[0]!.seats.map((s) => s.key);
    const b2 = front.rows[1]!.seats[1]!.key;
    expect(seatNeighbour(sections, a1!, 'ArrowRight')).toBe(a2);
    expect(seatNeighbour(sections, a1!, 'ArrowLeft')).toBeNull();
    expect(seatNeighbour(sections, a1!, 'End')).toBe(a3);
    expect(seatNeighbour(sections, a2!, 'ArrowDown')).toBe(b2);
    expect(seatNeighbour(sections, a2!, 'ArrowUp')).toBeNull();
    // Seat 2 of row B is at x 1, which is x 2 in the circle (it starts one to the left).
    expect(seatNeighbour(sections, b2, 'ArrowDown')).toBe(back.rows[0]!.seats[2]!.key);
  });
});
