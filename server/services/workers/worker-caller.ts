import { Worker } from 'node:worker_threads';

type Pending<Out> = { owner: Worker; resolve(value: Out): void; reject(error: Error): void; timer: NodeJS.Timeout };

type WorkerCaller<Out> = {
  /** Posts `request` (its `id` added) to the worker, moving `transfer`; the reply as settled, or the failure's error. */
  call(request: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<Out>;
  /** Fails the calls waiting and stops the worker. */
  close(): Promise<void>;
};

/**
 * Calls one long-lived worker thread (started at the first call, never keeping the process alive) by request and
 * reply, each matched by an `id`: the template filler's and the statement parser's. The worker has a bounded heap;
 * a call that runs past `timeoutMs`, or a worker that dies (out of memory, a crash), fails the calls waiting on it,
 * and the next call starts a new worker.
 */
export function createWorkerCaller<Reply extends { id: number }, Out>(options: {
  url: URL;
  heapMb: number;
  timeoutMs: number;
  /** A reply as the call's value, or the error it fails with. */
  settle(reply: Reply): { ok: true; value: Out } | { ok: false; error: Error };
  /** The error a call fails with when no reply comes; `detail` says why (the worker crashed, timed out, was closed). */
  failure(detail: string): Error;
}): WorkerCaller<Out> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending<Out>>();

  /** Fails the calls waiting on `owner` (every call when omitted). */
  function failAll(detail: string, owner?: Worker) {
    for (const [id, task] of pending) {
      if (owner && task.owner !== owner) continue;
      clearTimeout(task.timer);
      pending.delete(id);
      task.reject(options.failure(detail));
    }
  }

  function discard(current: Worker) {
    if (worker === current) worker = null;
    void current.terminate();
  }

  function start(): Worker {
    const created = new Worker(options.url, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    created.unref();
    created.on('message', (reply: Reply) => {
      const task = pending.get(reply.id);
      if (!task) return;
      pending.delete(reply.id);
      clearTimeout(task.timer);
      const settled = options.settle(reply);
      if (settled.ok) task.resolve(settled.value);
      else task.reject(settled.error);
    });
    // Out of memory, or a crash: every call in it fails, the next one starts a new worker.
    created.on('error', (error) => {
      discard(created);
      failAll(`The worker failed: ${error.message}`, created);
    });
    created.on('exit', (code) => {
      if (worker === created) worker = null;
      failAll(`The worker exited (code ${code})`, created);
    });
    return created;
  }

  return {
    call(request, transfer = []) {
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(options.failure(`The call took over ${options.timeoutMs} ms`));
          // The runaway call holds the worker: replace it (other calls in it fail too, rarely).
          discard(current);
          failAll('The worker was replaced after a timeout', current);
        }, options.timeoutMs);
        pending.set(id, { owner: current, resolve, reject, timer });
        current.postMessage({ ...request, id }, transfer);
      });
    },
    async close() {
      failAll('The worker was closed');
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
