/** A stored file's bytes and what they are. */
export type StoredFile = { data: Buffer; contentType: string; size: number };

/**
 * The one way the server keeps uploaded files (photos, documents, templates). Embedded mode stores
 * them under the data directory; server mode in PostgreSQL, so every instance can serve every file.
 * Keys are server-generated (never a user's file name).
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}
