/** A stored file's bytes and what they are. */
export type StoredFile = { data: Buffer; contentType: string; size: number };

/**
 * The one way the server keeps uploaded files (photos, documents, templates). Embedded mode stores
 * them under the data directory; server mode in PostgreSQL, so every instance can serve every file;
 * either mode in an S3-compatible bucket when S3_BUCKET is set (create-storage.ts chooses).
 * Keys are server-generated (never a user's file name).
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /**
   * Deletes every file written before `writtenBefore` whose key `isReferenced` rejects (and, on disk, the
   * temporaries a crash left mid-write); answers how many went. See services/storage/orphan-sweep.ts.
   */
  sweep(isReferenced: (key: string) => boolean, writtenBefore: Date): Promise<number>;
}
