import { useState, type KeyboardEvent, type RefObject } from 'react';
import { seatNeighbour, type PlanSection } from '../lib/seat-plan.ts';

/**
 * The seats of a drawn map as one tab stop: the last seat focused while it is still drawn, else the
 * first; arrow keys, Home and End move between them and Space or Enter chooses one. `seatProps` goes on
 * each seat's element (inside `svg`), `showsFocus` tells whether to ring it.
 */
export function useSeatFocus(
  sections: readonly PlanSection[],
  svg: RefObject<SVGSVGElement | null>,
  onChoose: (key: string) => void,
) {
  const [focusedSeat, setFocusedSeat] = useState<string | null>(null);
  const [seatHasFocus, setSeatHasFocus] = useState(false);
  const stillDrawn = sections.some((s) => s.rows.some((r) => r.seats.some((seat) => seat.key === focusedSeat)));
  const tabSeat = stillDrawn ? focusedSeat : sections[0]?.rows[0]?.seats[0]?.key;

  const onKeyDown = (event: KeyboardEvent, key: string) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChoose(key);
      return;
    }
    const next = seatNeighbour(sections, key, event.key);
    if (next) {
      event.preventDefault();
      setFocusedSeat(next);
      svg.current?.querySelector<SVGElement>(`[data-key="${next}"]`)?.focus();
    }
  };

  return {
    seatProps: (key: string) => ({
      'data-key': key,
      tabIndex: key === tabSeat ? 0 : -1,
      onFocus: () => {
        setFocusedSeat(key);
        setSeatHasFocus(true);
      },
      onBlur: () => setSeatHasFocus(false),
      onKeyDown: (event: KeyboardEvent) => onKeyDown(event, key),
    }),
    showsFocus: (key: string) => seatHasFocus && key === focusedSeat,
  };
}
