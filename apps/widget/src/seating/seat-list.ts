import { h, show } from '../dom.ts';
import type { PlacedSeat } from './geometry.ts';

/** What the list asks of the chooser it serves: a seat's spoken name, whether it is chosen, and choosing it. */
type Chooser = {
  name(seat: PlacedSeat): string;
  chosen(seat: PlacedSeat): boolean;
  toggle(seat: PlacedSeat): void;
};

/**
 * The chooser's seats as checkboxes by section and row, for screen readers: the same choice as the
 * map. Drawn when first asked for, as a large hall has thousands of seats.
 */
export function seatList(seats: readonly PlacedSeat[], chooser: Chooser) {
  const boxes = new Map<number, HTMLInputElement>();
  const node = h('div', { class: 'seat-list', hidden: true });

  function draw() {
    if (node.childElementCount > 0) return;
    const sections = new Map<string, Map<string, PlacedSeat[]>>();
    for (const s of seats) {
      const rows = sections.get(s.section) ?? sections.set(s.section, new Map()).get(s.section)!;
      (rows.get(s.row) ?? rows.set(s.row, []).get(s.row)!).push(s);
    }
    show(
      node,
      [...sections].map(([section, rows]) =>
        h(
          'fieldset',
          null,
          h('legend', null, section),
          [...rows].map(([row, list]) =>
            h(
              'div',
              { role: 'group', 'aria-label': `${section}, row ${row}` },
              h('div', { class: 'title' }, `Row ${row}`),
              h(
                'div',
                { class: 'row' },
                list.map((seat) => {
                  const box = h('input', {
                    type: 'checkbox',
                    checked: chooser.chosen(seat),
                    disabled: !seat.free,
                    'aria-label': chooser.name(seat),
                    onchange: () => {
                      chooser.toggle(seat);
                      box.checked = chooser.chosen(seat);
                    },
                  });
                  boxes.set(seat.id, box);
                  return h('label', { class: seat.free ? 'pick' : 'pick off' }, box, seat.label);
                }),
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** Shows a seat chosen or not, where the list is drawn already. */
  function mark(seat: PlacedSeat, on: boolean) {
    const box = boxes.get(seat.id);
    if (box) box.checked = on;
  }

  return { node, draw, mark };
}
