import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FanData } from '@portal/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { TicketHistory } from './ticket-history.tsx';

afterEach(() => vi.unstubAllGlobals());

const LA = 'America/Los_Angeles';
// 8 pm on December 14, 2027 in Los Angeles is already December 15 in UTC.
const show = { Event: 'Pier Farewell', EventDate: '2027-12-15T04:00:00.000Z', TimeZone: LA, TicketType: 'Deck' };

type Purchase = FanData['TicketHistory']['Purchases'][number];
const purchase = (ID: number, Status: Purchase['Status'], Refund: Purchase['Refund']): Purchase => ({
  ...show,
  ID,
  EndDate: '2027-12-15T06:00:00.000Z',
  IsSlot: false,
  PrimaryOrSecondary: 'Primary',
  Quantity: 1,
  Price: 25,
  TransactionDate: '2026-11-20T18:00:00.000Z',
  Status,
  Refund,
});

const history: FanData['TicketHistory'] = {
  Purchases: [
    purchase(2, 'refunded', { amount: 15, date: '2026-11-22T02:30:00.000Z' }),
    purchase(1, 'completed', null),
  ],
  Attendance: [],
  Transfers: [
    {
      ...show,
      ID: 7,
      TransferedFrom: 'gil@fans.test',
      TransferedTo: 'tia@fans.test',
      DateOfTransfer: '2026-11-21T20:00:00.000Z',
      DateOfPurchase: '2026-11-20T18:00:00.000Z',
    },
  ],
  TicketsSolds: [],
};

test('a refunded purchase says what went back and when, in the event’s zone', () => {
  renderWithProviders(<TicketHistory history={history} />);
  const rows = within(screen.getByRole('table', { name: 'Purchases' })).getAllByRole('row');
  expect(rows[1]!.textContent).toMatch(/refunded\$15\.00 refunded on Nov 21, 2026, 6:30\sPM PST/);
  expect(rows[2]!.textContent).not.toMatch(/refunded on/);
});

test('a transfer names both its giver and its recipient, with the event’s own day', async () => {
  renderWithProviders(<TicketHistory history={history} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Transfers' }));
  const table = screen.getByRole('table', { name: 'Transfers' });
  const head = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(head).toEqual([
    'Event',
    'Date',
    'Transferred from',
    'Transferred to',
    'Date of transfer',
    'Ticket type',
    'Date of purchase',
  ]);
  const cells = within(within(table).getAllByRole('row')[1]!)
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells.slice(0, 4)).toEqual(['Pier Farewell', 'Dec 14, 2027', 'gil@fans.test', 'tia@fans.test']);
  expect(cells[4]).toMatch(/^Nov 21, 2026, 12:00\sPM PST$/);
});
