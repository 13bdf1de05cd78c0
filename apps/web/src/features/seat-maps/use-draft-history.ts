import { useState } from 'react';
import type { Draft } from './layout.ts';

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
  /** Starts afresh from what the server kept. */
  const reset = (draft: Draft) => setState({ draft, saved: draft, past: [], merge: '' });
  return {
    draft: state.draft,
    dirty: state.draft !== state.saved,
    canUndo: state.past.length > 0,
    change,
    undo,
    reset,
  };
}
