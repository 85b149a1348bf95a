import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FileStorage, StoredFile } from './file-storage';

/**
 * Storage keys are server-generated paths such as `patients/12/photo-3f9a.jpg`: segments of letters,
 * digits, `.`, `_` and `-`, not starting with a dot, joined by `/`. Anything else (`..`, absolute
 * paths, backslashes, NUL) is refused, so a key can never leave the storage root.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function assertValidStorageKey(key: string): void {
  const segments = key.split('/');
  const valid =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    segments.every((segment) => SEGMENT.test(segment) && !segment.endsWith('.tmp'));
  if (!valid) throw new Error(`Chave de arquivo inválida: ${JSON.stringify(key).slice(0, 80)}`);
}

/**
 * Files under `<dataDir>/files/` (embedded mode). Each file holds a one-line JSON header (content type,
 * size) followed by the bytes, so data and metadata change together: a write goes to a temporary file
 * in the same folder, is flushed, and is renamed over the old one (readers see the old or the new file,
 * never half of one).
 */
export function createDiskStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    assertValidStorageKey(key);
    const path = resolve(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new Error('Chave de arquivo inválida.');
    return path;
  };

  return {
    async put(key: string, data: Buffer, contentType: string): Promise<void> {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const header = Buffer.from(`${JSON.stringify({ contentType, size: data.length })}\n`);
      const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
      const file = await open(temp, 'wx', 0o600);
      try {
        await file.writev([header, data]);
        await file.sync();
      } catch (error) {
        await file.close();
        await unlink(temp).catch(() => {});
        throw error;
      }
      await file.close();
      try {
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },

    async get(key: string): Promise<StoredFile | null> {
      let raw: Buffer;
      try {
        raw = await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const newline = raw.indexOf(0x0a);
      if (newline < 0) throw new Error(`Arquivo armazenado corrompido: ${key}`);
      const meta = JSON.parse(raw.subarray(0, newline).toString('utf8')) as { contentType: string };
      const data = raw.subarray(newline + 1);
      return { data, contentType: meta.contentType, size: data.length };
    },

    async delete(key: string): Promise<void> {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },

    async sweep(isReferenced, writtenBefore) {
      let removed = 0;
      for (const path of await filesUnder(root)) {
        const name = path.slice(path.lastIndexOf(sep) + 1);
        const key = relative(root, path).split(sep).join('/');
        const temporary = name.startsWith('.') && name.endsWith('.tmp');
        if (!temporary && (!isStorageKey(key) || isReferenced(key))) continue;
        const { mtime } = await stat(path).catch(() => ({ mtime: writtenBefore }));
        if (mtime >= writtenBefore) continue;
        await unlink(path).catch(() => {});
        removed += 1;
      }
      return removed;
    },
  };
}

/** Whether `key` is one the server could have generated (assertValidStorageKey would accept it). */
export function isStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Every regular file under `dir`, at any depth (none when `dir` does not exist yet). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
