import { MAX_CASE_CODES, PAYMENT_SOURCES, type PaymentSource } from '../../../machines/constants';
import {
  hasTooManyCodes,
  isFeesDisabled,
  isHealthPlanEnabled,
  isNoteTooLong,
  missingCodes,
  SURGERY_CREATION_MESSAGES,
} from '../../../machines/surgeryCase/creationRules';
import { badRequest } from '../../http/errors';
import { bodyId } from '../../http/path-id';

/**
 * The createSurgery body (openapi: CreateSurgery, SPEC §5, §7) read into plain values, with every
 * problem that needs no database collected as pt-BR messages. The rules the SPA's form applies too
 * (machines/surgeryCase/creationRules.ts) come from there; the service then checks the references
 * (patient, hospital, plan, CIDs, procedures) and throws one 400 with everything found.
 */

export const CREATE_SURGERY_MESSAGES = {
  invalidData: 'Dados inválidos.',
  tooManyCids: `Informe no máximo ${MAX_CASE_CODES} CIDs.`,
  tooManyProcedures: `Informe no máximo ${MAX_CASE_CODES} procedimentos.`,
  unknownCid: 'CID não encontrado.',
  unknownProcedure: 'Procedimento não encontrado.',
  patientMissing: 'Selecione o paciente.',
  patientNotFound: 'Paciente não encontrado.',
  hospitalNotFound: 'Hospital não encontrado.',
  healthPlanNotFound: 'Convênio não encontrado.',
  invalidPaymentSource: 'Fonte pagadora inválida.',
  invalidFees: 'Valor previsto inválido: informe um valor de zero ou mais, com no máximo duas casas decimais.',
} as const;

const M = CREATE_SURGERY_MESSAGES;
const C = SURGERY_CREATION_MESSAGES;

/** The largest amount a money column (numeric(12,2)) holds: below 10^10 reais. */
export const MAX_MONEY = 9_999_999_999.99;

/** A reference id as sent: a positive int4, `'invalid'` (present but never an existing id), or null (absent). */
export type IdValue = number | 'invalid' | null;

export type CreateSurgeryInput = {
  /** Distinct, in the order sent; ids that cannot exist are kept out of here and counted in `unknown*`. */
  cidIds: number[];
  procedureIds: number[];
  unknownCid: boolean;
  unknownProcedure: boolean;
  patient: IdValue;
  hospital: IdValue;
  /** Only when the source is plano_saude (else stored null). */
  healthPlan: IdValue;
  paymentFountains: PaymentSource | null;
  /** As numeric text ('1500.00'); null for clt or when not given. */
  feesPayments: string | null;
  surgeryNote: string | null;
  opme: boolean;
};

/** Collected problems: the `error` list and the field errors of SPEC §8 (`cid`, `procedure`, ...). */
export class CreateProblems {
  readonly messages: string[] = [];
  readonly fields: Record<string, string[]> = {};

  add(field: string | null, message: string, listed = message): void {
    if (field) (this.fields[field] ??= []).push(message);
    if (!this.messages.includes(listed)) this.messages.push(listed);
  }

  throwIfAny(): void {
    if (this.messages.length > 0) throw badRequest(this.messages, this.fields);
  }
}

const invalidData = () => badRequest([M.invalidData]);

function toId(value: unknown): IdValue {
  if (value === undefined || value === null || value === '') return null;
  return bodyId(value) ?? 'invalid';
}

/**
 * A list of CID or procedure ids: numbers and numeric strings are kept, anything else is dropped
 * (SPEC §5), repeated ids count once. Absent or null is an empty list; a non-list is malformed.
 */
function readIdList(value: unknown): { ids: number[]; unknown: boolean; count: number } {
  if (value === undefined || value === null) return { ids: [], unknown: false, count: 0 };
  if (!Array.isArray(value)) throw invalidData();
  const numeric = value.filter(
    (item) => (typeof item === 'number' && Number.isFinite(item)) || (typeof item === 'string' && /^\s*\d+\s*$/.test(item)),
  );
  const ids: number[] = [];
  let unknown = false;
  const seen = new Set<string>();
  for (const item of numeric) {
    const key = String(item).trim();
    if (seen.has(key)) continue;
    seen.add(key);
    const id = toId(item);
    if (typeof id === 'number') ids.push(id);
    else unknown = true;
  }
  return { ids, unknown, count: seen.size };
}

function readCodes(body: Record<string, unknown>, problems: CreateProblems) {
  const cid = readIdList(body.cid);
  const procedure = readIdList(body.procedure);
  const missing = missingCodes(cid.count, procedure.count);
  if (missing?.cid) problems.add('cid', missing.cid, missing.summary);
  if (missing?.procedure) problems.add('procedure', missing.procedure, missing.summary);
  if (hasTooManyCodes(cid.count)) problems.add('cid', M.tooManyCids);
  if (hasTooManyCodes(procedure.count)) problems.add('procedure', M.tooManyProcedures);
  return { cid, procedure };
}

/**
 * Reais with at most two decimals, ≥ 0 and within numeric(12,2); as the text stored. Ignored (only
 * its JSON type checked) when the source is clt, whose expected value is always stored null.
 */
function readFees(value: unknown, problems: CreateProblems, ignored: boolean): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') throw invalidData();
  if (ignored) return null;
  // Decided on the decimal text (JSON numbers print their shortest form: 10.1 → '10.1'), not on floats.
  const text = typeof value === 'string' ? value.trim() : String(value);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || Number(text) > MAX_MONEY) {
    problems.add('fees_payments', M.invalidFees);
    return null;
  }
  return `${(match[1] ?? '0').replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').padEnd(2, '0')}`;
}

function readPaymentSource(value: unknown, problems: CreateProblems): PaymentSource | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw invalidData();
  if ((PAYMENT_SOURCES as readonly string[]).includes(value)) return value as PaymentSource;
  problems.add('payment_fountains', M.invalidPaymentSource);
  return null;
}

function readNote(value: unknown, problems: CreateProblems): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidData();
  const note = value.trim();
  if (isNoteTooLong(note)) problems.add('surgery_note', C.noteTooLong);
  return note === '' ? null : note;
}

function checkIdShape(value: unknown): void {
  if (value !== undefined && value !== null && typeof value !== 'number' && typeof value !== 'string') throw invalidData();
}

/**
 * Reads the JSON body. Malformed (not an object, a field of the wrong JSON type): 400 'Dados
 * inválidos.' at once. Otherwise returns the values and the problems found so far.
 */
export function readCreateSurgeryInput(body: unknown): { input: CreateSurgeryInput; problems: CreateProblems } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidData();
  const source = body as Record<string, unknown>;
  for (const name of ['patient', 'hospital', 'health_plan'] as const) checkIdShape(source[name]);
  if (source.opme !== undefined && source.opme !== null && typeof source.opme !== 'boolean') throw invalidData();

  const problems = new CreateProblems();
  const { cid, procedure } = readCodes(source, problems);
  const paymentFountains = readPaymentSource(source.payment_fountains, problems);
  const fees = readFees(source.fees_payments, problems, isFeesDisabled(paymentFountains));
  const surgeryNote = readNote(source.surgery_note, problems);
  const input: CreateSurgeryInput = {
    cidIds: cid.ids,
    procedureIds: procedure.ids,
    unknownCid: cid.unknown,
    unknownProcedure: procedure.unknown,
    patient: toId(source.patient),
    hospital: toId(source.hospital),
    healthPlan: isHealthPlanEnabled(paymentFountains) ? toId(source.health_plan) : null,
    paymentFountains,
    feesPayments: fees,
    surgeryNote,
    opme: source.opme === true,
  };
  if (input.patient === null) problems.add('patient', M.patientMissing);
  if (input.hospital === null) problems.add('hospital', C.hospitalRequired);
  if (isHealthPlanEnabled(paymentFountains) && input.healthPlan === null) problems.add('health_plan', C.healthPlanRequired);
  return { input, problems };
}
