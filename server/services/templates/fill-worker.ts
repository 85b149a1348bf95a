import { parentPort } from 'node:worker_threads';
import { fillDocxTemplate, TemplateProblemError } from './docx-template';

/** Worker body: fills one template per message, off the server's event loop (template-filler.ts). */
export type FillRequest = { id: number; template: Uint8Array; values: Record<string, unknown> };
export type FillReply =
  | { id: number; ok: true; data: Uint8Array }
  | { id: number; ok: false; problems: TemplateProblemError['problems'] | null };

parentPort?.on('message', (request: FillRequest) => {
  let reply: FillReply;
  try {
    const data = fillDocxTemplate(Buffer.from(request.template), request.values);
    reply = { id: request.id, ok: true, data };
  } catch (error) {
    reply = { id: request.id, ok: false, problems: error instanceof TemplateProblemError ? error.problems : null };
  }
  parentPort?.postMessage(reply);
});
