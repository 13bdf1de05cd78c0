import type { Db } from '../db/client.ts';

/**
 * Answers kept for a few seconds per database (tests open many in one process) and key, the oldest
 * dropped past `capacity`. For reads whose exact freshness matters less than their cost, such as the
 * count of a long list or the fans a search term names: paging through a result reads them once.
 */
export function recentAnswers<T>(freshMs: number, capacity: number) {
  const byDb = new WeakMap<Db, Map<string, { at: number; value: T }>>();
  return async function remembered(db: Db, key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new Map()));
    const hit = kept.get(key);
    if (hit && now - hit.at < freshMs) return hit.value;
    const value = await read();
    kept.delete(key);
    if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
    kept.set(key, { at: now, value });
    return value;
  };
}
