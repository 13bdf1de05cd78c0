import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DaySeatStates, EventAnalytics, EventDetail, SeatMap } from '@portal/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useEventSeating } from '../../../api/seating.ts';
import { updateSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { EventAnalysisPage } from './event-analysis-page.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => updateSession({ accessToken: 'token', partnerId: 1, userId: 5 }));

const analytics = (ID: number): EventAnalytics => ({
  ID,
  name: 'Hall Concert',
  time_zone: 'UTC',
  start_date: '2000-03-01T19:00:00.000Z',
  onSale: true,
  tickets_sold: 5,
  ticket_sold_value: 250,
  tickets_open: 3,
  tickets_open_value: 150,
  total_gross_potential: 400,
  tickets_comps: 0,
  tickets_value: 400,
  sales: {
    total_face_value: 400,
    sold: 5,
    opens: 3,
    sales_today: 0,
    average_sold_per_day: 0,
    required_per_day_for_sellout: 0,
    days_left: 0,
    sales_by_day: [],
  },
  inventory: { sold: 5, comps: 0, holds: 0, opens: 3, tickets_distributed: 5, by_ticket_type: [] },
  attendance: { total_attendance: 0, attendance_by_ticket_type: [] },
});

// The first day is over, so the card opens on the second.
const event = {
  ID: 1,
  time_zone: 'UTC',
  event_days: [
    { ID: 5, event_id: 1, start_date: '2000-03-01T19:00:00.000Z', end_date: '2000-03-01T22:00:00.000Z' },
    { ID: 6, event_id: 1, start_date: '2099-03-02T19:00:00.000Z', end_date: '2099-03-02T22:00:00.000Z' },
  ],
} as Partial<EventDetail> as EventDetail;

const day = (stalls: { sold: number; free: number }, box: { sold: number; reserved: number }): DaySeatStates => ({
  seat_map: {} as SeatMap,
  seats: [],
  sections: [
    { ID: 1, name: 'Stalls', seats: 3, reserved: 0, held: 1, ...stalls },
    { ID: 2, name: 'Box', seats: 1, held: 0, free: 1 - box.sold - box.reserved, ...box },
  ],
});

/** The analysis page of event `id` on the API's answers, with every path it asks for kept in `asked`. */
function renderAnalysis(id: number, seatMapId: number | null, ui = <></>) {
  const asked: string[] = [];
  renderWithProviders(
    <>
      <Routes>
        <Route path="/event-analysis/:id" element={<EventAnalysisPage />} />
      </Routes>
      {ui}
    </>,
    (path) => {
      asked.push(path);
      if (path === `/api/events/${id}/analytics`) return analytics(id);
      if (path === `/api/events/${id}/seating`) return { seat_map_id: seatMapId, ticket_types: [] };
      if (path === '/api/events/1') return event;
      if (path === '/api/events/1/days/5/seats') return day({ sold: 2, free: 0 }, { sold: 1, reserved: 0 });
      if (path === '/api/events/1/days/6/seats') return day({ sold: 1, free: 1 }, { sold: 0, reserved: 1 });
      throw new Error(`unexpected call ${path}`);
    },
    `/event-analysis/${id}`,
  );
  return asked;
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('a seated event’s card counts each section’s seats on the first day not over, and on the day chosen', async () => {
  renderAnalysis(1, 9);
  const card = await screen.findByRole('region', { name: 'Seats by section' });
  const table = await within(card).findByRole('table', { name: 'Seats by section' });
  expect(rowTexts(table)).toEqual([
    ['Stalls', '3', '1', '0', '1', '1'],
    ['Box', '1', '0', '1', '0', '0'],
    ['All sections', '4', '1', '1', '1', '1'],
  ]);

  // jsdom scrolls nothing, and draws no transition: the list opens at once but stays unseen.
  Element.prototype.scrollIntoView ??= () => {};
  const days = within(card).getByRole('combobox', { name: 'Day' });
  expect((days as HTMLInputElement).value).toBe('03/02/2099 · 7:00 PM UTC');
  await userEvent.click(days);
  const list = document.getElementById(days.getAttribute('aria-controls')!)!;
  await userEvent.click(within(list).getByRole('option', { name: '03/01/2000 · 7:00 PM UTC', hidden: true }));
  expect(await within(card).findByRole('cell', { name: '2' })).toBeTruthy();
  expect(rowTexts(within(card).getByRole('table', { name: 'Seats by section' }))).toEqual([
    ['Stalls', '3', '2', '0', '1', '0'],
    ['Box', '1', '1', '0', '0', '0'],
    ['All sections', '4', '3', '0', '1', '0'],
  ]);
});

/** Says when the event's seating has been read: the page's card has been told by then too. */
function SeatingRead({ eventId }: { eventId: number }) {
  return useEventSeating(eventId).isSuccess ? <p>Seating read</p> : null;
}

test('an event sold without a seat map shows no card and reads no seats', async () => {
  const asked = renderAnalysis(2, null, <SeatingRead eventId={2} />);
  expect(await screen.findByRole('heading', { name: 'Hall Concert' })).toBeTruthy();
  await screen.findByText('Seating read');
  expect(screen.queryByRole('region', { name: 'Seats by section' })).toBeNull();
  expect(screen.queryByRole('table', { name: 'Seats by section' })).toBeNull();
  expect(asked.filter((path) => path !== '/api/events/2/analytics' && path !== '/api/events/2/seating')).toEqual([]);
});
