import type { DaySeats } from '@portal/contract';
import { h } from '../dom.ts';
import { formatMoney } from '../format.ts';
import { boundsOf, panned, placeSeats, zoomed, type Box, type PlacedSeat } from './geometry.ts';
import { nextSeat } from './seat-keys.ts';
import { seatList } from './seat-list.ts';
import { chooserCss } from './styles.ts';

export type { PlacedSeat } from './geometry.ts';

export type SeatChooser = {
  node: HTMLElement;
  chosen(): PlacedSeat[];
};

const svgNs = 'http://www.w3.org/2000/svg';
function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>) {
  const el = document.createElementNS(svgNs, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** How far a pointer may move and still be a tap on a seat rather than a drag of the map. */
const tapSlop = 6;

/**
 * The seated event's map for a buyer: seats coloured by price, taken ones greyed and crossed, chosen
 * ones ringed and ticked. The map zooms (buttons, pinch, Ctrl + wheel) and pans (drag) on a phone;
 * from the keyboard its seats are one tab stop with the arrow keys, and a list of the same seats by
 * section and row serves screen readers. Loaded only for seated events (its own script).
 */
export function seatChooser(data: DaySeats, options: { max: number; onChange: (chosen: PlacedSeat[]) => void }) {
  const seats = placeSeats(data);
  const byId = new Map(seats.map((s) => [s.id, s]));
  const colours = new Map(data.seat_map.categories.map((c) => [c.ID, c.color]));
  const names = new Map(data.seat_map.categories.map((c) => [c.ID, c.name]));
  const prices = new Map<number, number[]>();
  for (const t of data.ticket_types)
    prices.set(t.seat_category_id, [...(prices.get(t.seat_category_id) ?? []), t.price]);
  const chosen = new Set<number>();
  const status = h('p', { class: 'muted', role: 'status' });

  const priceText = (categoryId: number) => {
    const list = prices.get(categoryId);
    if (!list) return 'not on sale';
    const least = Math.min(...list);
    return `${list.some((p) => p !== least) ? 'from ' : ''}${least > 0 ? formatMoney(least) : 'Free'}`;
  };
  const seatName = (s: PlacedSeat) =>
    `${s.section}, row ${s.row}, seat ${s.label}, ${names.get(s.categoryId) ?? ''} ${priceText(s.categoryId)}` +
    `${s.accessible ? ', accessible' : ''}${s.free ? '' : ', taken'}`;

  function toggle(seat: PlacedSeat) {
    if (!seat.free) return;
    if (chosen.has(seat.id)) chosen.delete(seat.id);
    else if (chosen.size >= options.max) {
      status.textContent = `You can choose at most ${options.max} seats.`;
      return;
    } else chosen.add(seat.id);
    paint(seat);
    const list = [...chosen].map((id) => byId.get(id)!);
    status.textContent =
      list.length === 0
        ? 'No seats chosen.'
        : `${list.length} seat${list.length === 1 ? '' : 's'} chosen: ${list.map((s) => `${s.section} row ${s.row} seat ${s.label}`).join('; ')}.`;
    options.onChange(list);
  }

  // The map.
  const whole = boundsOf(seats);
  let view: Box = whole;
  const canvas = svg('svg', {
    class: 'map',
    viewBox: `${whole.x} ${whole.y} ${whole.width} ${whole.height}`,
    role: 'group',
    'aria-label': 'Seat map',
  });
  canvas.style.aspectRatio = `${whole.width} / ${whole.height}`;
  const circles = new Map<number, SVGCircleElement>();
  const marks = new Map<number, SVGPathElement>();
  for (const seat of seats) {
    const c = svg('circle', {
      cx: seat.x,
      cy: seat.y,
      r: 0.42,
      tabindex: -1,
      role: 'checkbox',
      'aria-label': seatName(seat),
      'data-seat': seat.id,
    });
    circles.set(seat.id, c);
    canvas.append(c);
    if (seat.accessible) canvas.append(svg('path', { class: 'wheel', d: ringAt(seat), 'aria-hidden': 'true' }));
    const mark = svg('path', { class: 'mark', 'aria-hidden': 'true', d: markAt(seat) });
    marks.set(seat.id, mark);
    canvas.append(mark);
  }
  function paint(seat: PlacedSeat) {
    const c = circles.get(seat.id)!;
    const on = chosen.has(seat.id);
    c.setAttribute('fill', seat.free ? (colours.get(seat.categoryId) ?? '#888888') : '#c9ced4');
    c.setAttribute('class', seat.free ? (on ? 'seat on' : 'seat') : 'seat off');
    c.setAttribute('aria-checked', String(on));
    if (!seat.free) c.setAttribute('aria-disabled', 'true');
    const mark = marks.get(seat.id)!;
    mark.setAttribute('d', on ? tickAt(seat) : seat.free ? '' : markAt(seat));
    listView.mark(seat, on);
  }

  let focused = seats.find((s) => s.free) ?? seats[0];
  if (focused) circles.get(focused.id)!.setAttribute('tabindex', '0');
  function focusSeat(seat: PlacedSeat) {
    if (focused) circles.get(focused.id)!.setAttribute('tabindex', '-1');
    focused = seat;
    const c = circles.get(seat.id)!;
    c.setAttribute('tabindex', '0');
    // A seat out of the view is brought into it before it takes the focus.
    if (seat.x < view.x || seat.x > view.x + view.width || seat.y < view.y || seat.y > view.y + view.height)
      setView(panned(view, whole, seat.x - (view.x + view.width / 2), seat.y - (view.y + view.height / 2)));
    c.focus();
  }
  canvas.addEventListener('keydown', (e) => {
    if (!focused) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      toggle(focused);
      return;
    }
    const next = nextSeat(seats, focused, e.key);
    if (!next) return;
    e.preventDefault();
    focusSeat(next);
  });

  function setView(next: Box) {
    view = next;
    canvas.setAttribute('viewBox', `${view.x} ${view.y} ${view.width} ${view.height}`);
  }
  /** A point on the screen as a point of the map, through the view drawn with "meet" (letterboxed). */
  function toMap(clientX: number, clientY: number) {
    const r = canvas.getBoundingClientRect();
    const scale = Math.max(view.width / r.width, view.height / r.height);
    return {
      x: view.x + (clientX - r.left - (r.width - view.width / scale) / 2) * scale,
      y: view.y + (clientY - r.top - (r.height - view.height / scale) / 2) * scale,
      scale,
    };
  }

  // Pointers: one drags the map (or taps a seat), two pinch it.
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  // Read on the way down: once the map captures the pointer, later events name the map, not the seat.
  let pressed: PlacedSeat | undefined;
  canvas.addEventListener('pointerdown', (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      moved = 0;
      pressed = byId.get(Number((e.target as Element).getAttribute('data-seat')));
    }
    canvas.setPointerCapture?.(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    const before = pointers.get(e.pointerId);
    if (!before) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.size === 1) {
      moved += Math.abs(now.x - before.x) + Math.abs(now.y - before.y);
      const { scale } = toMap(0, 0);
      if (moved > tapSlop) setView(panned(view, whole, (before.x - now.x) * scale, (before.y - now.y) * scale));
    } else if (pointers.size === 2) {
      const other = [...pointers].find(([id]) => id !== e.pointerId)![1];
      const apart = (a: { x: number; y: number }) => Math.hypot(a.x - other.x, a.y - other.y) || 1;
      const middle = toMap((now.x + other.x) / 2, (now.y + other.y) / 2);
      setView(zoomed(view, whole, apart(now) / apart(before), middle.x, middle.y));
      moved = tapSlop + 1;
    }
    pointers.set(e.pointerId, now);
  });
  const lift = (e: PointerEvent) => {
    const wasTap = pointers.size === 1 && moved <= tapSlop && e.type === 'pointerup';
    pointers.delete(e.pointerId);
    if (!wasTap || !pressed) return;
    focusSeat(pressed);
    toggle(pressed);
  };
  canvas.addEventListener('pointerup', lift);
  canvas.addEventListener('pointercancel', lift);
  canvas.addEventListener(
    'wheel',
    (e) => {
      // A plain wheel scrolls the page past the map; with Ctrl (and a trackpad's pinch) it zooms.
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const at = toMap(e.clientX, e.clientY);
      setView(zoomed(view, whole, Math.exp(-e.deltaY / 200), at.x, at.y));
    },
    { passive: false },
  );

  const zoomButton = (label: string, text: string, act: () => void) =>
    h('button', { class: 'btn alt', type: 'button', 'aria-label': label, onclick: act }, text);
  const mapView = h(
    'div',
    { class: 'map-view' },
    h(
      'div',
      { class: 'row' },
      zoomButton('Zoom in', '+', () => setView(zoomed(view, whole, 1.6))),
      zoomButton('Zoom out', '−', () => setView(zoomed(view, whole, 1 / 1.6))),
      zoomButton('Show the whole map', 'Fit', () => setView(whole)),
    ),
    canvas,
  );

  const listView = seatList(seats, {
    name: seatName,
    chosen: (seat) => chosen.has(seat.id),
    toggle,
  });

  const switches = (['Map', 'List'] as const).map((name) =>
    h(
      'button',
      {
        class: 'tab',
        type: 'button',
        'aria-pressed': String(name === 'Map'),
        onclick: () => {
          if (name === 'List') listView.draw();
          mapView.hidden = name !== 'Map';
          listView.node.hidden = name !== 'List';
          switches.forEach((b) => b.setAttribute('aria-pressed', String(b.textContent === name)));
        },
      },
      name === 'Map' ? 'Map' : 'List of seats',
    ),
  );
  const legend = h(
    'ul',
    { class: 'legend', 'aria-label': 'Prices' },
    data.seat_map.categories
      .filter((c) => prices.has(c.ID))
      .map((c) =>
        h('li', null, h('span', { class: 'swatch', style: `background:${c.color}` }), `${c.name} ${priceText(c.ID)}`),
      ),
    h('li', null, h('span', { class: 'swatch off' }), 'Taken'),
    h('li', null, h('span', { class: 'swatch on' }), 'Your choice'),
  );

  for (const seat of seats) paint(seat);
  const node = h(
    'div',
    { class: 'chooser' },
    h('style', null, chooserCss),
    h('div', { class: 'row', role: 'group', 'aria-label': 'Show seats as' }, switches),
    legend,
    mapView,
    listView.node,
    status,
  );
  return { node, chosen: () => [...chosen].map((id) => byId.get(id)!) } satisfies SeatChooser;
}

/** A cross over a taken seat (not told by colour alone). */
const markAt = ({ x, y }: PlacedSeat) =>
  `M${x - 0.22} ${y - 0.22}L${x + 0.22} ${y + 0.22}M${x + 0.22} ${y - 0.22}L${x - 0.22} ${y + 0.22}`;
/** A tick on a chosen seat. */
const tickAt = ({ x, y }: PlacedSeat) => `M${x - 0.22} ${y}L${x - 0.06} ${y + 0.18}L${x + 0.24} ${y - 0.18}`;
/** A ring around an accessible seat. */
const ringAt = ({ x, y }: PlacedSeat) => `M${x - 0.5} ${y}a0.5 0.5 0 1 0 1 0a0.5 0.5 0 1 0 -1 0`;
