import { useSyncExternalStore } from 'react';

/** The values the spec keeps in the browser, under the spec's names. */
export type Session = {
  accessToken: string | null;
  uid: string | null;
  partnerId: number | null;
  partnerLogo: string | null;
  userId: number | null;
};

const keys = ['accessToken', 'uid', 'partnerId', 'partnerLogo', 'userId'] as const;
const listeners = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  const get = (k: string) => localStorage.getItem(k);
  const num = (k: string) => {
    const v = get(k);
    return v === null || v === '' ? null : Number(v);
  };
  return {
    accessToken: get('accessToken'),
    uid: get('uid'),
    partnerId: num('partnerId'),
    partnerLogo: get('partnerLogo'),
    userId: num('userId'),
  };
}

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return snapshot;
}

export function updateSession(values: Partial<Session>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  }
  emit();
}

/** Logout, and the answer to any 400 or 401: every stored value goes. */
export function clearSession() {
  for (const key of keys) localStorage.removeItem(key);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (keys as readonly string[]).includes(e.key)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

/**
 * The organization the signed-in member works in, on a page that needs one: `ProtectedRoute` sends
 * anyone without a chosen organization to /organization before such a page renders.
 */
export function usePartnerId(): number {
  const { partnerId } = useSession();
  if (partnerId === null) throw new Error('This page needs an organization, and none is chosen.');
  return partnerId;
}
