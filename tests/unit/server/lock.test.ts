import { spawn, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, acquireDataDirLock } from '../../../server/db/lock';

const run = promisify(execFile);
const lockModule = resolve(import.meta.dirname, '../../../server/db/lock.ts');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cirurgias-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, LOCK_FILE_NAME);
const writeLock = (content: unknown) => writeFile(lockPath(), typeof content === 'string' ? content : JSON.stringify(content));

/** A pid that no longer runs: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

describe('acquireDataDirLock', () => {
  it('creates server.lock with pid, host and start time, and removes it on release', async () => {
    const lock = await acquireDataDirLock(dir);
    const content = JSON.parse(await readFile(lockPath(), 'utf8'));
    expect(content).toMatchObject({ pid: process.pid, host: hostname() });
    expect(new Date(content.startedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await lock.release();
    expect(existsSync(lockPath())).toBe(false);
    await lock.release(); // twice is harmless
  });

  it('creates a missing data directory', async () => {
    const nested = join(dir, 'a', 'b');
    const lock = await acquireDataDirLock(nested);
    expect(existsSync(join(nested, LOCK_FILE_NAME))).toBe(true);
    await lock.release();
  });

  it('refuses a second lock in the same process', async () => {
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    const again = await acquireDataDirLock(dir);
    await again.release();
  });

  it('refuses a directory held by another live process, with a clear pt-BR message', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeLock({ pid: holder.pid, host: hostname(), startedAt: '2026-01-01T10:00:00.000Z', token: 'x' });
      const error = await acquireDataDirLock(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toBe(
        `O diretório de dados ${dir} já está em uso pelo processo ${holder.pid} (iniciado em 2026-01-01T10:00:00.000Z). ` +
          'Encerre esse processo ou use outro DATA_DIR.',
      );
      // The holder's lock is untouched.
      expect(JSON.parse(await readFile(lockPath(), 'utf8')).pid).toBe(holder.pid);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    await writeLock({ pid: await deadPid(), host: hostname(), startedAt: '2026-01-01T10:00:00.000Z', token: 'old' });
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(lockPath(), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over an unreadable lock (a start killed while writing it)', async () => {
    await writeLock('');
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(lockPath(), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('refuses a lock written on another host, naming the file to remove', async () => {
    await writeLock({ pid: 4242, host: 'outro-servidor', startedAt: '2026-01-01T10:00:00.000Z', token: 'x' });
    const error = await acquireDataDirLock(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain('"outro-servidor"');
    expect((error as Error).message).toContain(lockPath());
  });

  it('does not remove a lock that is no longer its own', async () => {
    const lock = await acquireDataDirLock(dir);
    await writeLock({ pid: 1, host: hostname(), startedAt: 'x', token: 'someone-else' });
    await lock.release();
    expect(existsSync(lockPath())).toBe(true);
  });

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    await writeLock({ pid: await deadPid(), host: hostname(), startedAt: 'x', token: 'old' });
    const script = join(dir, 'race.mts');
    await writeFile(
      script,
      `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n` +
        `try { const lock = await acquireDataDirLock(${JSON.stringify(dir)}); console.log('won');\n` +
        `  await new Promise((r) => setTimeout(r, 5000)); await lock.release(); }\n` +
        `catch (e) { console.log(e.name === 'DataDirLockedError' ? 'lost' : 'error ' + e.message); }\n`,
    );
    const results = await Promise.all(
      Array.from({ length: 3 }, () => run(process.execPath, ['--import', 'tsx', script], { cwd: resolve(import.meta.dirname, '../../..') })),
    );
    const outcomes = results.map((result) => result.stdout.trim()).sort();
    expect(outcomes).toEqual(['lost', 'lost', 'won']);
  }, 60_000);
});
