import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventListItem, EventsByPeriod, Member, Role } from '@portal/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useMemberPermissions } from '../../../api/permissions.ts';
import { updateSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { EventListPage } from './event-list-page.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => updateSession({ accessToken: 'token', partnerId: 1, userId: 5 }));

const event = {
  ID: 7,
  name: 'Pier Nights',
  venue: 'Pier 9',
  event_type: 'concert',
  time_zone: 'UTC',
  start_date: '2099-06-02T19:00:00.000Z',
  selling_time: null,
  total_event_budget: 0,
  time_slots: false,
  recurrence_id: null,
  event_days: [],
  active_on_widget: false,
} as Partial<EventListItem> as EventListItem;
const groups: EventsByPeriod = [{ period: 'June 2099', events: [event] }];

/** Says when the member's permissions are known: the list, reading the same cache, knows them too. */
function PermissionsKnown() {
  return useMemberPermissions() ? <p>Permissions known</p> : null;
}

function renderList(permissions: string[]) {
  const member = { MemberID: 3, Roles: [{ ID: 2, name: 'custom', value: 'Custom' }] } as Partial<Member>;
  const roles: Partial<Role>[] = [
    { ID: 2, value: 'Custom', Permissions: permissions.map((value, i) => ({ ID: i, value })) },
  ];
  renderWithProviders(
    <Routes>
      <Route
        path="/event-list"
        element={
          <>
            <EventListPage />
            <PermissionsKnown />
          </>
        }
      />
      <Route path="/event-check-in/:id" element={<p>Gate of event 7</p>} />
    </Routes>,
    (path) => {
      if (path === '/api/events') return groups;
      if (path === '/api/members') return [member];
      if (path === '/api/roles') return roles;
      return [];
    },
    '/event-list',
  );
}

test('offers check-in on each event to a member whose role includes it', async () => {
  renderList(['view_analytics', 'check_in']);
  const card = await screen.findByRole('article', { name: 'Pier Nights' });
  await userEvent.click(await within(card).findByRole('button', { name: 'Check-in' }));
  expect(await screen.findByText('Gate of event 7')).toBeTruthy();
});

test('shows no check-in to a member whose role lacks it', async () => {
  renderList(['view_analytics', 'manage_events']);
  const card = await screen.findByRole('article', { name: 'Pier Nights' });
  await screen.findByText('Permissions known');
  expect(within(card).getByRole('button', { name: 'Analytics' })).toBeTruthy();
  expect(within(card).queryByRole('button', { name: 'Check-in' })).toBeNull();
});
