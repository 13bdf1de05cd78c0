import type { Db } from '../db/client.ts';

/**
 * Values kept in the process per database (tests open many in one process) and key, the oldest
 * dropped past `capacity`. Whoever reads one decides whether it still holds (an age, a stamp).
 */
export function keptPerDatabase<K, V>(capacity: number) {
  const byDb = new WeakMap<Db, Map<K, V>>();
  const of = (db: Db) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new Map()));
    return kept;
  };
  return {
    get: (db: Db, key: K) => of(db).get(key),
    set(db: Db, key: K, value: V) {
      const kept = of(db);
      kept.delete(key);
      if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
    },
  };
}

/**
 * Answers kept for a few seconds, for reads whose exact freshness matters less than their cost,
 * such as the count of a long list or the fans a search term names: paging through a result reads
 * them once.
 */
export function recentAnswers<T>(freshMs: number, capacity: number) {
  const kept = keptPerDatabase<string, { at: number; value: T }>(capacity);
  return async function remembered(db: Db, key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = kept.get(db, key);
    if (hit && now - hit.at < freshMs) return hit.value;
    const value = await read();
    kept.set(db, key, { at: now, value });
    return value;
  };
}
