import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, sampleSource } from './mount.ts';
import { apiSource } from './source.ts';
import { look } from './test-look.ts';

const partnerLook = look({
  primary_brand_color: '#C2185B',
  title_brand_font: 'Playfair Display',
  font_faces: [{ family: 'House', url: 'https://portal.test/api/files/x.woff2' }],
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the widget', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.head.replaceChildren();
  });

  function mount() {
    const host = document.body.appendChild(document.createElement('div'));
    const widget = mountWidget(host, sampleSource(), partnerLook);
    return { host, root: host.shadowRoot!, widget };
  }

  it('draws into a shadow root in the partner colours, with fonts declared on the document under its own names', async () => {
    const { host, root } = mount();
    await tick();
    expect(host.childNodes).toHaveLength(0);
    const tabs = [...root.querySelectorAll('[role=tab]')].map((t) => [t.textContent, t.getAttribute('aria-selected')]);
    expect(tabs).toEqual([
      ['Buy Tickets', 'true'],
      ['Sell and Transfer', 'false'],
      ['Existing Tickets', 'false'],
    ]);
    expect([...root.querySelectorAll('article')].map((a) => a.getAttribute('aria-label'))).toEqual([
      'Summer Sounds Festival',
      'Comedy Night Live',
      'Jazz at Sunset',
      'Resale: Summer Sounds Festival General Admission',
    ]);
    const theme = [...root.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(theme).toContain('--primary:#C2185B');
    expect(theme).toContain('--title-font:"ppw Playfair Display", system-ui');
    expect(theme).toContain(':host{all:initial');
    expect(document.head.textContent).toContain(
      '@font-face{font-family:"ppw House";src:url("https://portal.test/api/files/x.woff2")',
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    const { root } = mount();
    const [buy, sell] = [...root.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    buy!.focus();
    buy!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(sell!.getAttribute('aria-selected')).toBe('true');
    await tick();
    expect(root.querySelector('[role=tabpanel]')!.textContent).toContain('Transfer');
  });

  it('buys nothing in the preview', async () => {
    const { root } = mount();
    await tick();
    root.querySelector<HTMLButtonElement>('article button')!.click();
    root.querySelector<HTMLInputElement>('input[type=number]')!.value = '1';
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await tick();
    await tick();
    expect(root.querySelector('[role=alert]')!.textContent).toBe(
      'This is a preview: nothing is bought, sent or changed.',
    );
  });

  it('takes the session from the sign-in link fragment into this tab and wipes the fragment', () => {
    history.replaceState(null, '', '/tickets?x=1#ppw_token=abc.def&keep=1');
    const source = apiSource('http://api.test', 7);
    expect(source.justSignedIn).toBe(true);
    expect(source.signedIn()).toBe(true);
    expect(sessionStorage.getItem('ppw-token:http://api.test:7')).toBe('abc.def');
    expect(location.pathname + location.search + location.hash).toBe('/tickets?x=1#keep=1');
    source.signOut();
    expect(source.signedIn()).toBe(false);
  });

  it('sends one purchase under one key until it hears a final answer, and gives up on a refusal at once', async () => {
    vi.useFakeTimers();
    const sent: { key: string | null }[] = [];
    const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    const replies: (() => Response)[] = [
      () => {
        throw new TypeError('network down');
      },
      () => answer(409, { success: false, error: { code: 'in_progress', message: 'Still working.' } }),
      () => answer(200, { success: true, data: { order_ids: [1], total: 10, tickets: [] } }),
      () => answer(409, { success: false, error: { code: 'conflict', message: 'Not enough tickets are left.' } }),
    ];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push({ key: new Headers(init.headers).get('idempotency-key') });
      return replies.shift()!();
    });
    try {
      const source = apiSource('http://api.test', 7);
      const body = {
        event_id: 1,
        event_day_id: 1,
        items: [{ ticket_type_id: 1, quantity: 1 }],
        buyer: { email: 'fan@fans.test', full_name: 'Fan' },
        payment_method: '4242424242424242',
      };
      const bought = source.checkout(body);
      await vi.runAllTimersAsync();
      expect(await bought).toEqual({ order_ids: [1], total: 10, tickets: [] });
      expect(sent).toHaveLength(3);
      expect(new Set(sent.map((s) => s.key)).size).toBe(1);
      expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);

      await expect(source.checkout(body)).rejects.toThrow('Not enough tickets are left.');
      expect(sent).toHaveLength(4);
      expect(sent[3]!.key).not.toBe(sent[0]!.key);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
