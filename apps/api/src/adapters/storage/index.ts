import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDatabaseStore } from './database.ts';
import { newKey, typeOfKey } from './keys.ts';
import { importOldFiles } from './old-files.ts';
import { createS3Store } from './s3.ts';

export type StoredFile = { data: Buffer; contentType: string };

/** Where uploaded files live; the rest of the code sees only this. */
export interface Storage {
  /** Stores the bytes and answers the URL at which they are served. */
  put(data: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file stored for a change that was then refused, by the URL put answered. */
  remove(url: string): Promise<void>;
  /**
   * Moves the files an earlier version kept under DATA_DIR/files into this storage (each file, once
   * stored, goes to DATA_DIR/files-imported); answers how many it took in.
   */
  importOldFiles(): Promise<number>;
}

/** What a backend does: keep bytes under a key the port chose and checked. */
export interface FileStore {
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** The backend the settings name, behind the one set of rules on keys and types. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>, db: Db): Storage {
  const store = config.storage.kind === 's3' ? createS3Store(config.storage) : createDatabaseStore(db);
  return {
    async put(data, contentType) {
      const key = newKey(contentType);
      if (!key) throw new Error(`Refusing to store ${contentType}`);
      await store.write(key, data, contentType);
      return `/api/files/${key}`;
    },
    async get(key) {
      const contentType = typeOfKey(key);
      if (!contentType) return null;
      const data = await store.read(key);
      return data && { data, contentType };
    },
    async remove(url) {
      const key = url.split('/').at(-1) ?? '';
      if (typeOfKey(key)) await store.delete(key);
    },
    importOldFiles: () =>
      importOldFiles(store, path.join(config.dataDir, 'files'), path.join(config.dataDir, 'files-imported')),
  };
}
