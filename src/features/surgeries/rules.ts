/**
 * Pure rules of the surgery registration form (SPEC §5 "Surgery creation"), kept apart from React so they are
 * unit-tested on their own. The server checks the same things with the same messages
 * (server/services/surgeries/create-surgery-input.ts); the SPA checks them first so the secretary is told at once.
 */
import { MAX_CASE_CODES, MAX_NOTE_LENGTH, type PaymentSource } from '../../../machines/constants';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { fill } from '../../lib/i18n/pt-BR';
import type { Cid, HealthPlan, Hospital, Procedure } from './types';

const V = surgeriesTexts.validation;

/** The fields of the registration form. `procedures`/`cids` are field-array rows (react-hook-form needs objects). */
export type SurgeryFormValues = {
  procedures: { item: Procedure | null }[];
  cids: { item: Cid | null }[];
  health_plan: HealthPlan | null;
  hospital: Hospital | null;
  payment_fountains: PaymentSource | '';
  /** Reais, two decimals; null when empty (and always for clt). */
  fees_payments: number | null;
  opme: boolean;
  surgery_note: string;
};

/** An empty form: one procedure row and one CID row to start with. */
export function emptySurgeryForm(): SurgeryFormValues {
  return {
    procedures: [{ item: null }],
    cids: [{ item: null }],
    health_plan: null,
    hospital: null,
    payment_fountains: '',
    fees_payments: null,
    opme: false,
    surgery_note: '',
  };
}

/** SPEC §5: another row may be added while the list holds at most 4 entries (so it never exceeds 5). */
export function canAddCode(length: number): boolean {
  return length <= MAX_CASE_CODES - 1;
}

/** SPEC §5: with the clt source the expected value is cleared and the field disabled. */
export function isFeesDisabled(source: PaymentSource | ''): boolean {
  return source === 'clt';
}

/** SPEC §5: the health plan applies only to the plano_saude source; for any other source it is cleared. */
export function isHealthPlanEnabled(source: PaymentSource | ''): boolean {
  return source === 'plano_saude';
}

/** The ids chosen in repeatable rows, in order, without empty rows or repeats ("non-numeric ids are dropped"). */
export function chosenIds(rows: readonly { item: { id: number } | null }[]): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    const id = row.item?.id;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Where a problem is shown: a form field (react-hook-form path) or `root` (a toast only). */
export type FormProblem = { field: string; message: string; toast?: string };

/**
 * The missing CID / procedure problems of SPEC §5: with both missing, one toast 'Preencha CID e Procedimento!'
 * and each field marked; with one missing, its own message.
 */
export function missingCodeProblems(cidCount: number, procedureCount: number): FormProblem[] {
  if (cidCount === 0 && procedureCount === 0) {
    return [
      { field: 'procedures.0.item', message: V.fillProcedure, toast: V.fillBoth },
      { field: 'cids.0.item', message: V.fillCid },
    ];
  }
  if (cidCount === 0) return [{ field: 'cids.0.item', message: V.fillCid, toast: V.fillCid }];
  if (procedureCount === 0) return [{ field: 'procedures.0.item', message: V.fillProcedure, toast: V.fillProcedure }];
  return [];
}

/** Every problem of the form, in the order the fields appear. An empty list means it can be sent. */
export function surgeryFormProblems(values: SurgeryFormValues): FormProblem[] {
  const problems = missingCodeProblems(chosenIds(values.cids).length, chosenIds(values.procedures).length);
  if (values.payment_fountains === '') {
    problems.push({ field: 'payment_fountains', message: V.paymentSourceRequired });
  }
  if (isHealthPlanEnabled(values.payment_fountains) && values.health_plan === null) {
    problems.push({ field: 'health_plan', message: V.healthPlanRequired });
  }
  if (values.hospital === null) problems.push({ field: 'hospital', message: V.hospitalRequired });
  if (values.surgery_note.length > MAX_NOTE_LENGTH) {
    problems.push({ field: 'surgery_note', message: fill(V.noteTooLong, { max: MAX_NOTE_LENGTH }) });
  }
  return problems;
}

/** The createSurgery body (openapi CreateSurgery), with the clt / plano_saude rules applied once more. */
export type CreateSurgeryBody = {
  cid: number[];
  procedure: number[];
  patient: number;
  hospital: number;
  health_plan: number | null;
  fees_payments: number | null;
  surgery_note: string | null;
  opme: boolean;
  payment_fountains: PaymentSource | null;
};

export function toCreateSurgeryBody(patientId: number, values: SurgeryFormValues): CreateSurgeryBody {
  const source = values.payment_fountains === '' ? null : values.payment_fountains;
  const note = values.surgery_note.trim();
  return {
    cid: chosenIds(values.cids).slice(0, MAX_CASE_CODES),
    procedure: chosenIds(values.procedures).slice(0, MAX_CASE_CODES),
    patient: patientId,
    hospital: values.hospital?.id ?? 0,
    health_plan: source !== null && isHealthPlanEnabled(source) ? (values.health_plan?.id ?? null) : null,
    fees_payments: source !== null && isFeesDisabled(source) ? null : values.fees_payments,
    surgery_note: note === '' ? null : note,
    opme: values.opme,
    payment_fountains: source,
  };
}

/** Messages of a string or a list of strings in an error body ('' and non-strings left out). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return [];
}

/** A failed createSurgery answer read into what the page shows (SPEC §8 shapes). */
export type ServerProblems = {
  /** Shown as warning toasts: the `error` list, then `non_field_errors`, then `message`. */
  toasts: string[];
  /** Field errors placed on the form (`cid`, `procedure`, and the other known fields). */
  fields: FormProblem[];
};

const FIELD_OF_SERVER_KEY: Readonly<Record<string, string>> = {
  cid: 'cids.0.item',
  procedure: 'procedures.0.item',
  hospital: 'hospital',
  health_plan: 'health_plan',
  payment_fountains: 'payment_fountains',
  fees_payments: 'fees_payments',
  surgery_note: 'surgery_note',
};

/**
 * Reads a 400 body: `{ error: [...], cid: [...], procedure: [...] }`. Field messages not already in the `error`
 * list are toasted too, so nothing the server said is lost; `fallback` when the body says nothing usable.
 */
export function readServerProblems(body: unknown, fallback: string): ServerProblems {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const toasts = [...stringsOf(record.error), ...stringsOf(record.non_field_errors), ...stringsOf(record.message)];
  const fields: FormProblem[] = [];
  for (const [key, field] of Object.entries(FIELD_OF_SERVER_KEY)) {
    const messages = stringsOf(record[key]);
    const first = messages[0];
    if (first === undefined) continue;
    fields.push({ field, message: first });
    for (const message of messages) if (!toasts.includes(message)) toasts.push(message);
  }
  if (toasts.length === 0) toasts.push(fallback);
  return { toasts, fields };
}
