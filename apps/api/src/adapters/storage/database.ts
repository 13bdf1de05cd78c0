import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { FileStore } from './port.ts';

/** Files as rows of the database the API already runs on: shared by every process, no other service. */
export function createDatabaseStore(db: Db): FileStore {
  return {
    async write(key, data, contentType) {
      // A key is a fresh UUID; only an old file imported twice (two processes starting) meets its row.
      await db.insert(storedFiles).values({ key, contentType, data, size: data.length }).onConflictDoNothing();
    },
    async read(key) {
      const [row] = await db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.key, key));
      return row?.data ?? null;
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
