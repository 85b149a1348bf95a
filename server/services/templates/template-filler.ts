import { Worker } from 'node:worker_threads';
import { TemplateProblemError, type TemplateProblem } from './docx-template';
import type { FillReply, FillRequest } from './fill-worker';

/** A fill that takes longer than this (booting the worker included) is abandoned and its worker replaced. */
const FILL_TIMEOUT_MS = 30_000;
/** The worker's heap: a template that inflates past it kills the worker, not the server. */
const WORKER_HEAP_MB = 256;
/**
 * Beside this module: from the source, server/services/templates/fill-worker-boot.mjs (registers tsx, then loads
 * fill-worker.ts); in the server bundle, build/server/fill-worker-boot.mjs, the worker bundled as plain JavaScript by
 * scripts/build-server.mjs (the bundle's `import.meta.url` is build/server/main.js).
 */
const WORKER_URL = new URL('./fill-worker-boot.mjs', import.meta.url);

const FILL_FAILED_PROBLEM: TemplateProblem = {
  id: 'fill_failed',
  message: 'O modelo não pôde ser preenchido (grande ou complexo demais).',
};

type Pending = { owner: Worker; resolve(data: Buffer): void; reject(error: Error): void; timer: NodeJS.Timeout };

export type TemplateFiller = {
  /** The template filled with `values`; TemplateProblemError for a broken, oversized or runaway template. */
  fill(template: Buffer, values: Record<string, unknown>): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Fills DOCX templates in one long-lived worker thread (started at the first fill), so unzipping and
 * rendering never block the server's event loop. The worker has a bounded heap; a fill that runs past
 * `timeoutMs` or kills the worker fails with TemplateProblemError and the next fill gets a new worker.
 */
export function createTemplateFiller({ timeoutMs = FILL_TIMEOUT_MS }: { timeoutMs?: number } = {}): TemplateFiller {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Fails the fills waiting on `owner` (every fill when omitted). */
  function failAll(reason: TemplateProblem, owner?: Worker) {
    for (const [id, task] of pending) {
      if (owner && task.owner !== owner) continue;
      clearTimeout(task.timer);
      pending.delete(id);
      task.reject(new TemplateProblemError([reason]));
    }
  }

  function discard(current: Worker) {
    if (worker === current) worker = null;
    void current.terminate();
  }

  function start(): Worker {
    const created = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    created.unref();
    created.on('message', (reply: FillReply) => {
      const task = pending.get(reply.id);
      if (!task) return;
      pending.delete(reply.id);
      clearTimeout(task.timer);
      if (reply.ok) task.resolve(Buffer.from(reply.data));
      else task.reject(new TemplateProblemError(reply.problems ?? [FILL_FAILED_PROBLEM]));
    });
    // Out of memory, or a crash: every fill in it fails, the next one starts a new worker.
    created.on('error', () => {
      discard(created);
      failAll(FILL_FAILED_PROBLEM, created);
    });
    created.on('exit', () => {
      if (worker === created) worker = null;
      failAll(FILL_FAILED_PROBLEM, created);
    });
    return created;
  }

  return {
    fill(template, values) {
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new TemplateProblemError([FILL_FAILED_PROBLEM]));
          // The runaway fill holds the worker: replace it (other fills in it fail too, rarely).
          discard(current);
          failAll(FILL_FAILED_PROBLEM, current);
        }, timeoutMs);
        pending.set(id, { owner: current, resolve, reject, timer });
        const request: FillRequest = { id, template: new Uint8Array(template), values };
        current.postMessage(request);
      });
    },
    async close() {
      failAll(FILL_FAILED_PROBLEM);
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
