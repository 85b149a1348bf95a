/**
 * The backup archive (docs/BACKUP.md): a gzip'd tar holding `pgdata.tar` (PGlite's own dump of the embedded
 * database), `files/<key>` (each stored file byte for byte) and, last, `manifest.json` (format version, migration
 * level, creation time, every entry's size and SHA-256). With a passphrase (BACKUP_PASSPHRASE) the whole gzip'd tar
 * is sealed with AES-256-GCM under a key derived by scrypt from it:
 *
 *   "CIRBKENC" · version (1 byte) · salt (16) · key check (16) · IV (12) · ciphertext · GCM tag (16)
 *
 * The header is the cipher's additional data, so no byte of the file can change unnoticed. The key check (an HMAC
 * of a constant under the derived key) tells a wrong passphrase from a damaged file. An archive is written under a
 * temporary name in the backup folder, flushed and renamed: a crash mid-way leaves only a `.tmp` file, never an
 * archive with a final name.
 */
import { type CipherGCM, createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createTarReader, tarEnd, tarEntry } from './tar';

export const ARCHIVE_FORMAT = 'cirurgias-backup';
export const ARCHIVE_VERSION = 1;
const MANIFEST_NAME = 'manifest.json';
export const PGDATA_ENTRY = 'pgdata.tar';
export const FILES_PREFIX = 'files/';

const MAGIC = Buffer.from('CIRBKENC', 'ascii');
const ENVELOPE_VERSION = 1;
const SALT_LENGTH = 16;
const CHECK_LENGTH = 16;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const HEADER_LENGTH = MAGIC.length + 1 + SALT_LENGTH + CHECK_LENGTH + IV_LENGTH;
/** scrypt cost: 2^15 × 8 × 128 bytes = 32 MiB of memory, a fraction of a second per archive. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

type ManifestEntry = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  app_version: string;
  /** How many of the migrations (server/db/migrations) the database had applied, and the last one's name. */
  migrations: { applied: number; last: string | null };
  /** 'disk': the stored files are in the archive; 's3': they live in the bucket (back it up there). */
  files_store: 'disk' | 's3';
  encrypted: boolean;
  entries: ManifestEntry[];
};

/** A backup problem the office reads (pt-BR), with a stable code for the logs. */
export class BackupError extends Error {
  constructor(
    readonly code: 'ENCRYPTED_NO_PASSPHRASE' | 'WRONG_PASSPHRASE' | 'CORRUPT' | 'NOT_AN_ARCHIVE' | 'NEWER_VERSION',
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const corrupt = (detail: string) =>
  new BackupError('CORRUPT', `O arquivo de backup está corrompido ou foi alterado (${detail}). Use outro backup.`);

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, SCRYPT, (error, key) => (error ? fail(error) : done(key))),
  );
}

const keyCheck = (key: Buffer) => createHmac('sha256', key).update('cirurgias-backup-key-check').digest().subarray(0, CHECK_LENGTH);

/** One entry of an archive being written: a name and its bytes (read when the writer reaches it). */
export type ArchiveEntry = { path: string; data: () => Promise<Buffer | null> };

type WriteOptions = {
  /** The archive's final path; it is written as `<dir>/.<name>.<pid>.tmp` and renamed when complete. */
  path: string;
  /** The entries, in order; an entry whose data is null (a file deleted meanwhile) is left out. */
  entries: AsyncIterable<ArchiveEntry>;
  manifest: Omit<Manifest, 'entries' | 'encrypted'>;
  passphrase: string | null;
};

const temporaryName = (path: string) => `${dirname(path)}/.${basename(path)}.${process.pid}.tmp`;

/** Writes an archive atomically; answers its size in bytes. */
export async function writeArchive(options: WriteOptions): Promise<{ size: number; manifest: Manifest }> {
  const temp = temporaryName(options.path);
  const listed: ManifestEntry[] = [];
  let manifest: Manifest | null = null;
  const mtime = new Date(options.manifest.created_at);

  async function* blocks(): AsyncGenerator<Buffer> {
    for await (const entry of options.entries) {
      const data = await entry.data();
      if (data === null) continue;
      listed.push({ path: entry.path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
      yield* tarEntry(entry.path, data, mtime);
    }
    // Spread only now: the caller's manifest may read what the entries found (the migration level of the copy).
    manifest = { ...options.manifest, encrypted: options.passphrase !== null, entries: listed };
    yield* tarEntry(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mtime);
    yield tarEnd();
  }

  let header: Buffer | null = null;
  let cipher: CipherGCM | null = null;
  if (options.passphrase !== null) {
    const salt = randomBytes(SALT_LENGTH);
    const iv = randomBytes(IV_LENGTH);
    const key = await deriveKey(options.passphrase, salt);
    header = Buffer.concat([MAGIC, Buffer.from([ENVELOPE_VERSION]), salt, keyCheck(key), iv]);
    cipher = createCipheriv('aes-256-gcm', key, iv) as CipherGCM;
    cipher.setAAD(header);
  }

  try {
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    if (header) out.write(header);
    const stages: Array<NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream> = [
      Readable.from(blocks()),
      createGzip({ level: 6 }),
    ];
    if (cipher) stages.push(cipher);
    stages.push(out);
    await (pipeline as (...streams: unknown[]) => Promise<void>)(...stages);
    const file = await open(temp, 'r+');
    try {
      if (cipher) {
        const tag = cipher.getAuthTag();
        await file.write(tag, 0, tag.length, (await file.stat()).size);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, options.path);
    await syncDirectory(dirname(options.path));
    return { size: (await stat(options.path)).size, manifest: manifest! };
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

export async function syncDirectory(path: string): Promise<void> {
  const dir = await open(path, 'r');
  try {
    await dir.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    await dir.close();
  }
}

/**
 * Reads an archive from end to end: decrypts (when sealed), unzips, reads every entry, and checks each against the
 * manifest (sizes, SHA-256, nothing missing or extra) and the GCM tag. `onEntry` sees the entries as they come,
 * before the last checks: a caller that writes them (restore) keeps them aside until this resolves. Throws a
 * {@link BackupError} with a pt-BR message.
 */
export async function readArchive(
  path: string,
  passphrase: string | null,
  onEntry: (path: string, data: Buffer) => Promise<void> | void = () => {},
): Promise<Manifest> {
  const size = (await stat(path)).size;
  const start = Buffer.alloc(Math.min(size, HEADER_LENGTH));
  const file = await open(path, 'r');
  let tag: Buffer | null = null;
  try {
    await file.read(start, 0, start.length, 0);
    if (start.subarray(0, MAGIC.length).equals(MAGIC) && size >= HEADER_LENGTH + TAG_LENGTH) {
      tag = Buffer.alloc(TAG_LENGTH);
      await file.read(tag, 0, TAG_LENGTH, size - TAG_LENGTH);
    }
  } finally {
    await file.close();
  }
  const encrypted = start.subarray(0, MAGIC.length).equals(MAGIC);
  if (!encrypted && !(start[0] === 0x1f && start[1] === 0x8b)) {
    throw new BackupError('NOT_AN_ARCHIVE', 'Este arquivo não é um backup do Cirurgias.');
  }

  const stages: Array<NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream> = [];
  if (encrypted) {
    if (!tag) throw corrupt('arquivo incompleto');
    if (start[MAGIC.length] !== ENVELOPE_VERSION) {
      throw new BackupError('NEWER_VERSION', 'Este backup foi feito por uma versão mais nova do Cirurgias; atualize-o antes de restaurar.');
    }
    if (passphrase === null) {
      throw new BackupError(
        'ENCRYPTED_NO_PASSPHRASE',
        'Este backup é criptografado: defina BACKUP_PASSPHRASE com a senha usada ao criá-lo.',
      );
    }
    const saltAt = MAGIC.length + 1;
    const salt = start.subarray(saltAt, saltAt + SALT_LENGTH);
    const check = start.subarray(saltAt + SALT_LENGTH, saltAt + SALT_LENGTH + CHECK_LENGTH);
    const iv = start.subarray(saltAt + SALT_LENGTH + CHECK_LENGTH, HEADER_LENGTH);
    const key = await deriveKey(passphrase, salt);
    if (!timingSafeEqual(keyCheck(key), check)) {
      throw new BackupError('WRONG_PASSPHRASE', 'A senha do backup (BACKUP_PASSPHRASE) não é a usada ao criar este arquivo.');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(start);
    decipher.setAuthTag(tag);
    stages.push(createReadStream(path, { start: HEADER_LENGTH, end: size - TAG_LENGTH - 1 }), decipher);
  } else {
    stages.push(createReadStream(path));
  }

  const seen: ManifestEntry[] = [];
  let manifest: Manifest | null = null;
  const reader = createTarReader(async (name, data) => {
    if (manifest) throw corrupt('conteúdo depois do manifesto');
    if (name === MANIFEST_NAME) {
      try {
        manifest = JSON.parse(data.toString('utf8')) as Manifest;
      } catch {
        throw corrupt('manifesto ilegível');
      }
      return;
    }
    seen.push({ path: name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    await onEntry(name, data);
  });
  stages.push(
    createGunzip(),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        reader.push(chunk).then(() => callback(), callback);
      },
      final(callback) {
        try {
          reader.end();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      },
    }),
  );
  try {
    await (pipeline as (...streams: unknown[]) => Promise<void>)(...stages);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // GCM's tag failing, a gzip or tar structure broken: the file was cut short or changed.
    throw corrupt(encrypted ? 'a verificação criptográfica falhou' : 'estrutura inválida ou arquivo incompleto');
  }
  const found = manifest as Manifest | null;
  if (!found || found.format !== ARCHIVE_FORMAT || !Array.isArray(found.entries)) throw corrupt('sem manifesto');
  if (found.version > ARCHIVE_VERSION) {
    throw new BackupError('NEWER_VERSION', 'Este backup foi feito por uma versão mais nova do Cirurgias; atualize-o antes de restaurar.');
  }
  if (found.entries.length !== seen.length) throw corrupt('a lista de arquivos não confere');
  found.entries.forEach((entry, index) => {
    const actual = seen[index]!;
    if (entry.path !== actual.path || entry.size !== actual.size || entry.sha256 !== actual.sha256) {
      throw corrupt(`o conteúdo de ${actual.path.startsWith(FILES_PREFIX) ? 'um arquivo' : actual.path} não confere`);
    }
  });
  if (!found.entries.some((entry) => entry.path === PGDATA_ENTRY)) throw corrupt('sem o banco de dados');
  return found;
}
