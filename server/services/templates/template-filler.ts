import { TemplateProblemError, type TemplateProblem } from './docx-template';
import type { FillReply, FillRequest } from './fill-worker';
import { createWorkerCaller } from '../workers/worker-caller';

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

export type TemplateFiller = {
  /** The template filled with `values`; TemplateProblemError for a broken, oversized or runaway template. */
  fill(template: Buffer, values: Record<string, unknown>): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Fills DOCX templates in one long-lived worker thread (started at the first fill; ../workers/worker-caller.ts), so
 * unzipping and rendering never block the server's event loop. The worker has a bounded heap; a fill that runs past
 * `timeoutMs` or kills the worker fails with TemplateProblemError and the next fill gets a new worker.
 */
export function createTemplateFiller({ timeoutMs = FILL_TIMEOUT_MS }: { timeoutMs?: number } = {}): TemplateFiller {
  const worker = createWorkerCaller<FillReply, Buffer>({
    url: WORKER_URL,
    heapMb: WORKER_HEAP_MB,
    timeoutMs,
    settle: (reply) =>
      reply.ok ? { ok: true, value: Buffer.from(reply.data) } : { ok: false, error: new TemplateProblemError(reply.problems ?? [FILL_FAILED_PROBLEM]) },
    failure: () => new TemplateProblemError([FILL_FAILED_PROBLEM]),
  });
  return {
    fill(template, values) {
      const request: Omit<FillRequest, 'id'> = { template: new Uint8Array(template), values };
      return worker.call(request);
    },
    close: () => worker.close(),
  };
}
