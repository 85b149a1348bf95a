import { describe, expect, it } from 'vitest';
import { StatementFileError } from '../../../../machines/tiss/statementMessages';
import { parseTissStatement } from '../../../../machines/tiss/statementParser';
import type {
  AnaliseContaStatement,
  AnaliseGuide,
  AnaliseItem,
  AnaliseProtocol,
  DebitCredit,
  GlosaReason,
  PagamentoStatement,
  PaidProtocol,
  PaymentByDate,
  StatementEnvelopeInput,
  StatementHeader,
  StatementProvider,
} from '../../../../machines/tiss/statementTypes';
import { buildAnaliseContaMessage, buildPagamentoMessage } from '../../../../machines/tiss/statementWriters';
import {
  DEBIT_CREDIT_TYPES,
  GLOSA_CODES,
  PARTICIPATION_LABELS,
  PAYMENT_METHODS,
  PROCEDURE_TABLES,
  PROTOCOL_STATUSES,
} from '../../../../machines/tiss/tissDomains';
import { tissMessageBytes } from '../../../../machines/tiss/tissXml';
import type { ProviderId } from '../../../../machines/tiss/types';
import { independentHash, validateWithXmllint } from './tissFixtures';

/**
 * Random statements (the house's seeded property tests: tissProperty.test.ts; a failure replays with its seed): every
 * one written validates against the shipped XSD, reads back to the same value with a valid hash, and any damage to a
 * file is either read or refused with a StatementFileError, never another exception.
 */

/** mulberry32: a seeded PRNG, so a failure replays. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261204;
const random = prng(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
const maybe = <T,>(value: () => T): T | null => (random() < 0.5 ? value() : null);
const digits = (length: number) => Array.from({ length }, () => int(0, 9)).join('');

/**
 * A text the writers keep as it is (ISO-8859-1 letters, XML's specials, single inner spaces, no edge spaces): so the
 * value read back must equal it exactly.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789áéíóúâêôãõçÁÉÍÓÚÇüñ&<>"\'/-.,;:()%ºª°';
function text(maxLength: number): string {
  const length = int(1, maxLength);
  let out = '';
  while (out.length < length) out += random() < 0.12 && out.length > 0 && !out.endsWith(' ') ? ' ' : ALPHABET[int(0, ALPHABET.length - 1)];
  return out.slice(0, length).trimEnd() || 'x';
}
const code = (maxLength: number) => text(maxLength).replace(/\s/g, '') || 'X';

function day(): string {
  return `20${int(20, 30)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
}
const time = () => `${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}`;
const money8 = () => pick([0, 1, 10, 99, 100, int(0, 99_999_999), 99_999_999]);
const money10 = () => pick([0, 1, 10, int(0, 9_999_999_999), 9_999_999_999]);

function providerId(): ProviderId {
  return pick<() => ProviderId>([
    () => ({ kind: 'codeAtPlan', code: code(14) }),
    () => ({ kind: 'cpf', cpf: digits(11) }),
    () => ({ kind: 'cnpj', cnpj: digits(14) }),
  ])();
}

function header(): StatementHeader {
  return { planAnsRegistry: digits(6), statementNumber: code(20), planName: text(70), planCnpj: digits(14), issuedOn: day() };
}

const provider = (): StatementProvider => ({ id: providerId(), cnes: pick(['9999999', digits(7)]) });
const glosa = (): GlosaReason => ({ code: pick(GLOSA_CODES), description: maybe(() => text(500)) });

function item(sequence: number): AnaliseItem {
  return {
    sequence,
    performedOn: day(),
    table: pick(PROCEDURE_TABLES),
    code: code(10),
    description: text(150),
    participation: maybe(() => pick(Object.keys(PARTICIPATION_LABELS) as Array<keyof typeof PARTICIPATION_LABELS>)),
    informedCents: money8(),
    quantityTenThousandths: pick([10_000, 5_000, int(0, 999_999_999)]),
    processedCents: money8(),
    releasedCents: money8(),
    glosas: Array.from({ length: int(0, 3) }, () => ({ cents: money8(), code: pick(GLOSA_CODES) })),
  };
}

const status = () => pick(Object.keys(PROTOCOL_STATUSES) as Array<keyof typeof PROTOCOL_STATUSES>);

function guide(): AnaliseGuide {
  return {
    providerGuideNumber: code(20),
    planGuideNumber: maybe(() => code(20)),
    authorizationPassword: maybe(() => code(20)),
    cardNumber: text(20),
    billingStart: day(),
    billingStartTime: maybe(time),
    billingEnd: maybe(day),
    billingEndTime: maybe(time),
    glosas: Array.from({ length: int(0, 2) }, glosa),
    status: status(),
    items: Array.from({ length: int(0, 4) }, (_, index) => item(pick([index + 1, int(1, 9999)]))),
    informedCents: money10(),
    processedCents: money10(),
    releasedCents: money10(),
    glosaCents: maybe(money10),
  };
}

function protocol(): AnaliseProtocol {
  return {
    lotNumber: code(12),
    protocolNumber: code(12),
    protocolDate: day(),
    protocolGlosa: maybe(glosa),
    status: status(),
    guides: Array.from({ length: int(0, 4) }, guide),
    informedCents: money10(),
    processedCents: money10(),
    releasedCents: money10(),
    glosaCents: maybe(money10),
  };
}

function analise(): AnaliseContaStatement {
  return {
    header: header(),
    provider: provider(),
    protocols: Array.from({ length: int(1, 3) }, protocol),
    informedCents: money10(),
    processedCents: money10(),
    releasedCents: money10(),
    glosaCents: maybe(money10),
  };
}

function debitCredit(): DebitCredit {
  return { indicator: pick(['1', '2'] as const), type: pick(Object.keys(DEBIT_CREDIT_TYPES) as Array<keyof typeof DEBIT_CREDIT_TYPES>), description: text(40), cents: money8() };
}

function paidProtocol(): PaidProtocol {
  return {
    protocolDate: day(),
    protocolNumber: code(12),
    lotNumber: code(12),
    informedCents: money10(),
    processedCents: money10(),
    releasedCents: money10(),
    glosaCents: maybe(money10),
    guides: Array.from({ length: int(1, 4) }, () => ({
      providerGuideNumber: code(20),
      planGuideNumber: maybe(() => code(20)),
      authorizationPassword: maybe(() => code(20)),
      paymentKind: pick(['1', '2'] as const),
      processedCents: money10(),
      releasedCents: money10(),
      glosaCents: maybe(money10),
    })),
  };
}

function payment(): PaymentByDate {
  return {
    payment: {
      paidOn: day(),
      method: pick(Object.keys(PAYMENT_METHODS) as Array<keyof typeof PAYMENT_METHODS>),
      bank: maybe(() => digits(int(1, 4))),
      branch: maybe(() => code(7)),
      account: maybe(() => code(20)),
    },
    protocols: Array.from({ length: int(1, 3) }, paidProtocol),
    grossInformedCents: money10(),
    grossProcessedCents: money10(),
    grossReleasedCents: money10(),
    grossGlosaCents: money10(),
    debitsCredits: Array.from({ length: int(0, 6) }, debitCredit),
    debitsCents: money10(),
    creditsCents: money10(),
    netCents: money10(),
  };
}

function pagamento(): PagamentoStatement {
  return {
    header: header(),
    provider: provider(),
    payments: Array.from({ length: int(1, 3) }, payment),
    grossInformedCents: money10(),
    grossProcessedCents: money10(),
    grossReleasedCents: money10(),
    grossGlosaCents: money10(),
    debitsCredits: Array.from({ length: int(0, 3) }, debitCredit),
    debitsCents: money10(),
    creditsCents: money10(),
    netCents: money10(),
    note: maybe(() => text(500)),
  };
}

function envelope(): StatementEnvelopeInput {
  return { planAnsRegistry: digits(6), addressee: providerId(), transaction: { sequence: code(12), date: day(), time: time() } };
}

describe(`statements over random values (seed ${SEED})`, () => {
  const written = [
    ...Array.from({ length: 60 }, (_, index) => {
      const input = { ...envelope(), statements: Array.from({ length: int(1, 3) }, analise) };
      const hashEncoding = random() < 0.3 ? ('UTF-8' as const) : ('ISO-8859-1' as const);
      return { name: `analise-${index}`, kind: 'analiseConta' as const, input, hashEncoding, message: buildAnaliseContaMessage(input, { hashEncoding }) };
    }),
    ...Array.from({ length: 40 }, (_, index) => {
      const input = { ...envelope(), statement: pagamento() };
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
