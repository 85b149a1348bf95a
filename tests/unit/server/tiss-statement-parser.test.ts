import { describe, expect, it } from 'vitest';
import { StatementFileError } from '../../../machines/tiss/statementMessages';
import { parseTissStatement } from '../../../machines/tiss/statementParser';
import type { AnaliseContaStatement } from '../../../machines/tiss/statementTypes';
import { buildAnaliseContaMessage, buildPagamentoMessage } from '../../../machines/tiss/statementWriters';
import { tissMessageBytes } from '../../../machines/tiss/tissXml';
import { readTissStatementFile } from '../../../server/services/tiss/statement-file';
import { createStatementParser } from '../../../server/services/tiss/statement-parser';
import { analiseMessage, analiseStatement, pagamentoMessage, paidGuide } from '../machines/tiss/statementFixtures';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** A valid analysis statement of `guides` guides in one protocol (some 1.2 KB a guide). */
function largeStatement(guides: number): Uint8Array {
  const base = analiseStatement();
  const list = Array.from({ length: guides }, (_, index) => paidGuide({ providerGuideNumber: `G-${index}` }));
  const statement: AnaliseContaStatement = { ...base, protocols: [{ ...base.protocols[0]!, guides: list }] };
  return tissMessageBytes(buildAnaliseContaMessage(analiseMessage({ statements: [statement] })));
}

/** The longest pause of the event loop while `task` runs (a 2 ms interval timer's largest gap). */
async function longestPause<T>(task: () => Promise<T>): Promise<{ result: T; pause: number }> {
  let pause = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    pause = Math.max(pause, now - last);
    last = now;
  }, 2);
  try {
    const result = await task();
    pause = Math.max(pause, performance.now() - last);
    return { result, pause };
  } finally {
    clearInterval(probe);
  }
}

describe('the statement parse worker (statement-parser.ts)', () => {
  it('reads an 8 MB statement off the event loop, as this thread would parse it', async () => {
    const bytes = largeStatement(7100);
    expect(bytes.length).toBeGreaterThan(8 * 1024 * 1024);
    // The worker started and this thread's parser warm, so each measures the work itself.
    const small = tissMessageBytes(buildPagamentoMessage(pagamentoMessage()));
    await readTissStatementFile(small);
    parseTissStatement(small);
    const readStarted = performance.now();
    const { result: read, pause } = await longestPause(() => readTissStatementFile(bytes));
    const readTook = performance.now() - readStarted;
    const started = performance.now();
    const direct = parseTissStatement(bytes);
    const parseHere = performance.now() - started;
    console.info(
      `8 MB statement (${bytes.length} bytes): read in ${Math.round(readTook)} ms, the event loop paused at most ${Math.round(pause)} ms; the parse on this thread ${Math.round(parseHere)} ms`,
    );
    expect(read).toEqual(direct);
    expect(read.kind === 'analiseConta' && read.statements[0]!.protocols[0]!.guides).toHaveLength(7100);
    // Off the thread, deterministically (no timing asserted: docs/BENCHMARKS.md 'bench:statements' measures it): the
    // parse is still pending when this thread's next macrotask runs. A parse on this thread would have settled first.
    const parser = createStatementParser();
    try {
      let settled = false;
      const pending = parser.parse(bytes).finally(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      expect(await pending).toEqual(direct);
    } finally {
      await parser.close();
    }
  });

  it('rethrows the parser’s refusal as a StatementFileError with the same kind, message and line', async () => {
    const parser = createStatementParser();
    try {
      const xml = buildAnaliseContaMessage(analiseMessage()).xml.replace(/></g, '>\n<');
      for (const bytes of [latin1(xml.replace('<ans:Padrao>4.01.00<', '<ans:Padrao>3.05.00<')), latin1(xml.slice(0, 3000)), latin1('%PDF-1.7\n'), new Uint8Array(11 * 1024 * 1024)]) {
        const expected = (() => {
          try {
            parseTissStatement(bytes);
          } catch (error) {
            return error as StatementFileError;
          }
          throw new Error('The file parsed');
        })();
        const error = await parser.parse(bytes).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(StatementFileError);
        expect(error).toMatchObject({ name: 'StatementFileError', kind: expected.kind, message: expected.message, line: expected.line });
      }
      // A view on a larger buffer: only its own bytes are parsed (and the caller's buffer is left whole).
      const file = tissMessageBytes(buildPagamentoMessage(pagamentoMessage()));
      const padded = new Uint8Array(file.length + 20).fill(0x20);
      padded.set(file, 10);
      const view = padded.subarray(10, 10 + file.length);
      expect(await parser.parse(view)).toEqual(parseTissStatement(file));
      expect(view.byteLength).toBe(file.length);
    } finally {
      await parser.close();
    }
  });

  it('fails with a plain Error (a 500, not a refusal) when the worker runs out of memory or time, then starts a new one', async () => {
    const bytes = largeStatement(3000);
    const small = createStatementParser({ heapMb: 16 });
    try {
      const error = await small.parse(bytes).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(StatementFileError);
      expect((error as Error).message).toMatch(/memory limit/);
      // The dead worker was replaced: a small file still parses.
      const read = await small.parse(tissMessageBytes(buildPagamentoMessage(pagamentoMessage())));
      expect(read.kind).toBe('pagamento');
    } finally {
      await small.close();
    }
    const hurried = createStatementParser({ timeoutMs: 1 });
    try {
      const error = await hurried.parse(bytes).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(StatementFileError);
      expect((error as Error).message).toMatch(/took over 1 ms/);
    } finally {
      await hurried.close();
    }
  });
});
