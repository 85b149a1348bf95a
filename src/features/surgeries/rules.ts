/**
 * The surgery registration form's values and their conversions (SPEC §5 "Surgery creation"), kept apart from React so
 * they are unit-tested on their own. The form's rules are one schema, machines/surgeryCase/schemas.ts
 * `surgeryRegistrationSchema` (the server's createSurgerySchema's, plus a required payment source), applied by
 * ./registrationChecks.ts, which the form loads on first use (this module holds no arktype).
 */
import { MAX_CASE_CODES, type PaymentSource } from '../../../machines/constants';
import { isFeesDisabled, isHealthPlanEnabled } from '../../../machines/surgeryCase/creationRules';
import { fieldErrors, generalErrorMessages, type FieldErrors } from '../../api/errors';
import type { Cid, CreateSurgeryBody, HealthPlan, Hospital, Procedure } from './types';

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

/** A server's field problem placed on the form (a react-hook-form path). */
type FormProblem = { field: string; message: string };

/** A failed createSurgery answer read into what the page shows (SPEC §8 shapes). */
type ServerProblems = {
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
  return serverProblems(generalErrorMessages(body), fieldErrors(body), fallback);
}

/** The same from a failed call's messages and field errors (`CallResult`). */
export function serverProblems(messages: readonly string[], byKey: FieldErrors, fallback: string): ServerProblems {
  const toasts = [...messages];
  const fields: FormProblem[] = [];
  for (const [key, field] of Object.entries(FIELD_OF_SERVER_KEY)) {
    const messages = byKey[key] ?? [];
    const first = messages[0];
    if (first === undefined) continue;
    fields.push({ field, message: first });
    for (const message of messages) if (!toasts.includes(message)) toasts.push(message);
  }
  if (toasts.length === 0) toasts.push(fallback);
  return { toasts, fields };
}
