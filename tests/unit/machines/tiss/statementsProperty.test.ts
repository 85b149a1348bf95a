import { describe, expect, it } from 'vitest';
import { StatementFileError } from '../../../../machines/tiss/statementMessages';
import { parseTissStatement } from '../../../../machines/tiss/statementParser';
import { buildAnaliseContaMessage, buildPagamentoMessage } from '../../../../machines/tiss/statementWriters';
import { tissMessageBytes } from '../../../../machines/tiss/tissXml';
import { statementGenerator } from './statementRandom';
import { independentHash, validateWithXmllint } from './tissFixtures';

/**
 * Random statements (./statementRandom.ts; a failure replays with its seed): every one written validates against the
 * shipped XSD, reads back to the same value with a valid hash, and any damage to a file is either read or refused
 * with a StatementFileError, never another exception.
 */

const SEED = 20261204;
const { random, int, pick, analiseMessage, pagamentoMessage } = statementGenerator(SEED);

describe(`statements over random values (seed ${SEED})`, () => {
  const written = [
    ...Array.from({ length: 60 }, (_, index) => {
      const input = analiseMessage();
      const hashEncoding = random() < 0.3 ? ('UTF-8' as const) : ('ISO-8859-1' as const);
      return { name: `analise-${index}`, kind: 'analiseConta' as const, input, hashEncoding, message: buildAnaliseContaMessage(input, { hashEncoding }) };
    }),
    ...Array.from({ length: 40 }, (_, index) => {
      const input = pagamentoMessage();
      return { name: `pagamento-${index}`, kind: 'pagamento' as const, input, hashEncoding: 'ISO-8859-1' as const, message: buildPagamentoMessage(input) };
    }),
  ];

  it('write messages that validate against the shipped XSD and read back to the same values', () => {
    const files = written.map((file) => ({ name: file.name, bytes: tissMessageBytes(file.message) }));
    const results = validateWithXmllint(files);
    // Some values reached the limits: a 500-character note, an amount of R$ 99.999.999,99.
    expect(written.some((file) => file.message.xml.includes('99999999.99'))).toBe(true);
    expect(written.some((file) => /<ans:observacao>[^<]{400,}</.test(file.message.xml.replace(/&[a-z]+;/g, '&')))).toBe(true);
    for (const [index, file] of written.entries()) {
      expect(results.get(file.name), file.name).toBeNull();
      const read = parseTissStatement(files[index]!.bytes);
      const { transactionType, businessFailure, version, hash, ...envelopeRead } = read.envelope;
      expect(envelopeRead, file.name).toEqual({ planAnsRegistry: file.input.planAnsRegistry, addressee: file.input.addressee, transaction: file.input.transaction });
      expect([transactionType, businessFailure, version]).toEqual([file.kind === 'analiseConta' ? 'DEMONSTRATIVO_ANALISE_CONTA' : 'DEMONSTRATIVO_PAGAMENTO', null, '4.01.00']);
      expect(hash.valid, file.name).toBe(true);
      expect(hash.written).toBe(file.message.hash);
      // An accent-free text hashes alike in both encodings: the first that matches is named.
      if (file.hashEncoding === 'ISO-8859-1' || independentHash(files[index]!.bytes).hash === file.message.hash) expect(hash.encoding).toBe('ISO-8859-1');
      else expect(hash.encoding).toBe('UTF-8');
      if (file.kind === 'analiseConta') expect(read.kind === 'analiseConta' && read.statements, file.name).toEqual(file.input.statements);
      else expect(read.kind === 'pagamento' && read.statement, file.name).toEqual(file.input.statement);
    }
  });

  it('read or refuse damaged files with a StatementFileError, never another exception', () => {
    const kinds = new Set<string>();
    let read = 0;
    for (let round = 0; round < 600; round += 1) {
      const xml = pick(written).message.xml;
      const at = int(0, xml.length - 1);
      const damaged = pick([
        () => xml.slice(0, at),
        () => xml.slice(0, at) + xml.slice(at + int(1, 40)),
        () => xml.slice(0, at) + pick(['<', '>', '&', '&amp', ']]>', '</ans:x>', '<ans:x>', '\u0000', 'é', '"', '<!--', '<?pi?>']) + xml.slice(at),
        () => xml.slice(0, at) + xml.slice(at).replace(/>[^<]+</, `>${pick(['', ' ', '-1', 'abc', '1.234', '2026-13-01', '99', '1e3'])}<`),
      ])();
      try {
        parseTissStatement(Uint8Array.from(damaged, (char) => Math.min(char.charCodeAt(0), 0xff)));
        read += 1;
      } catch (error) {
        if (!(error instanceof StatementFileError)) throw error;
        expect(error.message).toMatch(/^(O arquivo|Versão TISS)/);
        kinds.add(error.kind);
      }
    }
    expect(read).toBeGreaterThan(0);
    for (const kind of ['notXml', 'truncated', 'structure']) expect(kinds).toContain(kind);
  });
});
