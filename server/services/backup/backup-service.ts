/**
 * Takes a backup of the embedded installation (docs/BACKUP.md): the stored files, a consistent copy of the database
 * (DatabaseHandle.snapshot, a moment during which other queries wait) and the manifest, written atomically into the
 * backup folder, read back and checked, then the retention rule applied. One backup at a time per process; the last
 * success and the last failure are kept in `<dataDir>/backup-status.json` (dates, sizes and an error code: nothing
 * personal), which the medic's settings and home show.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { BackupSettings } from '../../config';
import type { DatabaseSnapshot } from '../../db/client';
import { projectPath } from '../../project-root';
import { isStorageKey } from '../storage/disk-storage';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, FILES_PREFIX, PGDATA_ENTRY, readArchive, writeArchive, type ArchiveEntry } from './archive';
import { applyRetention, archiveName } from './retention';

const STATUS_FILE_NAME = 'backup-status.json';

export type BackupStatus = {
  /** When this data directory's backups began to be tracked (the first status written). */
  since: string;
  last_success: { at: string; file: string; size: number } | null;
  last_failure: { at: string; reason: string } | null;
};

type BackupResult = { path: string; size: number; createdAt: Date; files: number; removed: string[] };

type BackupLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

type ServiceOptions = {
  snapshot: () => Promise<DatabaseSnapshot>;
  dataDir: string;
  /** The disk file store's folder; null when the files live elsewhere (S3: backed up by the bucket's provider). */
  filesDir: string | null;
  settings: BackupSettings;
  now?: () => Date;
  log?: BackupLog;
};

export type BackupService = {
  run(): Promise<BackupResult>;
  status(): Promise<BackupStatus | null>;
  /** Resolves when no backup is under way (the server waits for it before closing the database). */
  settled(): Promise<void>;
};

const appVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'desconhecida';
  }
};

function migrationTag(applied: number): string | null {
  try {
    const journal = JSON.parse(readFileSync(projectPath('server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    return journal.entries[applied - 1]?.tag ?? null;
  } catch {
    return null;
  }
}

/** The stored files' keys under `filesDir`, sorted (temporaries and foreign names left out). */
async function storedKeys(filesDir: string): Promise<string[]> {
  const entries = await readdir(filesDir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(isStorageKey)
    .sort();
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporaries a crashed backup left (`.cirurgias-backup-….<pid>.tmp` of a process that is gone). */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const match = /^\.cirurgias-backup-.*\.(\d+)\.tmp$/.exec(name);
    if (match && !isAlive(Number(match[1]))) await unlink(join(dir, name)).catch(() => {});
  }
}

/** A failure's reason for the status and the log: an error code or class, never a message (it could hold data). */
export function failureReason(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  return error instanceof Error ? error.name.slice(0, 40) : 'Error';
}

export async function readBackupStatus(dataDir: string): Promise<BackupStatus | null> {
  const raw = await readOrNull(join(dataDir, STATUS_FILE_NAME));
  if (!raw) return null;
  try {
    return JSON.parse(raw.toString('utf8')) as BackupStatus;
  } catch {
    return null;
  }
}

async function writeStatus(dataDir: string, change: (status: BackupStatus) => BackupStatus, now: Date): Promise<void> {
  const current = (await readBackupStatus(dataDir)) ?? { since: now.toISOString(), last_success: null, last_failure: null };
  const path = join(dataDir, STATUS_FILE_NAME);
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(change(current), null, 2)}\n`, { mode: 0o600 });
  await rename(temp, path);
}

/** Starts tracking this data directory's backups (the home's warning counts two days from here). */
export async function ensureBackupStatus(dataDir: string, now: Date): Promise<void> {
  if (!(await readBackupStatus(dataDir))) await writeStatus(dataDir, (status) => status, now);
}

export function createBackupService(options: ServiceOptions): BackupService {
  const now = options.now ?? (() => new Date());
  const { settings, dataDir, filesDir } = options;
  let running: Promise<BackupResult> | null = null;

  async function take(): Promise<BackupResult> {
    const createdAt = now();
    await mkdir(settings.dir, { recursive: true, mode: 0o700 });
    await removeLeftovers(settings.dir);
    const existing = new Set(await readdir(settings.dir));
    const encrypted = settings.passphrase !== null;
    let sequence = 0;
    while (existing.has(archiveName(createdAt, encrypted, sequence))) sequence += 1;
    const path = join(settings.dir, archiveName(createdAt, encrypted, sequence));

    let migrations = { applied: 0, last: null as string | null };
    let files = 0;
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      const included = new Set<string>();
      const fileEntry = (key: string): ArchiveEntry => ({
        path: `${FILES_PREFIX}${key}`,
        data: async () => {
          // Stored files are never changed in place (a write renames a new file over the old), so each read is
          // a whole version; one deleted meanwhile is left out.
          const data = await readOrNull(join(filesDir!, ...key.split('/')));
          if (data) files += 1;
          return data;
        },
      });
      // The files first, then the database, then the files that appeared meanwhile: every file a row of the copy
      // names was on disk before its row was committed, so it is in one of the two passes. A file whose row went
      // meanwhile may come too; the restored server's start-up sweep removes it (orphan-sweep.ts).
      if (filesDir) {
        for (const key of await storedKeys(filesDir)) {
          included.add(key);
          yield fileEntry(key);
        }
      }
      const snapshot = await options.snapshot();
      migrations = { applied: snapshot.migrationsApplied, last: migrationTag(snapshot.migrationsApplied) };
      yield { path: PGDATA_ENTRY, data: async () => snapshot.pgdata };
      if (filesDir) {
        for (const key of await storedKeys(filesDir)) if (!included.has(key)) yield fileEntry(key);
      }
    }

    const manifestBase = {
      format: ARCHIVE_FORMAT as typeof ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: createdAt.toISOString(),
      app_version: appVersion(),
      get migrations() {
        return migrations;
      },
      files_store: filesDir ? ('disk' as const) : ('s3' as const),
    };
    const { size } = await writeArchive({ path, entries: entries(), manifest: manifestBase, passphrase: settings.passphrase });
    // Read back before it counts: the archive on disk, not the bytes we meant to write.
    await readArchive(path, settings.passphrase);

    const { remove } = applyRetention(await readdir(settings.dir), settings.retention);
    for (const name of remove) await unlink(join(settings.dir, name)).catch(() => {});
    return { path, size, createdAt, files, removed: remove };
  }

  async function runOnce(): Promise<BackupResult> {
    const started = now();
    try {
      const result = await take();
      await writeStatus(
        dataDir,
        (status) => ({
          ...status,
          last_success: { at: result.createdAt.toISOString(), file: result.path.split(sep).pop()!, size: result.size },
        }),
        started,
      );
      options.log?.info(
        { backup: { size: result.size, files: result.files, removed: result.removed.length } },
        'backup concluído',
      );
      return result;
    } catch (error) {
      const reason = failureReason(error);
      await writeStatus(dataDir, (status) => ({ ...status, last_failure: { at: started.toISOString(), reason } }), started).catch(
        () => {},
      );
      options.log?.error({ backup: { reason } }, 'backup falhou');
      throw error;
    }
  }

  return {
    run() {
      running ??= runOnce().finally(() => {
        running = null;
      });
      return running;
    },
    status: () => readBackupStatus(dataDir),
    settled: async () => {
      await running?.catch(() => {});
    },
  };
}

const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

type BackupStatusView = {
  mode: 'embedded' | 'external';
  last_success_at: string | null;
  last_success_size: number | null;
  last_failure_at: string | null;
  warning: 'none' | 'stale' | 'failed';
};

/**
 * What the medic's settings and home show (openapi getBackupStatus): the last success; `failed` when the last attempt
 * failed after it; `stale` when it is older than two days, or none was made in two days of tracking (a new
 * installation is not warned about before its first daily backup could run).
 */
export function backupStatusView(status: BackupStatus | null, now: Date, external: boolean): BackupStatusView {
  if (external) return { mode: 'external', last_success_at: null, last_success_size: null, last_failure_at: null, warning: 'none' };
  const success = status?.last_success ?? null;
  const failure = status?.last_failure && (!success || status.last_failure.at > success.at) ? status.last_failure : null;
  const reference = success?.at ?? status?.since ?? null;
  const stale = reference !== null && now.getTime() - new Date(reference).getTime() > TWO_DAYS_MS;
  return {
    mode: 'embedded',
    last_success_at: success?.at ?? null,
    last_success_size: success?.size ?? null,
    last_failure_at: failure?.at ?? null,
    warning: failure ? 'failed' : stale ? 'stale' : 'none',
  };
}
