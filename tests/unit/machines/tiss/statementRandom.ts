import type {
  AnaliseContaMessageInput,
  AnaliseContaStatement,
  AnaliseGuide,
  AnaliseItem,
  AnaliseProtocol,
  DebitCredit,
  GlosaReason,
  PagamentoMessageInput,
  PagamentoStatement,
  PaidProtocol,
  PaymentByDate,
  StatementEnvelopeInput,
  StatementHeader,
  StatementProvider,
} from '../../../../machines/tiss/statementTypes';
import {
  DEBIT_CREDIT_TYPES,
  GLOSA_CODES,
  PARTICIPATION_LABELS,
  PAYMENT_METHODS,
  PROCEDURE_TABLES,
  PROTOCOL_STATUSES,
} from '../../../../machines/tiss/tissDomains';
import type { ProviderId } from '../../../../machines/tiss/types';

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

/**
 * Random statement messages from a seed (the house's seeded property tests: tissProperty.test.ts; a failure replays
 * with its seed). Every value is one the writers keep as it is (texts already clean, within the XSD's lengths;
 * amounts within their st_decimal), so a message written and read back must equal its input exactly. The amounts do
 * not add up (the reader and the XSD do not require it).
 */
export function statementGenerator(seed: number) {
  const random = prng(seed);
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

  return {
    random,
    int,
    pick,
    analiseMessage: (): AnaliseContaMessageInput => ({ ...envelope(), statements: Array.from({ length: int(1, 3) }, analise) }),
    pagamentoMessage: (): PagamentoMessageInput => ({ ...envelope(), statement: pagamento() }),
  };
}
