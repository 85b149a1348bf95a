import { eq, inArray, lt } from 'drizzle-orm';
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

    async sweep(isReferenced, writtenBefore) {
      const candidates = await db.select({ key: storedFiles.key }).from(storedFiles).where(lt(storedFiles.createdAt, writtenBefore));
      const orphans = candidates.map(({ key }) => key).filter((key) => !isReferenced(key));
      for (let start = 0; start < orphans.length; start += 500) {
        await db.delete(storedFiles).where(inArray(storedFiles.key, orphans.slice(start, start + 500)));
      }
      return orphans.length;
    },
  };
}
