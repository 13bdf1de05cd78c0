import { screen } from '@testing-library/react';
import type { EventDetail, TicketType } from '@portal/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers.tsx';
import { TicketTypesTab } from './ticket-types-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const type = (ID: number, name: string, sold: number, comps: number): TicketType => ({
  ID,
  name,
  initial_price: 50,
  description: '',
  amount: 100,
  holds_amount: 0,
  sold,
  comps,
  status: true,
  template_id: ID,
  template_image: '',
  event_id: 1,
  secondary_royalty: 0.05,
  selling_time: null,
});

test('each ticket type shows sold and comps apart, as the event’s analytics count them', () => {
  const event = {
    ID: 1,
    time_zone: 'Europe/London',
    selling_time: null,
    start_date: '2027-06-01T19:00:00.000Z',
    ticket_types: [type(1, 'GA', 5, 1), type(2, 'VIP', 2, 0), type(3, 'Guest list', 0, 4)],
  } as Partial<EventDetail> as EventDetail;
  renderWithProviders(<TicketTypesTab event={event} partnerId={1} />);
  expect(screen.getByRole('article', { name: 'GA' }).textContent).toContain('5 of 100 sold · 1 comp · royalty 5%');
  expect(screen.getByRole('article', { name: 'VIP' }).textContent).toContain('2 of 100 sold · royalty 5%');
  expect(screen.getByRole('article', { name: 'Guest list' }).textContent).toContain(
    '0 of 100 sold · 4 comps · royalty 5%',
  );
});
