import { Worker } from 'node:worker_threads';
import { StatementFileError } from '../../../machines/tiss/statementMessages';
import type { TissStatementMessage } from '../../../machines/tiss/statementTypes';
import type { ParseReply, ParseRequest } from './statement-parse-worker';

/** A parse that takes longer than this (booting the worker included) is abandoned and its worker replaced. */
const PARSE_TIMEOUT_MS = 30_000;
/**
 * The worker's heap: twice what the worst file accepted for parsing needs (10 MB of 500,000 tiny elements, the most
 * statementParser.ts builds, parses within 128 MB; a real 10 MB statement within 64 MB). Past it the worker dies,
 * not the server.
 */
const WORKER_HEAP_MB = 256;
/**
 * Beside this module: from the source, server/services/tiss/statement-parse-worker-boot.mjs (registers tsx, then loads
 * statement-parse-worker.ts); in the server bundle, build/server/statement-parse-worker-boot.mjs, the worker bundled as
 * plain JavaScript by scripts/build-server.mjs (the bundle's `import.meta.url` is a file of build/server/).
 */
const WORKER_URL = new URL('./statement-parse-worker-boot.mjs', import.meta.url);

type Pending = { owner: Worker; resolve(message: TissStatementMessage): void; reject(error: Error): void; timer: NodeJS.Timeout };

type StatementParser = {
  /**
   * parseTissStatement(bytes), run in the worker: the message, or the same StatementFileError (kind, message, line).
   * A plain Error when the parse itself failed (a bug, the worker out of memory or past the timeout): a 500.
   */
  parse(bytes: Uint8Array): Promise<TissStatementMessage>;
  close(): Promise<void>;
};

/**
 * Parses statement files (machines/tiss/statementParser.ts, ~40 ms per MB) in one long-lived worker thread, started at
 * the first parse, so a 10 MB statement never stalls the server's event loop. The worker has a bounded heap; a parse
 * that runs past `timeoutMs` or kills the worker fails and the next parse gets a new worker. The main thread only
 * copies the bytes to the worker and receives the parsed message (structured clone).
 */
export function createStatementParser({ timeoutMs = PARSE_TIMEOUT_MS, heapMb = WORKER_HEAP_MB }: { timeoutMs?: number; heapMb?: number } = {}): StatementParser {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Fails the parses waiting on `owner` (every parse when omitted). */
  function failAll(reason: string, owner?: Worker) {
    for (const [id, task] of pending) {
      if (owner && task.owner !== owner) continue;
      clearTimeout(task.timer);
      pending.delete(id);
      task.reject(new Error(reason));
    }
  }

  function discard(current: Worker) {
    if (worker === current) worker = null;
    void current.terminate();
  }

  function start(): Worker {
    const created = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    created.unref();
    created.on('message', (reply: ParseReply) => {
      const task = pending.get(reply.id);
      if (!task) return;
      pending.delete(reply.id);
      clearTimeout(task.timer);
      if (reply.ok) task.resolve(reply.message);
      else if (reply.refusal) task.reject(new StatementFileError(reply.refusal.kind, reply.refusal.message, reply.refusal.line));
      else task.reject(new Error(`The statement parse failed in its worker: ${reply.error}`));
    });
    // Out of memory, or a crash: every parse in it fails, the next one starts a new worker.
    created.on('error', (error) => {
      discard(created);
      failAll(`The statement parse worker failed: ${error.message}`, created);
    });
    created.on('exit', (code) => {
      if (worker === created) worker = null;
      failAll(`The statement parse worker exited (code ${code})`, created);
    });
    return created;
  }

  return {
    parse(bytes) {
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise<TissStatementMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`The statement parse took over ${timeoutMs} ms`));
          // The runaway parse holds the worker: replace it (other parses in it fail too, rarely).
          discard(current);
          failAll('The statement parse worker was replaced after a timeout', current);
        }, timeoutMs);
        pending.set(id, { owner: current, resolve, reject, timer });
        // A copy of just these bytes (`bytes` may be a view on a larger buffer, and the caller keeps it), moved to the
        // worker without a second copy.
        const copy = new Uint8Array(bytes);
        const request: ParseRequest = { id, bytes: copy };
        current.postMessage(request, [copy.buffer]);
      });
    },
    async close() {
      failAll('The statement parser was closed');
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}

let shared: StatementParser | null = null;

/** parseTissStatement(bytes) in the process's statement worker (created on first use; its thread never keeps the process alive). */
export function parseTissStatementOffThread(bytes: Uint8Array): Promise<TissStatementMessage> {
  shared ??= createStatementParser();
  return shared.parse(bytes);
}
