import type { PublicWidget } from '@portal/contract';
import { buyTab } from './buy.ts';
import { h, show } from './dom.ts';
import { loadFonts } from './fonts.ts';
import { existingTab } from './holder.ts';
import { sellTab } from './sell.ts';
import type { WidgetSource } from './source.ts';
import { baseCss, themeCss } from './styles.ts';

export type { WidgetSource } from './source.ts';
export { sampleSource } from './sample.ts';
export { formatRatio, hardToRead, minTextContrast } from './contrast.ts';
export { textPairs } from './styles.ts';

const tabs = [
  { id: 'buy', label: 'Buy Tickets' },
  { id: 'sell', label: 'Sell and Transfer' },
  { id: 'existing', label: 'Existing Tickets' },
] as const;
export type TabId = (typeof tabs)[number]['id'];

/**
 * Draws the widget into `host` inside a shadow root, so the page's styles and ours never meet.
 * Answers `theme` to restyle it (the portal's preview follows the form) and `destroy`.
 */
export function mountWidget(host: HTMLElement, source: WidgetSource, settings: PublicWidget, first: TabId = 'buy') {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const theme = h('style');
  const panel = h('div', { role: 'tabpanel', tabindex: '0' });
  const buttons = tabs.map((t) =>
    h('button', { class: 'tab', type: 'button', role: 'tab', id: `tab-${t.id}`, onclick: () => select(t.id) }, t.label),
  );
  const tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': settings.partner_name }, buttons);
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  tablist.addEventListener('keydown', (e) => {
    const at = buttons.indexOf(root.activeElement as HTMLButtonElement);
    if (at < 0 || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    const next = buttons[(at + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]!;
    next.focus();
    next.click();
  });
  show(
    root,
    h('style', null, baseCss),
    theme,
    h('div', { class: 'w' }, h('h2', null, settings.partner_name), tablist, panel),
  );

  let current: TabId = first;
  function select(id: TabId) {
    current = id;
    buttons.forEach((b, i) => {
      const on = tabs[i]!.id === id;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
    });
    panel.setAttribute('aria-labelledby', `tab-${id}`);
    // Each showing draws into its own box: a slow answer for a tab left since lands nowhere.
    const view = h('div');
    panel.replaceChildren(view);
    const ctx = { source, settings, panel: view, rerender: () => select(current) };
    void (id === 'buy' ? buyTab(ctx) : id === 'sell' ? sellTab(ctx) : existingTab(ctx));
  }
  function restyle(next: PublicWidget) {
    settings = next;
    theme.textContent = themeCss(next);
    root.querySelector('h2')!.textContent = next.partner_name;
    void loadFonts(next, host.dataset.ppwKey ?? 'widget');
  }
  restyle(settings);
  select(first);
  return { theme: restyle, destroy: () => root.replaceChildren() };
}
