import { parentPort } from 'node:worker_threads';
import { StatementFileError, type StatementFileErrorKind } from '../../../machines/tiss/statementMessages';
import { parseTissStatement } from '../../../machines/tiss/statementParser';
import type { TissStatementMessage } from '../../../machines/tiss/statementTypes';

/** Worker body: parses one statement file per message, off the server's event loop (statement-parser.ts). */
export type ParseRequest = { id: number; bytes: Uint8Array };
export type ParseReply =
  | { id: number; ok: true; message: TissStatementMessage }
  | { id: number; ok: false; refusal: { kind: StatementFileErrorKind; message: string; line: number | null } }
  | { id: number; ok: false; refusal: null; error: string };

parentPort?.on('message', (request: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id: request.id, ok: true, message: parseTissStatement(request.bytes) };
  } catch (error) {
    reply =
      error instanceof StatementFileError
        ? { id: request.id, ok: false, refusal: { kind: error.kind, message: error.message, line: error.line } }
        : { id: request.id, ok: false, refusal: null, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
