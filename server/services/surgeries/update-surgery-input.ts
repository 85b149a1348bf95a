import {
  APPROVAL_VALUES,
  CASE_STATUSES,
  STATUS_LABELS,
  type ActiveStatus,
  type ApprovalValue,
  type CaseStatus,
} from '../../../machines/constants';
import { isNoteTooLong, SURGERY_CREATION_MESSAGES } from '../../../machines/surgeryCase/creationRules';
import {
  BACK_MOVES,
  conflictMessage,
  futureDateFields,
  isValidIsoDate,
  LIFECYCLE_MESSAGES,
  nextStatus,
  NOTE_FIELD_NAMES,
  opmeApprovalApplies,
  planApprovalApplies,
  scheduleProblem,
  stepOfField,
  type LifecycleFacts,
  type NoteFieldName,
  type StepFields,
} from '../../../machines/surgeryLifecycle/lifecycleRules';
import { badRequest, conflict } from '../../http/errors';
import { MAX_INT4 } from '../../http/path-id';
import { CreateProblems, MAX_MONEY } from './create-surgery-input';
import type { ExtraColumns } from './lifecycle-moves';

/**
 * The update/{id}/ body (openapi: UpdateSurgery; SPEC §5, §7; DECISIONS §4) read into the lifecycle's step fields
 * and notes, with every problem that needs no database collected into one 400 (nothing is written):
 *
 * - `new_status` is required and one of the ten stage keys; any other key than the step fields is refused.
 * - Each field's format, with SPEC §5's message for that field: document_arrivals 'Preencha a data de envio da
 *   documentação!', schedule 'Selecione o dia no calendário!' / 'Hora invalida!', accomplishment and date_payment
 *   'Data invalida!', payment_done 'Insira um valor recebido!'; approvals 'aprovada', 'negada' or null; notes text of
 *   at most 1000 characters. `null` clears a field (a later advance then asks for it again).
 * - The fields sent must all belong to one step S (STEP_FIELDS), and `new_status` must be S (save) or the stage after
 *   S (advance): a step's data is never written by a back move or far from its step.
 *
 * With the case locked, `checkAtCase` then asks that the case be at S (else 409 with its actual status: the client
 * saw an older stage, e.g. a second tab or a double submit) and that a plan or OPME approval applies to it.
 */

export const UPDATE_SURGERY_MESSAGES = {
  invalidData: 'Dados inválidos.',
  statusRequired: 'Informe a etapa da cirurgia.',
  unknownStatus: 'Etapa da cirurgia desconhecida.',
  unknownField: (name: string) => `Campo não reconhecido: ${name}.`,
  invalidApproval: 'Aprovação inválida: os valores aceitos são aprovada e negada.',
  invalidNote: 'As observações devem ser um texto.',
  invalidPayment: 'Valor recebido inválido: use no máximo duas casas decimais e até R$ 9.999.999.999,99.',
  mixedSteps: 'Envie apenas os dados de uma etapa.',
  fieldOfStep: (status: ActiveStatus) => `Este campo é da etapa "${STATUS_LABELS[status]}".`,
  backWithData: 'Para voltar uma etapa, envie apenas a etapa, sem dados.',
  dataOnlyAtStep: (status: ActiveStatus) =>
    `Os dados da etapa "${STATUS_LABELS[status]}" só podem ser gravados nessa etapa ou ao avançar dela.`,
  planApprovalNotApplicable: 'A aprovação do plano não se aplica: a fonte pagadora não é Plano de Saúde.',
  opmeApprovalNotApplicable: 'A aprovação do OPME não se aplica: esta cirurgia não usa OPME.',
  invalidVersion: 'Versão da cirurgia inválida.',
} as const;

const M = UPDATE_SURGERY_MESSAGES;
const L = LIFECYCLE_MESSAGES;

/** How long an unknown key may be when echoed in a message. */
const MAX_ECHOED_KEY = 40;

const NOTE_COLUMNS = {
  document_note: 'documentNote',
  hospital_approvals_note: 'hospitalApprovalsNote',
  plan_approvals_note: 'planApprovalsNote',
  opme_approvals_note: 'opmeApprovalsNote',
  schedule_note: 'scheduleNote',
  accomplishment_note: 'accomplishmentNote',
  payment_notes: 'paymentNotes',
} as const satisfies Record<NoteFieldName, keyof ExtraColumns>;

export type UpdateSurgeryInput = {
  newStatus: CaseStatus;
  /** The lifecycle facts sent (only those present; null clears). */
  fields: StepFields;
  /** The notes sent, trimmed ('' stored as null), in the schema's names. */
  notes: ExtraColumns;
  /** The step whose fields were sent, or null when only `new_status` was. */
  step: ActiveStatus | null;
  /** The case's version the client read (optional): a move from another version is stale (409). */
  version: number | undefined;
};

const present = (body: Record<string, unknown>, key: string) => Object.hasOwn(body, key) && body[key] !== undefined;

function readStatus(value: unknown, problems: CreateProblems): CaseStatus | null {
  if (value === undefined || value === null || value === '') {
    problems.add('new_status', M.statusRequired);
    return null;
  }
  if (typeof value === 'string' && (CASE_STATUSES as readonly string[]).includes(value)) return value as CaseStatus;
  problems.add('new_status', M.unknownStatus);
  return null;
}

/** A date field: null, or a real yyyy-MM-dd date; anything else gets the field's SPEC §5 message. */
function readDate(value: unknown, field: string, message: string, problems: CreateProblems): string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string' && isValidIsoDate(value)) return value;
  problems.add(field, message);
  return undefined;
}

function readSchedule(value: unknown, problems: CreateProblems): string | null | undefined {
  if (value === null) return null;
  const problem = typeof value === 'string' ? scheduleProblem(value) : L.dayRequired;
  if (!problem) return value as string;
  problems.add('schedule', problem);
  return undefined;
}

function readApproval(value: unknown, field: string, problems: CreateProblems): ApprovalValue | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string' && (APPROVAL_VALUES as readonly string[]).includes(value)) return value as ApprovalValue;
  problems.add(field, M.invalidApproval);
  return undefined;
}

/** SPEC §5: the received value is required and positive; stored as numeric(12,2), so at most two decimals. */
function readPayment(value: unknown, problems: CreateProblems): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    problems.add('payment_done', L.paymentRequired);
    return undefined;
  }
  // Decided on the decimal text JSON gave (1500.5 → '1500.5'), not on float arithmetic.
  if (!/^\d+(\.\d{1,2})?$/.test(String(value)) || value > MAX_MONEY) {
    problems.add('payment_done', M.invalidPayment);
    return undefined;
  }
  return value;
}

function readNote(value: unknown, field: NoteFieldName, problems: CreateProblems): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string') {
    problems.add(field, M.invalidNote);
    return undefined;
  }
  const note = value.trim();
  if (isNoteTooLong(note)) {
    problems.add(field, SURGERY_CREATION_MESSAGES.noteTooLong);
    return undefined;
  }
  return note === '' ? null : note;
}

/** The case version a move was made from: absent, or a positive int4 (anything else is 400). */
export function readVersion(value: unknown, problems: CreateProblems): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4) return value;
  problems.add('version', M.invalidVersion);
  return undefined;
}

/** 409 with the actual status when the client moved from another version of the case than the stored one. */
export function checkVersion(version: number | undefined, row: { version: number; status: CaseStatus }): void {
  if (version !== undefined && version !== row.version) throw conflict(conflictMessage(row.status), row.status);
}

/** The fields that were sent must belong to one step, and `new_status` must save it or advance from it. */
function readStep(keys: string[], newStatus: CaseStatus | null, problems: CreateProblems): ActiveStatus | null {
  const owners = new Map<string, ActiveStatus>();
  for (const key of keys) {
    const owner = stepOfField(key);
    if (owner) owners.set(key, owner);
  }
  const steps = [...new Set(owners.values())];
  if (steps.length > 1) {
    for (const [key, owner] of owners) problems.add(key, M.fieldOfStep(owner), M.mixedSteps);
    return null;
  }
  const step = steps[0] ?? null;
  if (step === null || newStatus === null) return step;
  if (newStatus !== step && newStatus !== nextStatus(step)) {
    problems.add(null, BACK_MOVES[step] === newStatus ? M.backWithData : M.dataOnlyAtStep(step));
  }
  return step;
}

/**
 * Reads the JSON body. Anything wrong (not an object, an unknown key, a bad value, fields of several steps or of a
 * step `new_status` does not fit): one 400 with every message (and the field errors beside them).
 */
export function readUpdateSurgeryInput(body: unknown, today: string): UpdateSurgeryInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest([M.invalidData]);
  const source = body as Record<string, unknown>;
  const problems = new CreateProblems();
  const keys = Object.keys(source).filter((key) => present(source, key) && key !== 'new_status' && key !== 'version');
  for (const key of keys) {
    // Listed without a field error: the key is the client's text and could shadow `error`.
    if (!stepOfField(key)) problems.add(null, M.unknownField(key.slice(0, MAX_ECHOED_KEY)));
  }
  const newStatus = readStatus(source.new_status, problems);

  const fields: StepFields = {};
  const notes: ExtraColumns = {};
  const has = (key: string) => present(source, key);
  if (has('document_arrivals')) {
    fields.document_arrivals = readDate(source.document_arrivals, 'document_arrivals', L.documentArrivalsRequired, problems);
  }
  for (const field of ['hospital_approvals', 'plan_approvals', 'opme_approvals'] as const) {
    if (has(field)) fields[field] = readApproval(source[field], field, problems);
  }
  if (has('schedule')) fields.schedule = readSchedule(source.schedule, problems);
  if (has('accomplishment')) fields.accomplishment = readDate(source.accomplishment, 'accomplishment', L.invalidDate, problems);
  if (has('payment_done')) fields.payment_done = readPayment(source.payment_done, problems);
  if (has('date_payment')) fields.date_payment = readDate(source.date_payment, 'date_payment', L.invalidDate, problems);
  for (const field of NOTE_FIELD_NAMES) {
    if (has(field)) notes[NOTE_COLUMNS[field]] = readNote(source[field], field, problems);
  }
  for (const field of futureDateFields(fields, today)) problems.add(field, L.futureDate);
  const version = readVersion(source.version, problems);
  const step = readStep(keys, newStatus, problems);

  problems.throwIfAny();
  if (newStatus === null) throw new Error('readUpdateSurgeryInput: status checked but missing'); // unreachable
  return { newStatus, fields, notes, step, version };
}

/**
 * The checks of an update that need the locked case (lifecycle-moves `check`): fields sent for step S while the case
 * is elsewhere are a stale client's (409 with the actual status, so the SPA jumps there); a plan approval for a case
 * not paid by a health plan, or an OPME approval for a case without OPME, is refused (400).
 */
export function checkAtCase(input: UpdateSurgeryInput, row: { status: CaseStatus; version: number }, facts: LifecycleFacts): void {
  const current = row.status;
  checkVersion(input.version, row);
  if (input.step !== null && current !== input.step) throw conflict(conflictMessage(current), current);
  const problems = new CreateProblems();
  if (input.fields.plan_approvals && !planApprovalApplies(facts)) problems.add('plan_approvals', M.planApprovalNotApplicable);
  if (input.fields.opme_approvals && !opmeApprovalApplies(facts)) problems.add('opme_approvals', M.opmeApprovalNotApplicable);
  problems.throwIfAny();
}
