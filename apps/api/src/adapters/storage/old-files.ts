import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './port.ts';
import { typeOfKey } from './keys.ts';

/** Answers undefined when the path is gone: another process starting on the same data dir moved it. */
const unlessGone = (err: NodeJS.ErrnoException) => {
  if (err.code === 'ENOENT') return undefined;
  throw err;
};

/**
 * Takes the files an earlier version wrote under DATA_DIR/files into the store, so that every process
 * serves them, and moves each one stored out of the way, so the next start has nothing to do. Only
 * names the storage could have made are taken; anything else stays where it is and is never served.
 */
export async function importOldFiles(store: FileStore, dir: string, doneDir: string): Promise<number> {
  const names = (await readdir(dir).catch(unlessGone)) ?? [];
  let imported = 0;
  for (const name of names) {
    const contentType = typeOfKey(name);
    if (!contentType) continue;
    const data = await readFile(path.join(dir, name)).catch(unlessGone);
    if (!data) continue;
    await store.write(name, data, contentType);
    await mkdir(doneDir, { recursive: true });
    await rename(path.join(dir, name), path.join(doneDir, name)).catch(unlessGone);
    imported += 1;
  }
  return imported;
}
