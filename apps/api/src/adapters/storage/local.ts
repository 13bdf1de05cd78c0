import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './index.ts';

/** Content types we store, by the extension the key carries; nothing else is ever served. */
export const storedTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
};
const extensionOf = Object.fromEntries(Object.entries(storedTypes).map(([ext, type]) => [type, ext]));

const KEY = /^[0-9a-f-]{36}\.([a-z0-9]+)$/;

/** Files under the data dir, served from /api/files/{key}. */
export function createLocalStorage(dataDir: string): Storage {
  const dir = path.join(dataDir, 'files');
  return {
    async put(data, contentType) {
      const ext = extensionOf[contentType];
      if (!ext) throw new Error(`Refusing to store ${contentType}`);
      await mkdir(dir, { recursive: true });
      const key = `${randomUUID()}.${ext}`;
      await writeFile(path.join(dir, key), data);
      return `/api/files/${key}`;
    },
    async get(key) {
      const match = KEY.exec(key);
      const contentType = match?.[1] ? storedTypes[match[1]] : undefined;
      if (!contentType) return null;
      try {
        return { data: await readFile(path.join(dir, key)), contentType };
      } catch {
        return null;
      }
    },
    async remove(url) {
      const key = url.split('/').at(-1) ?? '';
      if (KEY.test(key)) await rm(path.join(dir, key), { force: true });
    },
  };
}
