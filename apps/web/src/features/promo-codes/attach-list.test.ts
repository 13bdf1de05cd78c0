import { describe, expect, it } from 'vitest';
import { attachDemo, listedEvent, openMicSeries as series } from './attach-fixtures.ts';
import { attachedRows, attachGroups, groupTypeIds, selectionState } from './attach-list.ts';

const events = [...attachDemo(), listedEvent(7, 'No Tickets Yet', 5, []), listedEvent(8, 'Autumn Talk', -5, ['Seat'])];
const list = (query = '', showPast = false) => attachGroups(events, { now: Date.now(), query, showPast });
const names = (groups: ReturnType<typeof list>['groups']) => groups.map((g) => g.name);

describe('the attach step’s list', () => {
  it('groups a series’ dates under it, upcoming first by their next date, past hidden', () => {
    const { groups, pastCount } = list();
    expect(names(groups)).toEqual(['Saltwater Sessions', 'Open Mic', 'Harbour Festival']);
    const mic = groups[1]!;
    expect(mic.series).toBe(true);
    expect(mic.occurrences.map((o) => o.event.ID)).toEqual([3, 4]);
    expect(mic.hiddenPast).toBe(1);
    // Two past events and one past date of the series; events without ticket types never show.
    expect(pastCount).toBe(3);
  });

  it('shows past events after the upcoming ones, latest first, and a series’ past dates in it', () => {
    const { groups } = list('', true);
    expect(names(groups)).toEqual(['Saltwater Sessions', 'Open Mic', 'Harbour Festival', 'Autumn Talk', 'Spring Talk']);
    expect(groups[1]!.occurrences.map((o) => [o.event.ID, o.past])).toEqual([
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(groups.slice(3).every((g) => g.past)).toBe(true);
  });

  it('searches event names, and ticket type names keeping only the matching types', () => {
    expect(names(list('HARBOUR').groups)).toEqual(['Harbour Festival']);
    const vip = list('vip').groups;
    expect(names(vip)).toEqual(['Saltwater Sessions', 'Open Mic']);
    expect(vip.flatMap((g) => g.occurrences.flatMap((o) => o.types.map((t) => t.name)))).toEqual(['VIP', 'VIP', 'VIP']);
    expect(list('talk')).toEqual({ groups: [], pastCount: 2 });
  });

  it('selects all of a series over the types shown, checked, unchecked or mixed', () => {
    const mic = list().groups[1]!;
    const ids = groupTypeIds(mic);
    expect(ids).toEqual([300, 301, 400, 401]);
    expect(selectionState(ids, {})).toEqual({ chosen: 0, all: false, some: false });
    expect(selectionState(ids, { 300: -1 })).toEqual({ chosen: 1, all: false, some: true });
    expect(selectionState(ids, { 300: -1, 301: 5, 400: -1, 401: -1, 999: 1 })).toEqual({
      chosen: 4,
      all: true,
      some: false,
    });
  });

  it('sums a series up in the summary as one row per ticket type and quantity', () => {
    expect(attachedRows(events, { 200: -1, 300: -1, 400: -1, 401: 10, 600: 30 })).toEqual([
      { key: `series ${series} -1 Entry`, event: 'Open Mic', name: 'Entry', quantity: -1, dates: 3 },
      { key: `series ${series} 10 VIP`, event: 'Open Mic', name: 'VIP', quantity: 10, dates: 1 },
      { key: 'type 600', event: 'Saltwater Sessions', name: 'General Admission', quantity: 30, dates: 1 },
    ]);
  });
});
