type Waiting<K, V> = { key: K; resolve: (value: V) => void; reject: (err: unknown) => void };

/**
 * Lookups made while one is on its way are gathered into the next one: in a rush, hundreds of buyers
 * refused in the same moment each need a row read, and one statement reads them all. A lookup made
 * while none is on its way goes once the code that made it has run (a microtask), not at the end of
 * the event loop's poll phase (`setImmediate`): in a rush of a thousand requests read at once that
 * phase is their whole intake, and a batch of refused buyers' key reads waited 85 ms for it.
 * `load` answers the keys in order.
 */
export function batched<K, V>(load: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let gathering: Waiting<K, V>[] = [];
  let busy = false;

  const next = () => {
    if (busy || gathering.length === 0) return;
    const batch = gathering;
    gathering = [];
    busy = true;
    // Started in a promise, so a load that throws at once fails its batch rather than the lookups for good.
    Promise.resolve()
      .then(() => load(batch.map((w) => w.key)))
      .then(
        (values) => batch.forEach((w, i) => w.resolve(values[i]!)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        busy = false;
        next();
      });
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (gathering.push({ key, resolve, reject }) === 1) queueMicrotask(next);
    });
}

/**
 * `batched` once per database: lookups against the same database share batches, those against
 * another (a test's own, a second target) never do.
 */
export function batchedPerDatabase<D extends object, K, V>(
  load: (db: D, keys: K[]) => Promise<V[]>,
): (db: D) => (key: K) => Promise<V> {
  const lookups = new WeakMap<D, (key: K) => Promise<V>>();
  return (db) => {
    let lookup = lookups.get(db);
    if (!lookup) lookups.set(db, (lookup = batched((keys: K[]) => load(db, keys))));
    return lookup;
  };
}
