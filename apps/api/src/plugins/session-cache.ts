/**
 * What the auth plugin read for a token, kept in this process so a signed-in call costs no round trip
 * and no signature check. It is trusted only while the database's change notifications are known to
 * arrive: triggers on every table the answer depends on (sessions, users, members, their roles and
 * permissions) NOTIFY `auth_changed` on commit, and any such message empties the cache in every
 * process at once. While the listening connection is down nothing is cached.
 */
export function createSessionCache<T>({ maxEntries = 10_000, maxAgeMs = 60_000 } = {}) {
  const entries = new Map<string, { value: T; until: number }>();
  let live = false;
  // Bumped on every change: a read that began before a change must not be kept after it.
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  return {
    get(key: string, now = Date.now()): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    /** Call before reading the database; pass what it answers to `set`. */
    generation: () => generation,
    set(key: string, value: T, readAt: number, expiresAt: number, now = Date.now()) {
      if (!live || readAt !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: Math.min(expiresAt, now + maxAgeMs) });
    },
    changed: clear,
    live(on: boolean) {
      live = on;
      clear();
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
