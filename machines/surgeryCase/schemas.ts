import { type, type ArkError } from 'arktype';
import {
  APPROVAL_VALUES,
  CASE_STATUSES,
  MAX_CASE_CODES,
  MAX_NOTE_LENGTH,
  PATIENT_DOCUMENT_KINDS,
  PAYMENT_SOURCES,
  type ActiveStatus,
  type CaseStatus,
  type PaymentSource,
} from '../constants';
import {
  BACK_MOVES,
  LIFECYCLE_MESSAGES,
  nextStatus,
  NOTE_FIELD_NAMES,
  scheduleProblem,
  stepOfField,
  type AdvanceConfirmations,
  type NoteFieldName,
  type StepFields,
} from '../surgeryLifecycle/lifecycleRules';
import { lossReasonFields } from '../preoperative/reasonSchemas';
import { isValidIsoDate } from '../rules/dates';
import { isMoneyText } from '../rules/money';
import { LEDGER_MESSAGES, settlementField } from '../ledger/ledgerSchemas';
import { anyBoolean, int4OfText, MAX_INT4, orNull, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { isFeesDisabled, isHealthPlanEnabled, SURGERY_CREATION_MESSAGES } from './creationRules';
import { CREATE_SURGERY_MESSAGES, UPDATE_SURGERY_MESSAGES } from './messages';

/**
 * The createSurgery body (openapi CreateSurgery; SPEC §5 "Surgery creation", §7, §9) as one schema: the API
 * validates with it, and its pieces (the codes, the note, the money) are the registration form's rules too. What
 * needs the database (the patient is the user's, the CIDs/procedures/hospital/plan exist) stays in the service.
 */

const INVALID = VALIDATION_MESSAGES.invalidData;
const C = SURGERY_CREATION_MESSAGES;

const M = CREATE_SURGERY_MESSAGES;

/** An id as a body sends it (a JSON number or a string of digits), as the positive int4 it names, or null. */
function idOf(value: number | string): number | null {
  const id = typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_INT4 ? id : null;
}

/** A reference id: a number or a numeric string naming a possible row, else `notFound` (no row can have it). */
function reference(notFound: string) {
  return type('number | string')
    .configure({ message: INVALID })
    .pipe((value, ctx) => (value === '' ? null : (idOf(value) ?? ctx.error({ message: notFound }))));
}

/**
 * A list of CID or procedure ids (SPEC §5): numbers and numeric strings are kept, anything else is dropped, repeats
 * count once; null is an empty list. Empty: `missing` (listed as `bothMissing` when the other list is empty too);
 * more than MAX_CASE_CODES: `tooMany`; an id no row can have: `unknown`.
 */
function codeList(other: 'cid' | 'procedure', messages: { missing: string; tooMany: string; unknown: string }) {
  const isCode = (item: unknown) =>
    (typeof item === 'number' && Number.isFinite(item)) || (typeof item === 'string' && /^\s*\d+\s*$/.test(item));
  const countCodes = (list: unknown) => (Array.isArray(list) ? new Set(list.filter(isCode).map((item) => String(item).trim())).size : 0);
  return type('unknown[] | null')
    .configure({ message: INVALID })
    .pipe((list, ctx) => {
      const keys = [...new Set((list ?? []).filter(isCode).map((item) => String(item).trim()))];
      if (keys.length === 0) {
        const root = ctx.root as Record<string, unknown> | undefined;
        const listed = countCodes(root?.[other]) === 0 ? C.fillBoth : undefined;
        return ctx.error({ message: messages.missing, meta: { listed } });
      }
      if (keys.length > MAX_CASE_CODES) return ctx.error({ message: messages.tooMany });
      const ids = keys.map(idOf);
      if (ids.some((id) => id === null)) return ctx.error({ message: messages.unknown });
      return ids as number[];
    })
    .configure({ missing: messages.missing });
}

/** The expected fee: reais ≥ 0 with at most two decimals within numeric(12,2), as the numeric text stored. */
const money = type('number | string')
  .configure({ message: INVALID })
  .pipe((value, ctx) => {
    if (value === '') return null;
    // Decided on the decimal text (JSON numbers print their shortest form: 10.1 → '10.1'), not on floats.
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (!isMoneyText(text)) return ctx.error({ message: M.invalidFees });
    const [whole = '0', fraction = ''] = text.split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
  });

/** A free-text note (SPEC §5, §9): trimmed, at most MAX_NOTE_LENGTH characters, '' stored as null. */
const note = orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
  const trimmed = value?.trim() ?? '';
  if (visibleLength(trimmed) > MAX_NOTE_LENGTH) return ctx.error({ message: C.noteTooLong });
  return trimmed === '' ? null : trimmed;
});

const paymentSource = type.enumerated(...PAYMENT_SOURCES, null).configure({ message: M.invalidPaymentSource });

/** The source as the root holds it, for the fields that depend on it (read before it is validated). */
function sourceIn(root: unknown): string | null {
  const source = (root as { payment_fountains?: unknown } | undefined)?.payment_fountains;
  return typeof source === 'string' ? source : null;
}

export const createSurgerySchema = type({
  '+': 'reject',
  cid: codeList('procedure', { missing: C.fillCid, tooMany: M.tooManyCids, unknown: M.unknownCid }),
  procedure: codeList('cid', { missing: C.fillProcedure, tooMany: M.tooManyProcedures, unknown: M.unknownProcedure }),
  patient: orNull(reference(M.patientNotFound))
    .pipe((id, ctx) => id ?? ctx.error({ message: M.patientMissing }))
    .configure({ missing: M.patientMissing }),
  hospital: orNull(reference(M.hospitalNotFound))
    .pipe((id, ctx) => id ?? ctx.error({ message: C.hospitalRequired }))
    .configure({ missing: C.hospitalRequired }),
  // SPEC §5: the plan applies only to the plano_saude source, where it is required; for any other it is stored null.
  health_plan: orNull(type('number | string').configure({ message: INVALID })).pipe((value, ctx) => {
    if (!isHealthPlanEnabled(sourceIn(ctx.root) as PaymentSource | null)) return null;
    if (value === null || value === '') return ctx.error({ message: C.healthPlanRequired });
    return idOf(value) ?? ctx.error({ message: M.healthPlanNotFound });
  }),
  // SPEC §5: clt has no expected value (its JSON type still checked).
  fees_payments: orNull(money).pipe((fees, ctx) => (isFeesDisabled(sourceIn(ctx.root) as PaymentSource | null) ? null : fees)),
  surgery_note: note,
  opme: orNull(anyBoolean).pipe((value) => value === true),
  payment_fountains: paymentSource,
}).configure({ message: INVALID });

export type CreateSurgeryInput = typeof createSurgerySchema.infer;

/*
 * The registration form (SPEC §5 "Surgery creation") holds what the page shows: rows of chosen CIDs and procedures,
 * the hospital and plan as chosen items. Its rules are createSurgerySchema's, with one deliberate difference: the
 * form asks for a payment source, which the API leaves optional (a case registered by another client may have none).
 */

/** A form row: the item chosen in its search field, or null while none is. */
const chosenItem = type({ id: 'number' }).or('null');

/** The rows of `field`; none chosen: `missing` on the first row, listed as 'Preencha CID e Procedimento!' when the other list is empty too. */
function chosenRows(field: 'cids' | 'procedures', other: 'cids' | 'procedures', missing: string) {
  const hasChoice = (rows: unknown) => Array.isArray(rows) && rows.some((row) => (row as { item?: unknown } | null)?.item);
  return type({ item: chosenItem })
    .array()
    .narrow((rows, ctx) => {
      if (hasChoice(rows)) return true;
      const listed = hasChoice((ctx.root as Record<string, unknown> | undefined)?.[other]) ? undefined : C.fillBoth;
      return ctx.reject({ path: [field, 0, 'item'], message: missing, meta: { listed } });
    });
}

export const surgeryRegistrationSchema = type({
  procedures: chosenRows('procedures', 'cids', C.fillProcedure),
  cids: chosenRows('cids', 'procedures', C.fillCid),
  payment_fountains: type
    .enumerated(...PAYMENT_SOURCES, '')
    .pipe((source, ctx) => source || ctx.error({ message: C.paymentSourceRequired })),
  // Transforms, not narrows: a narrow on a union runs per branch (null fails its own, in English) and sees no root.
  health_plan: chosenItem.pipe((plan, ctx) =>
    plan === null && isHealthPlanEnabled(sourceIn(ctx.root) as PaymentSource | null) ? ctx.error({ message: C.healthPlanRequired }) : plan,
  ),
  hospital: chosenItem.pipe((hospital, ctx) => hospital ?? ctx.error({ message: C.hospitalRequired })),
  fees_payments: 'number | null',
  opme: 'boolean',
  surgery_note: type('string').narrow(
    (text, ctx) => visibleLength(text.trim()) <= MAX_NOTE_LENGTH || ctx.reject({ message: C.noteTooLong }),
  ),
});

/*
 * The update/{id}/ body (openapi UpdateSurgery; SPEC §5, §7; DECISIONS §4): `new_status` and the fields of one step.
 * `null` clears a field (a later advance asks for it again). The fields sent must all belong to one step S, and
 * `new_status` must be S (a save) or the stage after it (an advance): a step's data is never written by a back move
 * or far from its step. What needs the stored case (that it is at S, its version, whether a plan or OPME approval
 * applies) is checked on the locked row by the server.
 */

const U = UPDATE_SURGERY_MESSAGES;

const FILES_MESSAGES = {
  statusRequired: 'Informe o novo status da cirurgia (new_status).',
  statusUnknown: 'Status da cirurgia inválido.',
} as const;
const L = LIFECYCLE_MESSAGES;

/** A stage key (SPEC §3). */
const caseStatus = type.enumerated(...CASE_STATUSES).configure({ message: U.unknownStatus, missing: U.statusRequired });

/** The case version a move was made from (optional; a different stored version is a stale client's: 409). */
const caseVersion = type('number').pipe((value, ctx): number | ArkError =>
  Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4 ? value : ctx.error({ message: U.invalidVersion }),
);

/** A date field: null, or a real yyyy-MM-dd date, else `message`; `notAfter` (today) for what already happened. */
function dateField(message: string, notAfter?: string) {
  return orNull(type('string')).pipe((value, ctx) => {
    if (value === null) return null;
    if (!isValidIsoDate(value)) return ctx.error({ message });
    return notAfter !== undefined && value > notAfter ? ctx.error({ message: L.futureDate }) : value;
  });
}

const approval = type.enumerated(...APPROVAL_VALUES, null).configure({ message: U.invalidApproval });

/** `yyyy-MM-dd HH:mm:ss`, São Paulo wall-clock time; SPEC §5's message for what is wrong. */
const schedule = orNull(type('string')).pipe((value, ctx) => {
  if (value === null) return null;
  const problem = scheduleProblem(value);
  return problem ? ctx.error({ message: problem }) : value;
});

/** SPEC §5: the received value is required and positive; numeric(12,2), so at most two decimals. */
const payment = orNull(type('number')).pipe((value, ctx) => {
  if (value === null) return null;
  if (!Number.isFinite(value) || value <= 0) return ctx.error({ message: L.paymentRequired });
  // Decided on the decimal text JSON gave (1500.5 → '1500.5'), not on float arithmetic.
  if (!isMoneyText(String(value))) return ctx.error({ message: U.invalidPayment });
  return value;
});

/** The notes a step sends besides the lifecycle's facts. */
export type StepNotes = Partial<Record<NoteFieldName, string | null>>;

/** What update/{id}/ asks for, read: the target stage, the step's facts and notes, the step they belong to. */
export type UpdateSurgeryInput = {
  newStatus: CaseStatus;
  fields: StepFields;
  notes: StepNotes;
  /** The step whose fields were sent, or null when only `new_status` was. */
  step: ActiveStatus | null;
  version: number | undefined;
  /** What the request confirms (issue 13: moving on with required documents missing). */
  confirm: AdvanceConfirmations;
};

/**
 * The one-step rule (see above): the step the fields belong to (null: none sent), or false once it reported on the
 * fields (several steps) or on the body (a status that does not fit them).
 */
function stepOf(body: Record<string, unknown>, ctx: { reject: (input: object) => false }): ActiveStatus | null | false {
  const owners = Object.keys(body).flatMap((key) => {
    const owner = stepOfField(key);
    return owner ? [[key, owner] as const] : [];
  });
  const steps = [...new Set(owners.map(([, owner]) => owner))];
  if (steps.length > 1) {
    for (const [key, owner] of owners) ctx.reject({ path: [key], message: U.fieldOfStep(owner), meta: { listed: U.mixedSteps } });
    return false;
  }
  const step = steps[0] ?? null;
  const target = body.new_status as CaseStatus;
  if (step !== null && target !== step && target !== nextStatus(step)) {
    return ctx.reject({ message: BACK_MOVES[step] === target ? U.backWithData : U.dataOnlyAtStep(step) });
  }
  return step;
}

function buildUpdateSchema(today: string) {
  const notes = Object.fromEntries(NOTE_FIELD_NAMES.map((name) => [`${name}?`, note]));
  return type({
    '+': 'reject',
    new_status: caseStatus,
    'version?': caseVersion,
    'document_arrivals?': dateField(L.documentArrivalsRequired, today),
    'hospital_approvals?': approval,
    'plan_approvals?': approval,
    'opme_approvals?': approval,
    'schedule?': schedule,
    'accomplishment?': dateField(L.invalidDate, today),
    'payment_done?': payment,
    'date_payment?': dateField(L.invalidDate, today),
    ...(notes as Record<`${NoteFieldName}?`, typeof note>),
    // Issue 13: prep_doc → env_doc with required documents missing, confirmed by the user.
    'missing_documents_confirmed?': anyBoolean,
    // Issue 14: how the conclusion's difference is recorded (glosa or perda; absent: perda).
    'settlement?': settlementField,
  })
    .configure({ message: INVALID })
    .narrow(
      (body, ctx) =>
        stepOf(body, ctx) !== false &&
        (body.settlement === undefined ||
          body.new_status === 'concluido' ||
          ctx.reject({ path: ['settlement'], message: LEDGER_MESSAGES.settlementOnlyAtConclusion })),
    );
}

/** The validated update/{id}/ body split into what the move needs (see UpdateSurgeryInput). */
export function updateInputOf(body: UpdateSurgeryBody): UpdateSurgeryInput {
  const fields: StepFields = {};
  const notes: StepNotes = {};
  let step: ActiveStatus | null = null;
  for (const [key, value] of Object.entries(body)) {
    if ((NOTE_FIELD_NAMES as readonly string[]).includes(key)) notes[key as NoteFieldName] = value as string | null;
    else if (stepOfField(key)) Object.assign(fields, { [key]: value });
    step ??= stepOfField(key);
  }
  return {
    newStatus: body.new_status,
    fields,
    notes,
    step,
    version: body.version,
    confirm: {
      ...(body.missing_documents_confirmed === true ? { missing_documents: true } : {}),
      ...(body.settlement ? { settlement: body.settlement } : {}),
    },
  };
}

type UpdateSurgeryBody = ReturnType<typeof buildUpdateSchema>['infer'];

const updateSchemaOfDay = new Map<string, ReturnType<typeof buildUpdateSchema>>();

/** The update/{id}/ schema for `today` (yyyy-MM-dd, São Paulo): built once per day. */
export function updateSurgerySchema(today: string) {
  let schema = updateSchemaOfDay.get(today);
  if (!schema) {
    updateSchemaOfDay.clear();
    schema = buildUpdateSchema(today);
    updateSchemaOfDay.set(today, schema);
  }
  return schema;
}

/**
 * archive_surgery / cancel_surgery (openapi MoveFromVersion): the optional version and the optional loss reason
 * (machines/preoperative/reasonSchemas.ts; optional so that SPEC §7's archive and cancel without a body keep
 * working). Any other key is ignored, as before.
 */
export const moveFromVersionSchema = type({ 'version?': caseVersion, ...lossReasonFields }).configure({ message: INVALID });

/**
 * The text parts of include_surgery_files (openapi SurgeryFilesForm; its file parts are checked by their content):
 * `new_status` (prep_doc saves, env_doc advances), the optional case version and the optional confirmation of
 * missing documents, as the form sends them, text.
 */
export const surgeryFilesFieldsSchema = type({
  '+': 'reject',
  new_status: type('string')
    .pipe((value, ctx) => value.trim() || ctx.error({ message: FILES_MESSAGES.statusRequired }))
    .to(type.enumerated(...CASE_STATUSES).configure({ message: FILES_MESSAGES.statusUnknown }))
    .configure({ missing: FILES_MESSAGES.statusRequired }),
  'version?': type('string').pipe((value, ctx) => int4OfText(value) ?? ctx.error({ message: U.invalidVersion })),
  // Issue 13: 'true' confirms moving on to env_doc with required documents missing ('false': not confirmed).
  'missing_documents_confirmed?': type('string').pipe((value, ctx) =>
    value === 'true' ? true : value === 'false' ? false : ctx.error({ message: INVALID }),
  ),
});

const REUSE_DOCUMENT_MESSAGES = {
  kind: 'Só o documento do paciente, o comprovante de residência e a carteirinha do convênio podem ser usados de outro caso.',
  fromSurgery: 'Informe o caso de onde vem o arquivo (from_surgery).',
} as const;

/**
 * POST surgery/{id}/reuse_document/ (issue 33 #10d): a patient-level document (PATIENT_DOCUMENT_KINDS) already sent
 * for another case of the same patient, used again on this one; the optional case version as the move's.
 */
export const reuseDocumentSchema = type({
  '+': 'reject',
  kind: type.enumerated(...PATIENT_DOCUMENT_KINDS).configure({ message: REUSE_DOCUMENT_MESSAGES.kind, missing: REUSE_DOCUMENT_MESSAGES.kind }),
  from_surgery: type('number')
    .pipe((value, ctx): number | ArkError =>
      Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4 ? value : ctx.error({ message: REUSE_DOCUMENT_MESSAGES.fromSurgery }),
    )
    .configure({ missing: REUSE_DOCUMENT_MESSAGES.fromSurgery }),
  'version?': caseVersion,
}).configure({ message: INVALID });
