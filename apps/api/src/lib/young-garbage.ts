import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' }) => void;
let collect: Collect | undefined;

/**
 * V8's collector for a process started without `--expose-gc`: the flag is raised just long enough to
 * read `gc` from a fresh context, so no other code sees it. Node calls flags set after start
 * unsupported, so a runtime where this finds no collector streams on without one.
 */
function collector(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    let found: unknown;
    try {
      found = runInNewContext('gc');
    } catch {
      found = undefined;
    }
    setFlagsFromString('--no-expose-gc');
    collect = typeof found === 'function' ? (found as Collect) : () => {};
  }
  return collect;
}

/**
 * For a stream of bytes passed through Buffers (a million-row CSV is 155 MB of them): returns
 * `passed(bytes)`, which asks for a young-generation collection each time `every` bytes have gone by.
 * A Buffer's JavaScript handle is tiny, so a stream of them never fills the young generation, and V8
 * only frees their memory once it reaches its 64 MB threshold for a full collection: the server grew
 * by 30 – 60 MB per download. A scavenge of a nearly empty young generation costs about a
 * millisecond; every 4 MB it keeps the growth near 12 MB at no measurable cost in time
 * (docs/benchmarks.md).
 */
export function youngGarbageEvery(every: number) {
  const gc = collector();
  let since = 0;
  return (bytes: number) => {
    since += bytes;
    if (since < every) return;
    since = 0;
    gc({ type: 'minor' });
  };
}
