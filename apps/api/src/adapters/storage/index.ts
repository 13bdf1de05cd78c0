import type { Config } from '../../config.ts';
import { createLocalStorage } from './local.ts';

export type StoredFile = { data: Buffer; contentType: string };

/** Where uploaded files live; the rest of the code sees only this. */
export interface Storage {
  /** Stores the bytes and answers the URL at which they are served. */
  put(data: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file stored for a change that was then refused, by the URL put answered. */
  remove(url: string): Promise<void>;
}

export function createStorage(config: Config): Storage {
  return createLocalStorage(config.dataDir);
}
