import type { CheckoutBody, PublicEvent, SeatHoldBody } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, sampleSource, type WidgetSource } from './mount.ts';
import { hall } from './seating/test-hall.ts';
import { look } from './test-look.ts';

const play: PublicEvent = {
  ID: 5,
  name: 'The Tempest',
  venue: 'Harbour Hall',
  description: '',
  image: '',
  time_zone: 'Europe/London',
  time_slots: false,
  seated: true,
  transfering_allowed: true,
  selling_allowed: true,
  days: [{ ID: 50, start_date: '2026-12-12T19:30:00Z', end_date: '2026-12-12T22:00:00Z', left: null }],
  ticket_types: [],
};
const hold = '6f1c1c3e-8a56-4a43-9d0e-1b2c3d4e5f60';

/** Waits for what the buyer waits for: a text on the widget. */
async function sees(root: ShadowRoot, text: string) {
  await vi.waitFor(() => expect(root.textContent).toContain(text));
}

describe('buying seats in the widget', () => {
  afterEach(() => document.body.replaceChildren());

  function mount(overrides: Partial<WidgetSource> = {}) {
    const sent: { holds: SeatHoldBody[]; checkouts: Omit<CheckoutBody, 'partner_id'>[]; released: string[] } = {
      holds: [],
      checkouts: [],
      released: [],
    };
    const source: WidgetSource = {
      ...sampleSource(),
      resales: async () => [],
      events: async () => [play],
      daySeats: async () => hall,
      seatChooser: () => import('./seating/chooser.ts'),
      async holdSeats(_event, _day, body) {
        sent.holds.push(body);
        const ids = 'seat_ids' in body ? body.seat_ids : [1, 2];
        return {
          hold,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
          seats: ids.map((ID) => ({
            ID,
            section: 'Stalls',
            row: ID <= 3 ? 'A' : 'B',
            label: String(ID <= 3 ? ID : ID - 3),
            seat_category_id: ID <= 2 ? 10 : 11,
          })),
        };
      },
      async releaseSeats(token) {
        sent.released.push(token);
      },
      async checkout(body) {
        sent.checkouts.push(body);
        return {
          order_ids: [1],
          total: 185,
          tickets: [
            {
              ID: 1,
              code: 'AAAA',
              ticket_type: 'Premium',
              price: 80,
              seat: { section: 'Stalls', row: 'A', label: '1' },
            },
          ],
        };
      },
      ...overrides,
    };
    const host = document.body.appendChild(document.createElement('div'));
    mountWidget(host, source, look({ partner_name: 'Harbour Hall' }));
    return { root: host.shadowRoot!, sent };
  }

  const seatOnMap = (root: ShadowRoot, name: string) =>
    [...root.querySelectorAll<SVGElement>('circle')].find((c) => c.getAttribute('aria-label')!.startsWith(name))!;
  const button = (root: ShadowRoot, text: string) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent === text)!;

  it('chooses seats on the map by keyboard and in the list, holds them, and pays for each with a type that sells it', async () => {
    const { root, sent } = mount();
    await sees(root, 'The Tempest');
    root.querySelector<HTMLButtonElement>('article button')!.click();
    await sees(root, 'Premium $80.00');

    const first = seatOnMap(root, 'Stalls, row A, seat 1,');
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(seatOnMap(root, 'Stalls, row A, seat 3,').getAttribute('aria-label')).toBe(
      'Stalls, row A, seat 3, Stalls from $25.00, taken',
    );
    const press = (key: string) =>
      root.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    first.focus();
    press(' ');
    press('ArrowRight');
    press(' ');
    expect(first.getAttribute('aria-checked')).toBe('true');
    expect(seatOnMap(root, 'Stalls, row A, seat 2,').getAttribute('aria-checked')).toBe('true');
    await sees(root, '2 seats chosen: Stalls row A seat 1; Stalls row A seat 2.');

    button(root, 'List of seats').click();
    const inList = (name: string) => root.querySelector<HTMLInputElement>(`input[aria-label^="${name}"]`)!;
    expect(inList('Stalls, row A, seat 1,').checked).toBe(true);
    expect(inList('Stalls, row A, seat 3,').disabled).toBe(true);
    inList('Stalls, row B, seat 1,').click();
    button(root, 'Continue with 3 seats').click();
    await sees(root, 'Your seats are held for you for');
    expect(sent.holds).toEqual([{ seat_ids: [1, 2, 4] }]);

    // Row B seat 1 is sold by two types: the buyer picks one; the others have one each.
    const typeOfB1 = root.querySelector<HTMLSelectElement>('select[aria-label="Ticket for Stalls row B seat 1"]')!;
    typeOfB1.value = '102';
    typeOfB1.dispatchEvent(new Event('change', { bubbles: true }));
    await sees(root, 'Total before promo: $185.00');
    const fill = (name: string, value: string) => {
      root.querySelector<HTMLInputElement>(`input[name=${name}]`)!.value = value;
    };
    fill('name', 'Miranda Prospero');
    fill('email', 'miranda@fans.test');
    fill('card', '4242424242424242');
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await sees(root, 'Thank you, Miranda Prospero!');
    expect(root.textContent).toContain('Premium, Stalls, row A, seat 1: AAAA');
    expect(sent.checkouts).toEqual([
      {
        event_id: 5,
        event_day_id: 50,
        seat_hold: hold,
        seat_types: [
          { seat_id: 1, ticket_type_id: 100 },
          { seat_id: 2, ticket_type_id: 100 },
          { seat_id: 4, ticket_type_id: 102 },
        ],
        items: [
          { ticket_type_id: 100, quantity: 2 },
          { ticket_type_id: 102, quantity: 1 },
        ],
        buyer: { email: 'miranda@fans.test', full_name: 'Miranda Prospero' },
        payment_method: '4242424242424242',
      },
    ]);
  });

  it('lets go of a hold that answers after the buyer moved to another day, and draws nothing of it', async () => {
    let answer: (value: Awaited<ReturnType<WidgetSource['holdSeats']>>) => void = () => undefined;
    const { root, sent } = mount({
      events: async () => [
        {
          ...play,
          days: [
            ...play.days,
            { ID: 51, start_date: '2026-12-13T19:30:00Z', end_date: '2026-12-13T22:00:00Z', left: null },
          ],
        },
      ],
      holdSeats: () => new Promise((resolve) => (answer = resolve)),
    });
    await sees(root, 'The Tempest');
    root.querySelector<HTMLButtonElement>('article button')!.click();
    await sees(root, 'Find best seats');
    button(root, 'Find best seats').click();
    await sees(root, 'Holding your seats…');
    const day = root.querySelector<HTMLSelectElement>('select[name=day]')!;
    day.value = '51';
    day.dispatchEvent(new Event('change'));
    await sees(root, 'Find best seats');
    answer({ hold, expires_at: new Date(Date.now() + 600_000).toISOString(), seats: [] });
    await vi.waitFor(() => expect(sent.released).toEqual([hold]));
    expect(root.textContent).not.toContain('Your seats');
  });

  it('sells the tickets without a seat as at an event without seats', async () => {
    const standing = { ID: 103, name: 'Standing', description: '', price: 15, left: 40 };
    const { root } = mount({ events: async () => [{ ...play, ticket_types: [standing] }] });
    await sees(root, 'The Tempest');
    root.querySelector<HTMLButtonElement>('article button')!.click();
    await sees(root, 'Tickets without a seat: Standing');
    button(root, 'Tickets without a seat: Standing').click();
    await vi.waitFor(() => expect(root.querySelector('input[aria-label="Standing quantity"]')).not.toBeNull());
    expect(root.querySelector('svg')).toBeNull();
  });

  it('asks for the best seats together, lets them go to choose others, and reads the map again when a seat was taken', async () => {
    let refused = false;
    const { root, sent } = mount({
      async holdSeats(_event, _day, body) {
        sent.holds.push(body);
        if (!refused) {
          refused = true;
          throw new Error('Stalls row A seat 1 was just taken by another buyer. Choose other seats.');
        }
        return { hold, expires_at: new Date(Date.now() + 600_000).toISOString(), seats: [] };
      },
    });
    await sees(root, 'The Tempest');
    root.querySelector<HTMLButtonElement>('article button')!.click();
    await sees(root, 'Find best seats');
    root.querySelector<HTMLSelectElement>('select[name=type]')!.value = '101';
    button(root, 'Find best seats').click();
    await sees(root, 'Stalls row A seat 1 was just taken by another buyer. Choose other seats.');
    expect(root.querySelector('[role=alert]')).not.toBeNull();
    expect(sent.holds).toEqual([{ best_available: { ticket_type_id: 101, count: 2 } }]);

    button(root, 'Find best seats').click();
    await sees(root, 'Your seats are held for you for');
    button(root, 'Choose other seats').click();
    await sees(root, 'Find best seats');
    expect(sent.released).toEqual([hold]);
  });
});
