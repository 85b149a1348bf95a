import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Exclusive ownership of the embedded database's data directory. PGlite has no cross-process lock
 * (two processes on one directory silently lose writes, STACK gotcha 7c), so the server takes one
 * itself: `<dataDir>/server.lock`, created with O_EXCL, holding the owner's pid, host and start time.
 *
 * - A lock whose pid is alive on this host → {@link DataDirLockedError} (nothing else is touched).
 * - A lock whose pid is gone (crash, kill -9, power loss) is stale and taken over.
 * - A lock written on another host cannot be checked → refused, with the file to remove by hand.
 */

export const LOCK_FILE_NAME = 'server.lock';

type LockContent = { pid: number; host: string; startedAt: string; token: string };

export type DataDirLock = {
  readonly path: string;
  release(): Promise<void>;
};

/** The data directory belongs to another live process (or to another host). */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host: string,
    readonly startedAt: string,
    sameHost: boolean,
  ) {
    super(
      sameHost
        ? `O diretório de dados ${dataDir} já está em uso pelo processo ${pid} (iniciado em ${startedAt}). ` +
            'Encerre esse processo ou use outro DATA_DIR.'
        : `O diretório de dados ${dataDir} já está em uso pelo processo ${pid} no computador "${host}" ` +
            `(iniciado em ${startedAt}). Se nenhum servidor roda mais lá, apague ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Directories this process holds, so a second acquire in the same process is refused too. */
const heldHere = new Map<string, LockContent>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid in the file but not held by us: a previous run in a container reusing the pid.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return {
      pid: value.pid,
      host: value.host,
      startedAt: String(value.startedAt ?? '?'),
      token: String(value.token ?? ''),
    };
  } catch {
    return null;
  }
}

async function tryCreate(path: string, content: LockContent): Promise<boolean> {
  let file;
  try {
    file = await open(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await file.writeFile(`${JSON.stringify(content)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  return true;
}

/** Reads the current lock; a file still being written (empty, half JSON) is retried briefly. */
async function readLock(path: string): Promise<{ content: LockContent | null; raw: string } | 'missing'> {
  for (let attempt = 0; ; attempt++) {
    let raw: string;
    try {
      raw = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
    const content = parse(raw);
    if (content || attempt >= 10) return { content, raw };
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Replaces a stale lock. Takeovers are serialised by a second O_EXCL file, so two processes that
 * both saw the same stale lock cannot both remove it and each believe it owns the directory.
 */
async function takeOver(path: string, staleRaw: string): Promise<void> {
  const guard = `${path}.takeover`;
  let guardFile;
  try {
    guardFile = await open(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; a guard left by a crash is cleared after a while.
    const info = await stat(guard).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 10_000) await unlink(guard).catch(() => {});
    await new Promise((done) => setTimeout(done, 100));
    return;
  }
  try {
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current === staleRaw) await unlink(path).catch(() => {});
  } finally {
    await guardFile.close();
    await unlink(guard).catch(() => {});
  }
}

/**
 * Takes `<dataDir>/server.lock` for this process, or throws {@link DataDirLockedError}.
 * The returned `release()` removes the file (only if it is still ours); it is also removed
 * on a normal process exit.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE_NAME);
  const mine = heldHere.get(dir);
  if (mine) throw new DataDirLockedError(dir, mine.pid, mine.host, mine.startedAt, true);
  await mkdir(dir, { recursive: true });

  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await tryCreate(path, content)) {
      heldHere.set(dir, content);
      return createHandle(dir, path, content);
    }
    const existing = await readLock(path);
    if (existing === 'missing') continue;
    const owner = existing.content;
    if (owner && owner.host !== content.host) {
      throw new DataDirLockedError(dir, owner.pid, owner.host, owner.startedAt, false);
    }
    if (owner && isAlive(owner.pid)) {
      throw new DataDirLockedError(dir, owner.pid, owner.host, owner.startedAt, true);
    }
    await takeOver(path, existing.raw);
  }
  throw new Error(`Não foi possível obter o bloqueio do diretório de dados ${dir}.`);
}

function isStillOurs(path: string, content: LockContent): boolean {
  try {
    return parse(readFileSync(path, 'utf8'))?.token === content.token;
  } catch {
    return false;
  }
}

function createHandle(dir: string, path: string, content: LockContent): DataDirLock {
  let released = false;
  const onExit = () => {
    if (!released && isStillOurs(path, content)) {
      try {
        unlinkSync(path);
      } catch {
        // The process is ending; a leftover lock is detected as stale next time.
      }
    }
  };
  process.once('exit', onExit);
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      heldHere.delete(dir);
      if (isStillOurs(path, content)) await unlink(path).catch(() => {});
    },
  };
}

