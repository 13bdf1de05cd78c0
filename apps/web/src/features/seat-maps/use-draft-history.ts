import { useState } from 'react';
import type { SeatMap } from '@portal/contract';
import { draftOf, withSavedIds, type Draft } from './layout.ts';

const depth = 100;

/**
 * The draft being edited with the steps back to where it was saved. A change named by `merge` joins
 * the step before it when that had the same name (a section dragged, a name typed), so Undo takes
 * back the whole gesture.
 */
export function useDraftHistory(initial: Draft) {
  const [state, setState] = useState({ draft: initial, saved: initial, past: [] as Draft[], merge: '' });
  const change = (update: (draft: Draft) => Draft, merge = '') =>
    setState((s) => {
      const draft = update(s.draft);
      if (draft === s.draft) return s;
      const joins = merge !== '' && merge === s.merge;
      return { ...s, draft, merge, past: joins ? s.past : [...s.past.slice(-depth + 1), s.draft] };
    });
  const undo = () =>
    setState((s) => (s.past.length === 0 ? s : { ...s, draft: s.past.at(-1)!, past: s.past.slice(0, -1), merge: '' }));
  /**
   * Takes in what the server kept of `submitted`. Unchanged since, the draft starts afresh from it
   * (a choice of seats goes with the old keys); edited while it was saving, the edits stay, given the ids the save gave the
   * sections and categories it made, and still unsaved.
   */
  const afterSave = (submitted: Draft, saved: SeatMap) => {
    const fresh = draftOf(saved);
    setState((s) =>
      s.draft === submitted
        ? { draft: fresh, saved: fresh, past: [], merge: '' }
        : { ...s, draft: withSavedIds(s.draft, submitted, saved), saved: submitted },
    );
  };
  return {
    draft: state.draft,
    dirty: state.draft !== state.saved,
    canUndo: state.past.length > 0,
    change,
    undo,
    afterSave,
  };
}
