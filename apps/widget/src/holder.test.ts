import type { HolderTicket } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, sampleSource, type WidgetSource } from './mount.ts';
import { look } from './test-look.ts';

const ticket = (over: Partial<HolderTicket>): HolderTicket => ({
  ID: 1,
  code: 'ABC123',
  pass: `PT1.7.ABC123.1.${'A'.repeat(86)}`,
  status: 'valid',
  event_id: 7,
  event_name: 'Saltwater Sessions',
  venue: 'The Pier',
  start_date: '2027-12-16T04:00:00Z',
  time_zone: 'America/Los_Angeles',
  ticket_type: 'General Admission',
  seat: null,
  checked_in: false,
  transferable: true,
  resellable: true,
  ...over,
});

/** A fan holding one valid ticket and one refunded; a transfer gives the valid one away. */
function holderSource() {
  let held = [
    ticket({}),
    ticket({ ID: 2, code: 'REF999', pass: '', status: 'refunded', transferable: false, resellable: false }),
  ];
  const transfer = vi.fn(async (id: number) => {
    held = held.filter((t) => t.ID !== id);
  });
  const source: WidgetSource = { ...sampleSource(), tickets: async () => held, transfer };
  return { source, transfer };
}

function mount(source: WidgetSource, tab: 'sell' | 'existing') {
  const host = document.body.appendChild(document.createElement('div'));
  mountWidget(host, source, look(), tab);
  return host.shadowRoot!;
}
const cards = (root: ShadowRoot) => [...root.querySelectorAll('article')];
/** The cards once the tickets have arrived, as a person waits for them. */
const shown = async (root: ShadowRoot) => {
  await vi.waitFor(() => expect(cards(root).length).toBeGreaterThan(0));
  return cards(root);
};

describe("the holder's tabs", () => {
  afterEach(() => document.body.replaceChildren());

  it('marks a refunded ticket as refunded in Existing Tickets, its code struck and said to be void', async () => {
    const root = mount(holderSource().source, 'existing');
    const [valid, refunded] = await shown(root);
    expect(valid!.getAttribute('aria-label')).toBe('Saltwater Sessions General Admission');
    expect(valid!.className).toBe('card');
    expect(refunded!.getAttribute('aria-label')).toBe('Saltwater Sessions General Admission, Refunded');
    expect(refunded!.className).toBe('card off');
    expect(refunded!.querySelector('.badge.off')!.textContent).toBe('Refunded');
    expect(refunded!.textContent).toContain('Code REF999');
    expect(refunded!.textContent).toContain('This ticket was refunded: its code no longer gets anyone in.');
    expect(refunded!.querySelector('button')).toBeNull();
  });

  it('shows a valid ticket’s QR code and offers its PDF; a refunded ticket has neither', async () => {
    const ticketPdf = vi.fn(async () => new Blob(['%PDF-1.3'], { type: 'application/pdf' }));
    const refused = vi.fn(async () =>
      Promise.reject(new Error('Only a valid ticket can be downloaded: this one is not.')),
    );
    URL.createObjectURL = vi.fn(() => 'blob:ticket');
    URL.revokeObjectURL = vi.fn();
    const { source } = holderSource();
    const root = mount({ ...source, ticketPdf }, 'existing');
    const [valid, refunded] = await shown(root);
    const qr = valid!.querySelector('svg.qr')!;
    expect(qr.getAttribute('role')).toBe('img');
    expect(qr.getAttribute('aria-label')).toBe('QR code of ticket ABC123');
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(refunded!.querySelector('svg')).toBeNull();
    expect(refunded!.textContent).not.toContain('Download PDF');

    const download = [...valid!.querySelectorAll('button')].find((b) => b.textContent === 'Download PDF')!;
    download.click();
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(ticketPdf).toHaveBeenCalledWith(1);

    document.body.replaceChildren();
    const failing = mount({ ...source, ticketPdf: refused }, 'existing');
    const [again] = await shown(failing);
    [...again!.querySelectorAll('button')].find((b) => b.textContent === 'Download PDF')!.click();
    await vi.waitFor(() =>
      expect(again!.querySelector('[role="alert"]')?.textContent).toContain('Only a valid ticket can be downloaded'),
    );
  });

  it('shows each ticket code in Sell and Transfer, and never offers a refunded ticket there', async () => {
    const root = mount(holderSource().source, 'sell');
    await shown(root);
    expect(cards(root).map((c) => c.getAttribute('aria-label'))).toEqual(['Saltwater Sessions General Admission']);
    expect(cards(root)[0]!.querySelector('.code')!.textContent).toBe('ABC123');
    expect(root.textContent).not.toContain('REF999');
  });

  it('confirms a transfer with the ticket, its event and the recipient, above the reloaded list', async () => {
    const { source, transfer } = holderSource();
    const root = mount(source, 'sell');
    const card = (await shown(root))[0]!;
    [...card.querySelectorAll('button')].find((b) => b.textContent === 'Transfer')!.click();
    card.querySelector<HTMLInputElement>('input[name=email]')!.value = ' jane@example.com ';
    card.querySelector<HTMLInputElement>('input[name=name]')!.value = 'Jane Doe';
    const submit = card.querySelector<HTMLButtonElement>('button[type=submit]')!;
    card.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(submit.disabled).toBe(true);
    await vi.waitFor(() => expect(root.querySelector('[role=status]')).not.toBeNull());

    expect(transfer).toHaveBeenCalledOnce();
    expect(transfer).toHaveBeenCalledWith(1, 'jane@example.com', 'Jane Doe');
    const notice = root.querySelector('[role=status]')!;
    expect(notice.textContent).toContain(
      'Ticket ABC123 (General Admission, Saltwater Sessions) transferred to Jane Doe (jane@example.com).',
    );
    expect(notice.textContent).toContain('The code ABC123 no longer works');
    expect(root.activeElement).toBe(notice);
    expect(cards(root)).toHaveLength(0);
    expect(root.textContent).toContain('None of your tickets can be sold or transferred here.');
  });

  it('keeps the form and says why when a transfer is refused', async () => {
    const { source } = holderSource();
    const root = mount({ ...source, transfer: () => Promise.reject(new Error('Transfers are not allowed.')) }, 'sell');
    const card = (await shown(root))[0]!;
    [...card.querySelectorAll('button')].find((b) => b.textContent === 'Transfer')!.click();
    card.querySelector<HTMLInputElement>('input[name=email]')!.value = 'jane@example.com';
    card.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(card.querySelector('[role=alert]')?.textContent).toBe('Transfers are not allowed.'));
    expect(card.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
  });
});
