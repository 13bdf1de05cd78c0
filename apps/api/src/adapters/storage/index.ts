import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDatabaseStore } from './database.ts';
import { newKey, typeOfKey } from './keys.ts';
import { importOldFiles } from './old-files.ts';
import type { Storage } from './port.ts';
import { createS3Store } from './s3.ts';

export type { Storage, StoredFile } from './port.ts';

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
