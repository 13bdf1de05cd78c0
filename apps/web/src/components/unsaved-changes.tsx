import { createContext, lazy, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Deferred } from './deferred.tsx';

// The dialog's code (a modal, its focus trap and transitions) is fetched the first time it is needed.
const LeaveDialog = lazy(async () => ({ default: (await import('./leave-dialog.tsx')).LeaveDialog }));

type Registry = { set(form: symbol, what: string | null): void };
const UnsavedChanges = createContext<Registry | null>(null);

/**
 * One guard for every form below it (a router allows one blocker at a time): while any form holds
 * unsaved work, leaving for another page asks first, in a dialog, and a reload or closing the tab
 * gets the browser's own prompt. Going to sign in after the session ended is never held.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  // Read at the moment of leaving, so a form released just before its own navigation lets it through.
  const unsaved = useRef(new Map<symbol, string>());
  const registry = useMemo<Registry>(
    () => ({
      set(form, what) {
        if (what) unsaved.current.set(form, what);
        else unsaved.current.delete(form);
      },
    }),
    [],
  );
  // What the dialog names, taken when a navigation is held (the router asks outside rendering).
  const [what, setWhat] = useState('');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const first = unsaved.current.values().next();
    if (first.done || currentLocation.pathname === nextLocation.pathname || nextLocation.pathname === '/login')
      return false;
    setWhat(first.value);
    return true;
  });
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (unsaved.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return (
    <UnsavedChanges value={registry}>
      {children}
      {blocker.state === 'blocked' && (
        <Deferred fallback={null}>
          <LeaveDialog what={what} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
        </Deferred>
      )}
    </UnsavedChanges>
  );
}

/**
 * Tells the guard this form holds unsaved work while `dirty`, described as `what` ("the event you are
 * creating"). `release` lets one deliberate navigation through, such as going to what was just saved.
 */
export function useUnsavedChanges(dirty: boolean, what: string) {
  const registry = useContext(UnsavedChanges);
  const [form] = useState(() => Symbol(what));
  useEffect(() => {
    registry?.set(form, dirty ? what : null);
    return () => registry?.set(form, null);
  }, [registry, form, dirty, what]);
  return { release: () => registry?.set(form, null) };
}
