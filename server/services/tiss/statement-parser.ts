import { StatementFileError } from '../../../machines/tiss/statementMessages';
import type { TissStatementMessage } from '../../../machines/tiss/statementTypes';
import type { ParseReply, ParseRequest } from './statement-parse-worker';
import { createWorkerCaller } from '../workers/worker-caller';

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
 * the first parse (../workers/worker-caller.ts), so a 10 MB statement never stalls the server's event loop. The
 * worker has a bounded heap; a parse that runs past `timeoutMs` or kills the worker fails and the next parse gets a
 * new worker. The main thread only copies the bytes to the worker and receives the parsed message (structured clone).
 */
export function createStatementParser({ timeoutMs = PARSE_TIMEOUT_MS, heapMb = WORKER_HEAP_MB }: { timeoutMs?: number; heapMb?: number } = {}): StatementParser {
  const worker = createWorkerCaller<ParseReply, TissStatementMessage>({
    url: WORKER_URL,
    heapMb,
    timeoutMs,
    settle(reply) {
      if (reply.ok) return { ok: true, value: reply.message };
      if (reply.refusal) return { ok: false, error: new StatementFileError(reply.refusal.kind, reply.refusal.message, reply.refusal.line) };
      return { ok: false, error: new Error(`The statement parse failed in its worker: ${reply.error}`) };
    },
    failure: (detail) => new Error(`The statement parse failed: ${detail}`),
  });
  return {
    parse(bytes) {
      // A copy of just these bytes (`bytes` may be a view on a larger buffer, and the caller keeps it), moved to the
      // worker without a second copy.
      const copy = new Uint8Array(bytes);
      const request: Omit<ParseRequest, 'id'> = { bytes: copy };
      return worker.call(request, [copy.buffer]);
    },
    close: () => worker.close(),
  };
}

let shared: StatementParser | null = null;

/** parseTissStatement(bytes) in the process's statement worker (created on first use; its thread never keeps the process alive). */
export function parseTissStatementOffThread(bytes: Uint8Array): Promise<TissStatementMessage> {
  shared ??= createStatementParser();
  return shared.parse(bytes);
}
