import { type, type ArkError, type Traversal } from 'arktype';
import { MAX_NOTE_LENGTH } from '../constants';
import { addDays, DATE_MESSAGES, isValidIsoDate } from '../rules/dates';
import { MAX_INT4, orNull, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import {
  APPEAL_OUTCOMES,
  DEFAULT_APPEAL_DAYS,
  MAX_LEDGER_CENTS,
  MAX_PAYMENT_TERM_DAYS,
  PAYMENT_TERM_PAYERS,
  RECEIPT_PAYERS,
  SETTLEMENTS,
  type AppealOutcome,
} from './constants';
import { formatCents } from './ledgerRules';
import { INCOME_RULE_MESSAGES, WITHHOLDING_FIELDS, WITHHOLDING_LABELS, withholdingProblems } from './incomeRules';
import { isValidCnpj } from '../rules/cnpj';
import { onlyDigits } from '../rules/cpf';

export { glosaColumnsOf } from './glosaColumns';

/**
 * The bodies of a case's fee ledger (issue 14; DECISIONS §16; openapi LedgerBillingUpdate, ReceiptInput, GlosaInput,
 * GlosaUpdate, PaymentTermsUpdate), each checked by the server's route and by the SPA's form (the same pt-BR
 * messages). What needs the stored case (its status, the glosa's existence, a plan's or hospital's) is the server's.
 *
 * The rules, and why:
 * - Money is integer centavos, 1..MAX_LEDGER_CENTS (R$ 0,01 to R$ 10.000.000,00).
 * - What already happened is not dated after today (São Paulo): the billing, a receipt, a glosa, an appeal's filing.
 *   The appeal's deadline may be any real date not before the glosa's (absent or null: the glosa's date + 30 days).
 * - An appeal's outcome needs its filing date (an appeal is decided after it is filed), not before the glosa's.
 * - The recovered amount follows the outcome: revertida recovers the whole amount unless told less (1..amount);
 *   parcial needs it strictly between 0 and the amount; mantida recovers nothing (0); without an outcome none.
 * - Texts are trimmed, blank → null; the glosa's reason is required.
 * Cross-field rules read the raw body (`ctx.root`) in each field's transform, so a form sees every problem at once.
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

/** The longest guide or lot number: payers' codes are a few dozen characters at most. */
const BILLING_REFERENCE_MAX = 60;
const GLOSA_REASON_MAX = 200;
const PAYER_NAME_MAX = 200;
const MAX_TERMS = 500;

export const LEDGER_MESSAGES = {
  invalidBilledOn: 'Data de faturamento inválida.',
  billingReferenceTooLong: `O número da guia ou do lote deve ter no máximo ${BILLING_REFERENCE_MAX} caracteres.`,
  receivedOnRequired: 'Informe a data do recebimento.',
  invalidReceivedOn: 'Data do recebimento inválida.',
  amountRequired: 'Informe o valor.',
  invalidAmount: `Valor inválido: informe um valor de R$ 0,01 a ${formatCents(MAX_LEDGER_CENTS)}.`,
  payerRequired: 'Informe quem pagou.',
  invalidPayer: 'Pagador inválido: use Plano de Saúde, Hospital, Paciente (particular), Cooperativa ou Outro.',
  invalidPayerCnpj: 'CNPJ de quem pagou inválido: confira os 14 dígitos.',
  payerNameTooLong: `O nome de quem pagou deve ter no máximo ${PAYER_NAME_MAX} caracteres.`,
  personDocument: INCOME_RULE_MESSAGES.personDocument,
  noteTooLong: `As observações devem ter no máximo ${MAX_NOTE_LENGTH} caracteres.`,
  glosaOnRequired: 'Informe a data da glosa.',
  invalidGlosaOn: 'Data da glosa inválida.',
  reasonRequired: 'Informe o motivo da glosa.',
  reasonTooLong: `O motivo deve ter no máximo ${GLOSA_REASON_MAX} caracteres.`,
  invalidReasonCode: 'Código do motivo de glosa inválido: escolha um motivo da tabela TISS.',
  invalidAppealDeadline: 'Prazo do recurso inválido.',
  deadlineBeforeGlosa: 'O prazo do recurso não pode ser antes da data da glosa.',
  invalidFiledOn: 'Data de envio do recurso inválida.',
  filedBeforeGlosa: 'O recurso não pode ter sido enviado antes da data da glosa.',
  invalidOutcome: 'Resultado do recurso inválido: use revertida, mantida ou parcial.',
  outcomeNeedsFiled: 'Informe a data de envio do recurso antes do resultado.',
  recoveredRequired: 'Informe o valor recuperado.',
  invalidRecovered: 'Valor recuperado inválido.',
  recoveredPartial: (amount: number) =>
    `Na reversão parcial, o valor recuperado fica entre R$ 0,01 e ${formatCents(Math.max(1, amount - 1))}.`,
  recoveredRevertida: 'Na glosa revertida, o valor recuperado vai de R$ 0,01 até o valor glosado.',
  recoveredMantida: 'Na glosa mantida nada é recuperado: o valor recuperado é zero.',
  recoveredWithoutOutcome: 'O valor recuperado só se informa com o resultado do recurso.',
  termsRequired: 'Informe a lista de prazos.',
  tooManyTerms: `Informe no máximo ${MAX_TERMS} prazos.`,
  invalidTermPayer: 'Tipo de pagador inválido: use plano ou hospital.',
  invalidTermPayerId: 'Plano ou hospital inválido.',
  invalidTermDays: `O prazo de pagamento deve ser um número inteiro de 1 a ${MAX_PAYMENT_TERM_DAYS} dias.`,
  repeatedTerm: 'Há mais de um prazo para o mesmo plano ou hospital.',
  invalidSettlement: 'Acerto da diferença inválido: use glosa ou perda.',
  settlementOnlyAtConclusion: 'O acerto da diferença só se informa ao concluir o pagamento.',
  futureDate: DATE_MESSAGES.futureDate,
} as const;

const M = LEDGER_MESSAGES;

type Raw = Record<string, unknown>;
const rawOf = (root: unknown): Raw => (root && typeof root === 'object' ? (root as Raw) : {});
const rawDate = (value: unknown): string | null => (typeof value === 'string' && isValidIsoDate(value) ? value : null);
const rawCents = (value: unknown): number | null => (isCents(value) ? value : null);
const rawOutcome = (value: unknown): AppealOutcome | null => APPEAL_OUTCOMES.find((outcome) => outcome === value) ?? null;

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_LEDGER_CENTS;
}

type Fail = { fail: string };
const fail = (message: string): Fail => ({ fail: message });
const isFail = (value: unknown): value is Fail => typeof value === 'object' && value !== null && 'fail' in value;

/** A date (null allowed when `nullable`), real and yyyy-MM-dd, then `rule` on it and the raw body. */
function dateField(invalid: string, rule: (value: string | null, root: Raw) => string | null | Fail) {
  return orNull(type('string')).pipe((value, ctx): string | null | ArkError => {
    if (value !== null && !isValidIsoDate(value)) return ctx.error({ message: invalid });
    const out = rule(value, rawOf(ctx.root));
    return isFail(out) ? ctx.error({ message: out.fail }) : out;
  });
}

/** A past-or-today date; `required` names the message for null. */
function pastDate(today: string, invalid: string, required: string | null) {
  return dateField(invalid, (value) => {
    if (value === null) return required ? fail(required) : null;
    return value > today ? fail(M.futureDate) : value;
  }).configure({ missing: required ?? INVALID });
}

/** An amount in centavos, 1..MAX_LEDGER_CENTS. */
const amount = type('number')
  .pipe((value, ctx): number | ArkError => (isCents(value) ? value : ctx.error({ message: M.invalidAmount })))
  .configure({ message: M.invalidAmount, missing: M.amountRequired });

/** A text: trimmed, at most `max` characters, blank → null (or `required`'s message). */
function shortText(max: number, tooLong: string, required?: string) {
  return orNull(type('string').configure({ message: INVALID }))
    .pipe((value, ctx) => {
      const trimmed = value?.trim() ?? '';
      if (visibleLength(trimmed) > max) return ctx.error({ message: tooLong });
      if (trimmed === '') return required ? ctx.error({ message: required }) : null;
      return trimmed;
    })
    .configure({ missing: required ?? INVALID });
}

const note = shortText(MAX_NOTE_LENGTH, M.noteTooLong);

/** PUT …/ledger/billing/ (openapi LedgerBillingUpdate). */
function buildBillingSchema(today: string) {
  return type({
    '+': 'reject',
    billed_on: pastDate(today, M.invalidBilledOn, null),
    billing_reference: shortText(BILLING_REFERENCE_MAX, M.billingReferenceTooLong),
  }).configure({ message: INVALID });
}

/** A withholding's raw value when it is a whole number of centavos ≥ 0 (absent or null: 0), else null. */
const rawWithholding = (value: unknown): number | null =>
  value === undefined || value === null ? 0 : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_LEDGER_CENTS ? value : null;

/**
 * A tax withheld at source (issue 38 item 5; machines/ledger/incomeRules.ts): centavos 0..MAX_LEDGER_CENTS, absent or
 * null → 0; against the raw body, a patient's receipt withholds nothing and the withholdings add up to at most the gross
 * (the message under the first field that carries one).
 */
function withholding(name: (typeof WITHHOLDING_FIELDS)[number]) {
  const invalid = INCOME_RULE_MESSAGES.invalidWithholding(WITHHOLDING_LABELS[name]);
  return orNull(type('number').configure({ message: invalid })).pipe((value, ctx): number | ArkError => {
    const cents = rawWithholding(value);
    if (cents === null) return ctx.error({ message: invalid });
    const root = rawOf(ctx.root);
    const gross = rawCents(root.amount_cents);
    const payer = RECEIPT_PAYERS.find((key) => key === root.payer);
    const others = WITHHOLDING_FIELDS.map((field) => (field === name ? cents : rawWithholding(root[field])));
    if (gross === null || payer === undefined || others.some((other) => other === null)) return cents;
    const [irrf, iss, pisCofinsCsll] = others as number[];
    const problem = withholdingProblems({ amount_cents: gross, payer, irrf_cents: irrf!, iss_cents: iss!, pis_cofins_csll_cents: pisCofinsCsll! })
      .find((found) => found.field === name);
    return problem ? ctx.error({ message: problem.message }) : cents;
  }).configure({ message: invalid });
}

/** The paying company's CNPJ as typed (mask allowed, stored as 14 digits), blank → null; none for a patient's receipt. */
const payerDocument = orNull(type('string').configure({ message: M.invalidPayerCnpj })).pipe((value, ctx): string | null | ArkError => {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if (rawOf(ctx.root).payer === 'particular') return ctx.error({ message: M.personDocument });
  const digits = onlyDigits(trimmed);
  return /^[\d.\-/ ]+$/.test(trimmed) && isValidCnpj(digits) ? digits : ctx.error({ message: M.invalidPayerCnpj });
}).configure({ message: M.invalidPayerCnpj });

/** POST …/ledger/receipts/ (openapi ReceiptInput). */
function buildReceiptSchema(today: string) {
  return type({
    '+': 'reject',
    received_on: pastDate(today, M.invalidReceivedOn, M.receivedOnRequired),
    amount_cents: amount,
    payer: type.enumerated(...RECEIPT_PAYERS).configure({ message: M.invalidPayer, missing: M.payerRequired }),
    'note?': note,
    'payer_document?': payerDocument,
    'payer_name?': shortText(PAYER_NAME_MAX, M.payerNameTooLong),
    'irrf_cents?': withholding('irrf_cents'),
    'iss_cents?': withholding('iss_cents'),
    'pis_cofins_csll_cents?': withholding('pis_cofins_csll_cents'),
  }).configure({ message: INVALID });
}

/** The appeal deadline: a real date not before the glosa's; null or absent → the glosa's date + DEFAULT_APPEAL_DAYS. */
const appealDeadline = dateField(M.invalidAppealDeadline, (value, root) => {
  const glosaOn = rawDate(root.glosa_on);
  if (value === null) return glosaOn ? addDays(glosaOn, DEFAULT_APPEAL_DAYS) : null;
  return glosaOn !== null && value < glosaOn ? fail(M.deadlineBeforeGlosa) : value;
});

/** The TISS reason code (dm_tipoGlosa: four digits; the server checks it is in the shipped table), or null. */
const glosaReasonCode = orNull(type('string'))
  .pipe((value, ctx): string | null | ArkError => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    return /^\d{4}$/.test(trimmed) ? trimmed : ctx.error({ message: M.invalidReasonCode });
  })
  .configure({ message: M.invalidReasonCode });

const glosaFields = (today: string) => ({
  glosa_on: pastDate(today, M.invalidGlosaOn, M.glosaOnRequired),
  amount_cents: amount,
  reason: shortText(GLOSA_REASON_MAX, M.reasonTooLong, M.reasonRequired),
  'reason_code?': glosaReasonCode,
  'appeal_deadline?': appealDeadline,
  'note?': note,
});

/** POST …/ledger/glosas/ (openapi GlosaInput): a new glosa, its appeal not filed yet. */
function buildGlosaSchema(today: string) {
  return type({ '+': 'reject', ...glosaFields(today) }).configure({ message: INVALID });
}

/** The recovered amount as the outcome wants it (see the rules above); null when no outcome. */
function recovered(value: number | null, root: Raw, ctx: Traversal): number | null | ArkError {
  if (value !== null && !(Number.isSafeInteger(value) && value >= 0 && value <= MAX_LEDGER_CENTS)) {
    return ctx.error({ message: M.invalidRecovered });
  }
  const outcome = rawOutcome(root.appeal_outcome);
  const glosaAmount = rawCents(root.amount_cents);
  switch (outcome) {
    case null:
      return value === null ? null : ctx.error({ message: M.recoveredWithoutOutcome });
    case 'mantida':
      return value === null || value === 0 ? 0 : ctx.error({ message: M.recoveredMantida });
    case 'revertida':
      if (value === null) return glosaAmount;
      return value >= 1 && (glosaAmount === null || value <= glosaAmount) ? value : ctx.error({ message: M.recoveredRevertida });
    case 'parcial':
      if (value === null) return ctx.error({ message: M.recoveredRequired });
      if (glosaAmount === null) return value;
      return value >= 1 && value < glosaAmount ? value : ctx.error({ message: M.recoveredPartial(glosaAmount) });
  }
}

/** PUT …/ledger/glosas/{glosaId}/ (openapi GlosaUpdate): the whole glosa with its appeal. */
function buildGlosaUpdateSchema(today: string) {
  return type({
    '+': 'reject',
    ...glosaFields(today),
    'appeal_filed_on?': dateField(M.invalidFiledOn, (value, root) => {
      if (value === null) return null;
      if (value > today) return fail(M.futureDate);
      const glosaOn = rawDate(root.glosa_on);
      return glosaOn !== null && value < glosaOn ? fail(M.filedBeforeGlosa) : value;
    }),
    // The message is configured after the pipe: arktype drops an input's own message once piped.
    'appeal_outcome?': type.enumerated(...APPEAL_OUTCOMES, null).pipe((value, ctx): AppealOutcome | null | ArkError => {
      if (value === null) return null;
      const outcome = value;
      const filed = rawOf(ctx.root).appeal_filed_on;
      // A decided appeal was filed first (an invalid filed date reports itself).
      return filed === null || filed === undefined ? ctx.error({ message: M.outcomeNeedsFiled }) : outcome;
    }).configure({ message: M.invalidOutcome }),
    'recovered_cents?': orNull(type('number')).pipe((value, ctx) => recovered(value, rawOf(ctx.root), ctx)),
  })
    .configure({ message: INVALID })
    .narrow(
      // An absent recovered amount still follows the outcome (parcial needs one).
      (body, ctx) =>
        body.recovered_cents !== undefined ||
        rawOutcome(body.appeal_outcome) !== 'parcial' ||
        ctx.reject({ path: ['recovered_cents'], message: M.recoveredRequired }),
    );
}

function daysOf(build: (today: string) => unknown) {
  const cache = new Map<string, unknown>();
  return (today: string) => {
    if (!cache.has(today)) {
      cache.clear();
      cache.set(today, build(today));
    }
    return cache.get(today);
  };
}

const billingOfDay = daysOf(buildBillingSchema);
const receiptOfDay = daysOf(buildReceiptSchema);
const glosaOfDay = daysOf(buildGlosaSchema);
const glosaUpdateOfDay = daysOf(buildGlosaUpdateSchema);

/** The schemas for `today` (yyyy-MM-dd, São Paulo), each built once per day. */
export const billingSchema = (today: string) => billingOfDay(today) as ReturnType<typeof buildBillingSchema>;
export const receiptSchema = (today: string) => receiptOfDay(today) as ReturnType<typeof buildReceiptSchema>;
export const glosaSchema = (today: string) => glosaOfDay(today) as ReturnType<typeof buildGlosaSchema>;
export const glosaUpdateSchema = (today: string) => glosaUpdateOfDay(today) as ReturnType<typeof buildGlosaUpdateSchema>;

export type BillingInput = ReturnType<typeof buildBillingSchema>['infer'];
export type ReceiptInput = ReturnType<typeof buildReceiptSchema>['infer'];
export type GlosaInput = ReturnType<typeof buildGlosaSchema>['infer'];
export type GlosaUpdateInput = ReturnType<typeof buildGlosaUpdateSchema>['infer'];

/** PUT /project_auth/api/v1/payment_terms/ (openapi PaymentTermsUpdate): the medic's whole list. */
export const paymentTermsSchema = type({
  '+': 'reject',
  terms: type({
    '+': 'reject',
    payer: type.enumerated(...PAYMENT_TERM_PAYERS).configure({ message: M.invalidTermPayer, missing: M.invalidTermPayer }),
    payer_id: type('number')
      .narrow((value, ctx) => (Number.isInteger(value) && value >= 1 && value <= MAX_INT4) || ctx.reject({ message: M.invalidTermPayerId }))
      .configure({ message: M.invalidTermPayerId, missing: M.invalidTermPayerId }),
    days: type('number')
      .narrow(
        (value, ctx) => (Number.isInteger(value) && value >= 1 && value <= MAX_PAYMENT_TERM_DAYS) || ctx.reject({ message: M.invalidTermDays }),
      )
      .configure({ message: M.invalidTermDays, missing: M.invalidTermDays }),
  })
    .configure({ message: INVALID })
    .array()
    .narrow((rows, ctx) => {
      if (rows.length > MAX_TERMS) return ctx.reject({ message: M.tooManyTerms });
      const seen = new Set<string>();
      for (const row of rows) {
        const key = `${row.payer}:${row.payer_id}`;
        if (seen.has(key)) return ctx.reject({ message: M.repeatedTerm });
        seen.add(key);
      }
      return true;
    })
    .configure({ message: INVALID, missing: M.termsRequired }),
});

export type PaymentTermsInput = typeof paymentTermsSchema.infer;

/** The optional `settlement` of PUT update/{id}/ (issue 14): how a conclusion's difference is recorded. */
export const settlementField = type.enumerated(...SETTLEMENTS).configure({ message: M.invalidSettlement });
