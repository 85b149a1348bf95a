import type { Database } from '../../db/client';
import { describeError } from '../../http/describe-error';
import type { FileStorage } from './file-storage';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-sweep';

/**
 * Files follow their records (issue 16 item 5; DECISIONS §17). A file is deleted only after the transaction that
 * stopped naming it has committed (deleting first would lose the file of a write that then rolls back). When that
 * delete fails (the bucket or the disk answers an error), the row is already gone and the request has succeeded,
 * so the file is owed a delete. Three layers pay it, without a list of their own to keep:
 *
 *   1. deleteStoredFiles tries each delete again at once (RETRY_DELAYS_MS), for a passing fault;
 *   2. the running server sweeps every ORPHAN_SWEEP_INTERVAL_MS (startOrphanSweeper): every file older than
 *      ORPHAN_GRACE_MS that no row names goes;
 *   3. every start sweeps too (main.ts): in embedded mode every unnamed file, in server mode those past the grace.
 *
 * The database is the durable "to delete" list: a file no row names is owed a delete, whatever left it behind (a
 * failed delete, a crash between the commit and the delete, an upload whose row was never written). So a file of a
 * deleted record stays at most ORPHAN_SWEEP_INTERVAL_MS + ORPHAN_GRACE_MS while the server runs (7 hours), or until
 * the next start.
 */

/** Waits before the second and third attempts of a failed delete. */
const RETRY_DELAYS_MS = [200, 1_000] as const;

/** How often a running server sweeps the store for files no row names. */
const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Deletes the files of `keys` (whose rows are gone, or were never written), each tried up to three times. Never
 * throws: answers the keys still stored after the last attempt, which the orphan sweep deletes later (see above).
 */
export async function deleteStoredFiles(
  storage: FileStorage,
  keys: ReadonlyArray<string | null | undefined>,
  { retryDelaysMs = RETRY_DELAYS_MS }: { retryDelaysMs?: readonly number[] } = {},
): Promise<string[]> {
  const unique = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  const failed = await Promise.all(
    unique.map(async (key) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await storage.delete(key);
          return null;
        } catch {
          const delay = retryDelaysMs[attempt];
          if (delay === undefined) return key;
          await sleep(delay);
        }
      }
    }),
  );
  return failed.filter((key): key is string => key !== null);
}

/** The little the sweeper needs of a (pino) logger. */
type SweepLogger = { info(details: Record<string, unknown>, message: string): void; warn(details: Record<string, unknown>, message: string): void };

/**
 * Sweeps the store every `intervalMs` while the server runs (the start sweep is main.ts'): every file written more
 * than `graceMs` ago that no row names goes (an upload in flight writes its file before its row). Several instances
 * may sweep the same store; a delete is idempotent. A failed sweep is logged (no key, no data) and tried again at
 * the next interval. The timer does not keep the process alive; stop() waits for a sweep in progress.
 */
export function startOrphanSweeper({
  db,
  storage,
  log,
  intervalMs = ORPHAN_SWEEP_INTERVAL_MS,
  graceMs = ORPHAN_GRACE_MS,
  now = () => new Date(),
}: {
  db: Database;
  storage: FileStorage;
  log: SweepLogger;
  intervalMs?: number;
  graceMs?: number;
  now?: () => Date;
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrphanFiles({ db, storage, writtenBefore: new Date(now().getTime() - graceMs) })
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'arquivos sem registro removidos');
      })
      .catch((error: unknown) => log.warn({ reason: describeError(error) }, 'varredura de arquivos sem registro falhou'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
