import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DaySeatStates, EventDetail } from '@portal/contract';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { updateSession } from '../../../../lib/session.ts';
import { renderWithProviders } from '../../../../test/render-with-providers.tsx';
import { testSeat, testSeatMap, testSection } from '../../../../test/seat-map.ts';
import { SeatingTab } from './seating-tab.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => updateSession({ accessToken: 'token', partnerId: 1, userId: 5 }));

const event = {
  ID: 1,
  time_zone: 'UTC',
  ticket_types: [
    { ID: 1, name: 'Stalls' },
    { ID: 2, name: 'Box' },
  ],
  event_days: [{ ID: 5, event_id: 1, start_date: '2099-03-01T19:00:00.000Z', end_date: '2099-03-01T22:00:00.000Z' }],
} as Partial<EventDetail> as EventDetail;

const premium = { category: 'Premium' };
const map = testSeatMap('Premium', [
  testSection(1, 'Stalls', 0, [testSeat(11, '1', 0), testSeat(12, '2', 1), testSeat(13, '3', 2)]),
  testSection(2, 'Box', 4, [testSeat(21, '1', 0, premium)]),
]);
const counts = (held: number) => [
  { ID: 1, name: 'Stalls', seats: 3, sold: 1, reserved: 0, held, free: 2 - held },
  { ID: 2, name: 'Box', seats: 1, sold: 0, reserved: 1, held: 0, free: 0 },
];
const day = (held: number[]): DaySeatStates => ({
  seat_map: map,
  seats: [
    { ID: 11, state: 'sold' },
    ...held.map((ID) => ({ ID, state: 'held' as const })),
    { ID: 21, state: 'reserved' },
  ],
  sections: counts(held.length),
});
const saved = {
  seat_map_id: 9,
  ticket_types: [
    { ID: 1, seat_category_id: 31 },
    { ID: 2, seat_category_id: 32 },
  ],
};

function renderTab(answerPut: (path: string, body: unknown) => unknown) {
  renderWithProviders(<SeatingTab event={event} />, (path, init) => {
    if (init?.method === 'PUT') return answerPut(path, JSON.parse(String(init.body)));
    if (path === '/api/events/1/seating') return saved;
    if (path === '/api/partner/v1/seatmaps/seatmaps') return [map];
    if (path === '/api/partner/v1/seatmaps/seatmap') return map;
    if (path === '/api/events/1/days/5/seats') return day([]);
    throw new Error(`unexpected call ${path}`);
  });
}

test('holds back chosen free seats, never a sold one, and shows the counts by section', async () => {
  const sent: unknown[] = [];
  renderTab((path, body) => {
    expect(path).toBe('/api/events/1/days/5/held-seats');
    sent.push(body);
    return day([12, 13]);
  });
  const sold = await screen.findByRole('checkbox', { name: 'Stalls, row A, seat 1, sold' });
  expect(sold.getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(sold);
  expect(sold.getAttribute('aria-checked')).toBe('false');
  expect(screen.getByRole('button', { name: 'Hold back' })).toHaveProperty('disabled', true);

  // The seats are one tab stop: the keyboard chooses as the pointer does.
  sold.focus();
  await userEvent.keyboard('{ArrowRight}');
  expect(document.activeElement?.getAttribute('aria-label')).toBe('Stalls, row A, seat 2, free');
  await userEvent.keyboard(' ');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Stalls, row A, seat 3, free' }));
  expect(screen.getByText('2 seats chosen: 2 free, 0 held back.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Hold back' }));
  expect(await screen.findByRole('checkbox', { name: 'Stalls, row A, seat 2, held' })).toBeTruthy();
  expect(sent).toEqual([{ seat_ids: [12, 13] }]);
  expect(screen.getByRole('checkbox', { name: 'Box, row A, seat 1, reserved' })).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Seats by section' });
  expect(table.textContent).toContain('All sections');
  expect(screen.getByRole('list', { name: 'What the seats show' }).textContent).toContain('Held back');
});

test('saves each ticket type’s category and says plainly why a change was refused', async () => {
  const sent: unknown[] = [];
  renderTab((path, body) => {
    expect(path).toBe('/api/events/1/seating');
    sent.push(body);
    return new Response(
      JSON.stringify({
        success: false,
        error: {
          code: 'conflict',
          message: 'Seats of this event are already sold or held, so its seat map cannot change.',
        },
      }),
      { status: 409, headers: { 'content-type': 'application/json' } },
    );
  });
  const save = await screen.findByRole('button', { name: 'Save seating' });
  expect(save).toHaveProperty('disabled', true);
  expect((screen.getByRole('combobox', { name: 'Seat map' }) as HTMLInputElement).value).toBe(
    'Hall · Riverside · 4 seats',
  );
  const stalls = await screen.findByRole('combobox', { name: 'Ticket type Stalls category' });
  expect((stalls as HTMLInputElement).value).toBe('Standard');

  // jsdom scrolls nothing, and draws no transition: the list opens at once but stays unseen.
  Element.prototype.scrollIntoView ??= () => {};
  await userEvent.click(stalls);
  const list = document.getElementById(stalls.getAttribute('aria-controls')!)!;
  await userEvent.click(within(list).getByRole('option', { name: 'Sells no seats', hidden: true }));
  await userEvent.click(save);
  await waitFor(() => expect(sent).toEqual([{ seat_map_id: 9, ticket_types: [{ ID: 2, seat_category_id: 32 }] }]));
  expect(
    await screen.findByText('Seats of this event are already sold or held, so its seat map cannot change.'),
  ).toBeTruthy();
});
