import { StatementFileError } from '../../../machines/tiss/statementMessages';
import type { TissStatementMessage } from '../../../machines/tiss/statementTypes';
import { parseTissStatementOffThread } from './statement-parser';
import { validateTissXsd } from './xsd-validate';

/**
 * A plan's statement file as uploaded (issue 38), read or refused: the one call the import makes before matching.
 * Throws StatementFileError (its `message` is the pt-BR answer for a 400) and nothing else for a bad file.
 *
 * The order gives each bad file its clearest refusal and does the cheap checks first:
 * 1. parseTissStatement (a worker, ./statement-parser.ts): too large, DOCTYPE/ENTITY (a bomb), encoding, not XML,
 *    truncated, not TISS, not a statement (a lot, another message, the plan's error answer), another version: refused
 *    at once, before libxml2 sees the file.
 * 2. validateTissXsd (a worker): the file against the TISS 4.01.00 XSD; the first error with its line. A file the
 *    parser could not map ('structure') gets the XSD's message when the XSD refuses it too (it names the line the
 *    standard's own validators name).
 * Neither blocks this thread (docs/TISS.md §11): the parse (~40 ms per MB) and libxml2 run in worker threads; this
 * thread only copies the bytes to them and receives the parsed message (for 8.5 MB, pauses of some 30 ms where the
 * parse here took 0.4 s and more).
 */
export async function readTissStatementFile(bytes: Uint8Array): Promise<TissStatementMessage> {
  let message: TissStatementMessage | null = null;
  let unreadable: StatementFileError | null = null;
  try {
    message = await parseTissStatementOffThread(bytes);
  } catch (error) {
    if (!(error instanceof StatementFileError) || error.kind !== 'structure') throw error;
    unreadable = error;
  }
  // Parsed, or refused only as 'structure': the parse's own first checks (size, encoding, no DOCTYPE/ENTITY) passed.
  const schema = await validateTissXsd(bytes, { prechecked: true });
  if (!schema.ok) throw new StatementFileError('schema', schema.message, schema.line);
  if (unreadable) throw unreadable;
  return message!;
}
