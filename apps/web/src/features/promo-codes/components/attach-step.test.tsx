import { MantineProvider } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachDemo, listedEvent } from '../attach-fixtures.ts';
import { newPromoDraft } from '../draft.ts';
import { AttachStep } from './attach-step.tsx';

const demo = attachDemo();

afterEach(() => vi.unstubAllGlobals());

/** The step as the wizard holds it, on the given events; answers what it attached so far. */
function renderStep(events: EventListItem[]) {
  window.matchMedia ??= () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }) as never;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: events }), { status: 200 })),
  );
  const attached = { current: {} as Record<number, number> };
  function Wizard() {
    const [draft, setDraft] = useState(newPromoDraft);
    attached.current = draft.attached;
    return <AttachStep draft={draft} update={(patch) => setDraft((d) => ({ ...d, ...patch }))} partnerId={1} />;
  }
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <Wizard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return attached;
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Attach to Ticket Type', () => {
  it('lists upcoming events first with their dates in their own zone, a series once, past ones on demand', async () => {
    renderStep(demo);
    expect(await screen.findByRole('heading', { name: 'Saltwater Sessions' })).toBeTruthy();
    expect(headings()).toEqual(['Saltwater Sessions', 'Open Mic', 'Harbour Festival']);
    const concert = screen.getByRole('region', { name: /^Saltwater Sessions/ });
    // Named in the event's zone (Pacific), not the browser's.
    expect(concert.textContent).toMatch(/\d{4}, \d{1,2}:\d{2} (AM|PM) P[SD]T/);
    expect(
      within(screen.getByRole('region', { name: /^Open Mic 2 dates/ })).getByText(
        /^2 dates · .* · 1 date past, hidden$/,
      ),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('switch', { name: 'Show past events (2)' }));
    expect(headings()).toEqual(['Saltwater Sessions', 'Open Mic', 'Harbour Festival', 'Spring Talk']);
    expect(within(screen.getByRole('region', { name: /^Spring Talk/ })).getByText('Past')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select all 3 dates of Open Mic' })).toBeTruthy();
  });

  it('filters by event name and by ticket type name as one types', async () => {
    renderStep(demo);
    const search = await screen.findByRole('searchbox', { name: 'Search events or ticket types' });
    await userEvent.type(search, 'vip');
    expect(headings()).toEqual(['Saltwater Sessions', 'Open Mic']);
    const concert = screen.getByRole('region', { name: /^Saltwater Sessions/ });
    expect(within(concert).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(concert).getByRole('checkbox', { name: 'VIP' })).toBeTruthy();

    await userEvent.clear(search);
    await userEvent.type(search, 'talk');
    expect(screen.getByText('No upcoming event matches “talk”. Show past events to see 1 past one.')).toBeTruthy();
  });

  it('selects every date of a series at once, and shows a mixed state when some are chosen', async () => {
    const attached = renderStep(demo);
    const mic = await screen.findByRole('region', { name: /^Open Mic 2 dates/ });
    const all = within(mic).getByRole('checkbox', { name: 'Select all 2 dates of Open Mic' });
    await userEvent.click(all);
    // The upcoming dates only: the past one is hidden, and a code there would never be used.
    expect(attached.current).toEqual({ 300: -1, 301: -1, 400: -1, 401: -1 });
    expect(within(mic).getByText('4 of 4 ticket types selected')).toBeTruthy();
    expect(screen.getByText('4 ticket types selected.')).toBeTruthy();

    await userEvent.click(within(mic).getByRole('button', { name: 'Show dates' }));
    const second = within(mic).getAllByRole('group')[1]!;
    await userEvent.click(within(second).getByRole('checkbox', { name: 'VIP' }));
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect((all as HTMLInputElement).checked).toBe(false);

    await userEvent.click(all);
    expect(Object.keys(attached.current)).toHaveLength(4);
    await userEvent.click(all);
    expect(attached.current).toEqual({});
    expect(screen.getByText('No ticket type selected yet.')).toBeTruthy();
  });

  it('keeps a chosen quantity when the whole series is selected', async () => {
    const attached = renderStep(demo);
    const mic = await screen.findByRole('region', { name: /^Open Mic 2 dates/ });
    await userEvent.click(within(mic).getByRole('button', { name: 'Show dates' }));
    const first = within(mic).getAllByRole('group')[0]!;
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Entry' }));
    await userEvent.type(within(first).getByRole('textbox', { name: /^Quantity for Open Mic, .* Entry$/ }), '25');
    await userEvent.click(within(mic).getByRole('checkbox', { name: /^Select all/ }));
    expect(attached.current).toEqual({ 300: 25, 301: -1, 400: -1, 401: -1 });
  });

  it('draws a long list a page at a time', async () => {
    renderStep(Array.from({ length: 45 }, (_, i) => listedEvent(i + 1, `Show ${i + 1}`, i + 1, ['Seat'])));
    await screen.findByRole('heading', { name: 'Show 1' });
    expect(headings()).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show more events (25 more)' }));
    expect(headings()).toHaveLength(40);
    expect(headings()[39]).toBe('Show 40');
  });
});
