/**
 * The surgery registration form's values and their conversions (SPEC §5 "Surgery creation"), kept apart from React so
 * they are unit-tested on their own. The rules the server applies too (1..5 CIDs/procedures, the clt and plano_saude
 * rules, the notes' length, and their messages) live once in machines/surgeryCase/creationRules.ts; this module maps
 * them onto the form's fields. The SPA checks them first so the secretary is told at once.
 */
import { MAX_CASE_CODES, type PaymentSource } from '../../../machines/constants';
import { isFeesDisabled, isHealthPlanEnabled, isNoteTooLong, missingCodes } from '../../../machines/surgeryCase/creationRules';
import { errorStrings, generalErrorMessages } from '../../api/errors';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import type { Cid, CreateSurgeryBody, HealthPlan, Hospital, Procedure } from './types';

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
/**
 * The form a new case starts with. A patient who has a convênio starts paid by 'Plano de Saúde' with that plan
 * (issue 11: the secretary had to pick both again); any other patient starts with no payment source.
 */
export function emptySurgeryForm(convenio: SurgeryFormValues['health_plan'] = null): SurgeryFormValues {
  return {
    procedures: [{ item: null }],
    cids: [{ item: null }],
    health_plan: convenio,
    hospital: null,
    payment_fountains: convenio ? 'plano_saude' : '',
    fees_payments: null,
    opme: false,
    surgery_note: '',
  };
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
 * The missing CID / procedure problems (creationRules `missingCodes`) on the form's first rows, in the order the
 * fields appear (procedures first): with both missing, one toast 'Preencha CID e Procedimento!' and each field
 * marked; with one missing, its own message.
 */
export function missingCodeProblems(cidCount: number, procedureCount: number): FormProblem[] {
  const missing = missingCodes(cidCount, procedureCount);
  if (missing === null) return [];
  const problems: FormProblem[] = [];
  if (missing.procedure !== null) problems.push({ field: 'procedures.0.item', message: missing.procedure });
  if (missing.cid !== null) problems.push({ field: 'cids.0.item', message: missing.cid });
  const [first] = problems;
  if (first) first.toast = missing.summary;
  return problems;
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
  if (isNoteTooLong(values.surgery_note)) problems.push({ field: 'surgery_note', message: V.noteTooLong });
  return problems;
}

/** The createSurgery body (openapi CreateSurgery), with the clt / plano_saude rules applied once more. */
export function toCreateSurgeryBody(patientId: number, values: SurgeryFormValues): CreateSurgeryBody {
  const source = values.payment_fountains === '' ? null : values.payment_fountains;
  const note = values.surgery_note.trim();
  return {
    cid: chosenIds(values.cids).slice(0, MAX_CASE_CODES),
    procedure: chosenIds(values.procedures).slice(0, MAX_CASE_CODES),
    patient: patientId,
    hospital: values.hospital?.id ?? 0,
    health_plan: isHealthPlanEnabled(source) ? (values.health_plan?.id ?? null) : null,
    fees_payments: isFeesDisabled(source) ? null : values.fees_payments,
    surgery_note: note === '' ? null : note,
    opme: values.opme,
    payment_fountains: source,
  };
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
  const toasts = generalErrorMessages(body);
  const fields: FormProblem[] = [];
  for (const [key, field] of Object.entries(FIELD_OF_SERVER_KEY)) {
    const messages = errorStrings(record[key]);
    const first = messages[0];
    if (first === undefined) continue;
    fields.push({ field, message: first });
    for (const message of messages) if (!toasts.includes(message)) toasts.push(message);
  }
  if (toasts.length === 0) toasts.push(fallback);
  return { toasts, fields };
}
