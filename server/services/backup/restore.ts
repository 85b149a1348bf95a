/**
 * Restores an archive into a data directory (docs/BACKUP.md): the whole archive is checked first (readArchive:
 * manifest, checksums, the cipher's tag); then it is read again into `pgdata.restoring` and `files.restoring`, which
 * are flushed and renamed into place only when that second reading passed too. The directory must be empty (or not
 * exist) unless `force`: then the current `pgdata` and `files` are kept beside it, renamed
 * `…antes-da-restauracao-<data>`. Finally the database is opened as the server opens it, which applies the
 * migrations an older archive lacks.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../db/client';
import { fsyncTree, openEmbeddedDatabase, PGDATA_NAME } from '../../db/embedded';
import { acquireDataDirLock } from '../../db/lock';
import { assertValidStorageKey } from '../storage/disk-storage';
import { BackupError, FILES_PREFIX, PGDATA_ENTRY, readArchive, syncDirectory, type Manifest } from './archive';
import { localStamp } from './retention';

const FILES_DIR_NAME = 'files';

export class RestoreRefusedError extends Error {
  readonly code = 'RESTORE_REFUSED';
}

type RestoreResult = { manifest: Manifest; files: number; keptAside: string[]; migrationsNow: number };

/** Names a data directory may hold and still count as empty: nothing. (A lock left by a crash counts too.) */
async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

export async function restoreArchive(options: {
  archive: string;
  dataDir: string;
  passphrase: string | null;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const archive = resolve(options.archive);
  if (!existsSync(archive)) throw new RestoreRefusedError(`Arquivo de backup não encontrado: ${archive}`);
  if (!options.force && !(await isEmptyDir(dataDir))) {
    throw new RestoreRefusedError(
      `O diretório de dados ${dataDir} não está vazio. Restaure num diretório vazio (DATA_DIR) ou use --force para ` +
        'substituir os dados atuais (eles são guardados ao lado, não apagados).',
    );
  }
  // Checked whole before anything is written.
  const manifest = await readArchive(archive, options.passphrase);

  await mkdir(dataDir, { recursive: true });
  const lock = await acquireDataDirLock(dataDir);
  const keptAside: string[] = [];
  let files = 0;
  try {
    const stagingDb = join(dataDir, `${PGDATA_NAME}.restoring`);
    const stagingFiles = join(dataDir, `${FILES_DIR_NAME}.restoring`);
    await rm(stagingDb, { recursive: true, force: true });
    await rm(stagingFiles, { recursive: true, force: true });
    await mkdir(stagingFiles, { recursive: true, mode: 0o700 });

    let pgdata: Buffer | null = null;
    // Read again: the bytes written are the bytes this reading checks (a file changed between the two readings fails).
    await readArchive(archive, options.passphrase, async (path, data) => {
      if (path === PGDATA_ENTRY) {
        pgdata = data;
        return;
      }
      if (!path.startsWith(FILES_PREFIX)) return;
      const key = path.slice(FILES_PREFIX.length);
      assertValidStorageKey(key);
      const target = join(stagingFiles, ...key.split('/'));
      await mkdir(dirname(target), { recursive: true });
      const file = await open(target, 'wx', 0o600);
      try {
        await file.writeFile(data);
      } finally {
        await file.close();
      }
      files += 1;
    });
    if (!pgdata) throw new BackupError('CORRUPT', 'O arquivo de backup não contém o banco de dados.');
    const handle = await openPglite(stagingDb, { loadDataDir: new Blob([pgdata]) });
    await handle.close();
    await fsyncTree(stagingDb);
    await fsyncTree(stagingFiles);

    const stamp = localStamp(options.now ?? new Date());
    for (const name of [PGDATA_NAME, FILES_DIR_NAME]) {
      const current = join(dataDir, name);
      if (existsSync(current)) {
        const aside = join(dataDir, `${name}.antes-da-restauracao-${stamp}`);
        await rename(current, aside);
        keptAside.push(aside);
      }
    }
    await rename(stagingFiles, join(dataDir, FILES_DIR_NAME));
    await rename(stagingDb, join(dataDir, PGDATA_NAME));
    await syncDirectory(dataDir);
  } finally {
    await lock.release();
  }

  // As the server's start does: the pending migrations (an older archive), under the lock again.
  const opened = await openEmbeddedDatabase(dataDir);
  let migrationsNow: number;
  try {
    const { rows } = (await opened.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ applied: number }>;
    };
    migrationsNow = rows[0]?.applied ?? 0;
  } finally {
    await opened.close();
  }
  return { manifest, files, keptAside, migrationsNow };
}
