import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { projectPath } from '../project-root';
import { openPglite, type DatabaseHandle } from './client';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { runMigrations } from './migrate';
import { pgliteDist } from './pglite-assets';

export const PGDATA_NAME = 'pgdata';
const INITIALIZING_NAME = `${PGDATA_NAME}.initializing`;

type EmbeddedDatabaseOptions = {
  /**
   * Runs once, inside the not-yet-published first database (after the migrations), e.g. the seed.
   * If it throws or the process dies, the next start begins the first initialisation again.
   */
  onFirstInit?: (handle: DatabaseHandle) => Promise<void>;
};

type EmbeddedDatabaseHandle = DatabaseHandle & {
  dataDir: string;
  /** True when this call created the database (first start on this directory). */
  firstInit: boolean;
};

/**
 * Opens the embedded PostgreSQL (PGlite) of `<dataDir>/pgdata`, owning the directory exclusively.
 *
 * The first start is atomic: PGlite's initdb (or a copy of the build's empty database), the migrations and
 * `onFirstInit` run in `<dataDir>/pgdata.initializing`, which is flushed to disk and renamed to `pgdata` only
 * when all of it succeeded. A first start killed at any point leaves no `pgdata`, so the next start throws the
 * leftover away and begins again. Later starts open `pgdata` and apply pending migrations.
 *
 * `close()` closes PGlite (which flushes) and then releases the lock.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabaseHandle> {
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = await acquireDataDirLock(dir);
  try {
    const pgdata = join(dir, PGDATA_NAME);
    let firstInit = false;
    if (!existsSync(pgdata)) {
      await initialise(dir, pgdata, options.onFirstInit);
      firstInit = true;
    }
    const handle = await openPglite(pgdata);
    try {
      await runMigrations(handle);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    return withLockRelease(handle, lock, dir, firstInit);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function initialise(
  dir: string,
  pgdata: string,
  onFirstInit: EmbeddedDatabaseOptions['onFirstInit'],
): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.startsWith(INITIALIZING_NAME)) await rm(join(dir, name), { recursive: true, force: true });
  }
  const staging = join(dir, INITIALIZING_NAME);
  const template = usableTemplate();
  if (template) await cp(template, staging, { recursive: true });
  const handle = await openPglite(staging);
  try {
    await runMigrations(handle);
    if (onFirstInit) await onFirstInit(handle);
  } finally {
    await handle.close();
  }
  await fsyncTree(staging);
  await rename(staging, pgdata);
  await fsyncPath(dir);
}

/**
 * The empty database `npm run build` makes once (scripts/build-server.mjs: PGlite's initdb and the migrations of
 * that build), if it was made by the PGlite installed now. Copying it replaces initdb, seconds of WebAssembly at
 * every first start; the migrations that run next apply whatever it lacks. No template (running from source without
 * a build) or another PGlite version: initdb as before.
 */
function usableTemplate(): string | null {
  const folder = projectPath('build', 'pglite-template');
  try {
    const key = JSON.parse(readFileSync(join(folder, 'template.json'), 'utf8')) as { pglite?: string };
    return key.pglite === installedPgliteVersion() ? join(folder, 'pgdata') : null;
  } catch {
    return null;
  }
}

function installedPgliteVersion(): string {
  let dir = pgliteDist();
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function withLockRelease(
  handle: DatabaseHandle,
  lock: DataDirLock,
  dataDir: string,
  firstInit: boolean,
): EmbeddedDatabaseHandle {
  let closing: Promise<void> | null = null;
  return {
    ...handle,
    dataDir,
    firstInit,
    close() {
      closing ??= (async () => {
        try {
          await handle.close();
        } finally {
          await lock.release();
        }
      })();
      return closing;
    },
  };
}

async function fsyncPath(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await file.sync();
  } catch (error) {
    // Some file systems refuse fsync on directories; the data files themselves were synced.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    await file.close();
  }
}

/** Flushes every file and directory of `dir` to disk before the rename publishes it. */
export async function fsyncTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await fsyncTree(path);
    else if (entry.isFile()) files.push(path);
  }
  // A handful at a time: initdb writes about a thousand small files.
  for (let i = 0; i < files.length; i += 32) {
    await Promise.all(files.slice(i, i + 32).map(fsyncPath));
  }
  await fsyncPath(dir);
}
