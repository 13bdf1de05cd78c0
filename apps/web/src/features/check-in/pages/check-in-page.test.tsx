import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckInCount, EventDetail, Member, Role } from '@portal/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { updateSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { CheckInPage } from './check-in-page.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => updateSession({ accessToken: 'token', partnerId: 1, userId: 5 }));

const LA = 'America/Los_Angeles';
const event = {
  ID: 7,
  name: 'Pier Nights',
  venue: 'Pier 9',
  time_zone: LA,
  time_slots: false,
  // Two evenings in Los Angeles, both after midnight in UTC; the gate opens on the first by default.
  event_days: [
    { ID: 12, event_id: 7, start_date: '2099-06-03T03:00:00.000Z', end_date: '2099-06-03T06:00:00.000Z' },
    { ID: 11, event_id: 7, start_date: '2099-06-02T03:00:00.000Z', end_date: '2099-06-02T06:00:00.000Z' },
  ],
} as Partial<EventDetail> as EventDetail;
const member = { MemberID: 3, Roles: [{ ID: 2, name: 'box office', value: 'BoxOffice' }] } as Partial<Member>;
const roles = (permissions: string[]): Partial<Role>[] => [
  { ID: 1, value: 'Admin', Permissions: [{ ID: 1, value: 'check_in' }] },
  { ID: 2, value: 'BoxOffice', Permissions: permissions.map((value, i) => ({ ID: i + 10, value })) },
];

const failure = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, error: { code: 'conflict', message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The page on the API's answers; `admitting` answers each POST of a code. */
function renderGate(admitting: (body: { code: string; event_day_id: number }) => unknown, permissions = ['check_in']) {
  const counts: Record<number, CheckInCount> = { 11: { admitted: 4, expected: 30 }, 12: { admitted: 0, expected: 25 } };
  const sent: { code: string; event_day_id: number }[] = [];
  renderWithProviders(
    <Routes>
      <Route path="/event-check-in/:id" element={<CheckInPage />} />
    </Routes>,
    (path, init) => {
      if (path === '/api/events/7') return event;
      if (path === '/api/members') return [member];
      if (path === '/api/roles') return roles(permissions);
      const day = /^\/api\/events\/7\/check-in\/days\/(\d+)$/.exec(path);
      if (day) return counts[Number(day[1])];
      if (path === '/api/events/7/check-in' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        const answer = admitting(body);
        if (!(answer instanceof Response)) counts[body.event_day_id as number]!.admitted += 1;
        return answer;
      }
      return failure(404, `Nothing at ${path}.`);
    },
    '/event-check-in/7',
  );
  return sent;
}

test('admits a typed code on the chosen day, shows the holder and seat, and the day’s count follows', async () => {
  const user = userEvent.setup();
  const sent = renderGate(() => ({
    ticket_id: 1,
    ticket_type: 'Deck',
    holder: 'Tia Turner',
    seat: { section: 'Upper deck', row: 'B', label: '4' },
    checked_in_at: '2099-06-03T03:10:00.000Z',
  }));
  const day = await screen.findByRole('combobox', { name: 'Day' });
  // Named in the event's own zone: 8 pm on June 1 and 2 in Los Angeles, in order.
  expect(
    within(day)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Mon, Jun 1, 2099, 8:00 PM PDT', 'Tue, Jun 2, 2099, 8:00 PM PDT']);
  expect(await screen.findByText('4 admitted')).toBeTruthy();
  await user.selectOptions(day, 'Tue, Jun 2, 2099, 8:00 PM PDT');
  expect(await screen.findByText('0 admitted')).toBeTruthy();
  expect(screen.getByText('of 25 expected')).toBeTruthy();

  await user.type(screen.getByRole('textbox', { name: 'Ticket code' }), 'ab12cd34{Enter}');
  const panel = screen.getByRole('status', { name: 'Last ticket' });
  expect(await within(panel).findByText('Admitted')).toBeTruthy();
  expect(within(panel).getByText('Tia Turner')).toBeTruthy();
  expect(within(panel).getByText('Deck')).toBeTruthy();
  expect(within(panel).getByText('Upper deck, row B, seat 4')).toBeTruthy();
  expect(within(panel).getByText('Ticket AB12CD34')).toBeTruthy();
  expect(sent).toEqual([{ code: 'ab12cd34', event_day_id: 12 }]);
  expect(await screen.findByText('1 admitted')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Ticket code' })).toHaveProperty('value', '');
});

test('shows the gate’s reason when a ticket is refused', async () => {
  const user = userEvent.setup();
  renderGate(() => failure(409, 'This ticket was already admitted at 8:14 PM.'));
  await user.type(await screen.findByRole('textbox', { name: 'Ticket code' }), 'ZZ99{Enter}');
  const panel = screen.getByRole('status', { name: 'Last ticket' });
  expect(await within(panel).findByText('Not admitted')).toBeTruthy();
  expect(within(panel).getByText('This ticket was already admitted at 8:14 PM.')).toBeTruthy();
  expect(within(panel).queryByText('Admitted')).toBeNull();
  expect(screen.getByText('4 admitted')).toBeTruthy();
});

test('says plainly when the camera is refused', async () => {
  const user = userEvent.setup();
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
  });
  renderGate(() => failure(500, 'not expected'));
  await user.click(await screen.findByRole('button', { name: 'Start camera' }));
  expect(await screen.findByText(/The camera is blocked for this site/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Start camera' })).toBeTruthy();
});

test('tells a member whose role lacks check-in, without asking for the count', async () => {
  renderGate(() => failure(403, 'Your role does not allow this.'), ['manage_fans']);
  expect(await screen.findByRole('heading', { name: 'Check-in is not part of your role' })).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Ticket code' })).toBeNull();
  const calls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
  expect(calls.some((url) => url.includes('/check-in/days/'))).toBe(false);
});
