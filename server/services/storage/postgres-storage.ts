import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema/index';
import { assertValidStorageKey } from './disk-storage';
import type { FileStorage, StoredFile } from './file-storage';

/**
 * Files as rows of `stored_files` (server mode, DECISIONS §12): every instance behind the load
 * balancer sees every file, and backups of the database include them. Uploads are capped at 10 MB,
 * well within what a bytea row holds.
 */
export function createPostgresStorage(db: Database): FileStorage {
  return {
    async put(key: string, data: Buffer, contentType: string): Promise<void> {
      assertValidStorageKey(key);
      await db
        .insert(storedFiles)
        .values({ key, contentType, size: data.length, data })
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { contentType, size: data.length, data, createdAt: new Date() },
        });
    },

    async get(key: string): Promise<StoredFile | null> {
      assertValidStorageKey(key);
      const [row] = await db
        .select({ data: storedFiles.data, contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },

    async delete(key: string): Promise<void> {
      assertValidStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
