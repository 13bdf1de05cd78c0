import { randomUUID } from 'node:crypto';

/** Content types we store, by the extension the key carries; nothing else is ever served. */
const storedTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
};
const extensionOf = Object.fromEntries(Object.entries(storedTypes).map(([ext, type]) => [type, ext]));

const KEY = /^[0-9a-f-]{36}\.([a-z0-9]+)$/;

/** A fresh key for a file of this type, or null for a type we never store. */
export function newKey(contentType: string): string | null {
  const ext = extensionOf[contentType];
  return ext ? `${randomUUID()}.${ext}` : null;
}

/** The type a key is served as, or null for anything that is not a key newKey could have made. */
export function typeOfKey(key: string): string | null {
  const ext = KEY.exec(key)?.[1];
  return (ext && storedTypes[ext]) || null;
}
