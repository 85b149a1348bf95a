import { ACTIVE_STATUSES, CASE_STATUSES, STATUS_LABELS, type ActiveStatus, type ApprovalValue, type CaseStatus, type PaymentSource } from '../constants';
import { opmeApprovalProblems } from '../preoperative/opmeRules';
import type { Settlement } from '../ledger/constants';
import { conclusionProblems } from '../ledger/ledgerRules';
import { isValidIsoDate } from '../rules/dates';
import { centsOf } from '../rules/money';
import { LIFECYCLE_MESSAGES } from './lifecycleMessages';

export { LIFECYCLE_MESSAGES };

/**
 * What each move of the seven-step lifecycle needs (SPEC §4, §5; DECISIONS §4), shared by the lifecycle machine
 * (./surgeryLifecycleMachine.ts, whose guards call these), the SPA's step panels (to warn before sending) and the
 * API (to answer 400 with the same messages). Pure functions: no IO, no src/ or server/ imports.
 */

const M = LIFECYCLE_MESSAGES;

/** The warning of a refused move (HTTP 409 `message`); the SPA shows it and then jumps to the actual step. */
export function conflictMessage(actual: CaseStatus): string {
  return `Essa mudança de etapa não é permitida: a cirurgia está em "${STATUS_LABELS[actual]}".`;
}

/** SPEC §9: the jump to the actual step after a status conflict waits 400 ms. */
export const CONFLICT_JUMP_DELAY_MS = 400;

/**
 * The case data the lifecycle's checks read, named as the API names them (SPEC §3, §7). `schedule` is the São Paulo
 * wall-clock time as `yyyy-MM-dd HH:mm:ss` (what update/{id}/ takes); dates are `yyyy-MM-dd`.
 */
export type LifecycleFacts = {
  payment_fountains: PaymentSource | null;
  opme: boolean;
  hospital_approvals: ApprovalValue | null;
  plan_approvals: ApprovalValue | null;
  opme_approvals: ApprovalValue | null;
  document_arrivals: string | null;
  schedule: string | null;
  accomplishment: string | null;
  payment_done: number | null;
  date_payment: string | null;
  /**
   * The required documents the case lacks (issue 13: its hospital's and, when the plan pays, its plan's checklist),
   * by name; read by the server from the database, never sent by a step.
   */
  missing_documents: string[];
  /**
   * How many of the case's OPME items have no authorization decided yet (DECISIONS §15; none listed: 0). Read from
   * opme_items, not a step field: the OPME approval can be 'aprovada' only while it is 0.
   */
  opme_items_undecided: number;
  /**
   * The case's fee ledger (issue 14; machines/ledger/ledgerRules.ts), in centavos, read by the server from the
   * ledger's tables (0 where a case has no ledger): the expected fee, the receipts' sum, and what the glosas (net of
   * recoveries) and the write-off take away. The conclusion's difference is computed from them.
   */
  expected_cents: number;
  received_cents: number;
  deducted_cents: number;
};

/** The ledger facts (never a step's field). */
type LedgerFactName = 'expected_cents' | 'received_cents' | 'deducted_cents';

/** The facts a step may change (everything but the case's payment source and OPME flag, fixed at creation, and what other records hold). */
export type StepFields = Partial<
  Omit<LifecycleFacts, 'payment_fountains' | 'opme' | 'missing_documents' | 'opme_items_undecided' | LedgerFactName>
>;

/** Facts read elsewhere (the approvals, the OPME items) that the page hands to the machine. */
export type ReadFields = Partial<Omit<LifecycleFacts, 'payment_fountains' | 'opme' | 'missing_documents'>>;

/**
 * What a request confirms it is doing although a stage would refuse it (issue 13): moving on from prep_doc with
 * required documents missing (`missing_documents_confirmed: true` on update/{id}/ and include_surgery_files).
 */
export type AdvanceConfirmations = {
  missing_documents?: boolean;
  /** Issue 14: concluding with a difference left, recorded as a glosa or a loss (`settlement` on update/{id}/). */
  settlement?: Settlement;
};

export const EMPTY_FACTS: LifecycleFacts = {
  payment_fountains: null,
  opme: false,
  hospital_approvals: null,
  plan_approvals: null,
  opme_approvals: null,
  document_arrivals: null,
  schedule: null,
  accomplishment: null,
  payment_done: null,
  date_payment: null,
  missing_documents: [],
  opme_items_undecided: 0,
  expected_cents: 0,
  received_cents: 0,
  deducted_cents: 0,
};

/** What a stage offers besides saving its own fields in place and moving along STAGES' order. */
type StageOptions = {
  /** 'Arquivar ciclo' is offered. */
  archive?: true;
  /** 'Cancelar cirurgia' is offered. */
  cancel?: true;
  /** The stage's documents travel through include_surgery_files (its save and advance carry files). */
  upload?: true;
};

/** What a stage offers besides saving its own fields in place (every active stage saves). */
export type StageMoves = StageOptions & {
  /** Where the stage's forward move leads once its requirements hold: the next stage (pagamento finishes the case). */
  advance: CaseStatus;
  /** The single-step back move to the previous active stage, if any. */
  back?: ActiveStatus;
};

/** The options of each active stage (SPEC §4): archived at steps 1–6, cancelled at the payment. */
const STAGE_OPTIONS = {
  ind_paciente: { archive: true },
  prep_doc: { archive: true, upload: true },
  env_doc: { archive: true },
  autorizacao: { archive: true },
  agendamento: { archive: true },
  realizacao: { archive: true },
  pagamento: { cancel: true },
} as const satisfies Record<ActiveStatus, StageOptions>;

/**
 * THE move table of the seven-step lifecycle (SPEC §4; DECISIONS §4): save / advance / back / archive / cancel per
 * active stage, keyed by STAGES' active rows: an advance leads to the next stage, a back to the previous active one.
 * The lifecycle machine's configuration is generated from it, and every other move rule below (nextStatus,
 * BACK_MOVES, ARCHIVABLE_STATUSES) is read from it.
 */
export const LIFECYCLE_MOVES = Object.fromEntries(
  ACTIVE_STATUSES.map((status, index) => {
    const advance = CASE_STATUSES[CASE_STATUSES.indexOf(status) + 1]!;
    const back = ACTIVE_STATUSES[index - 1];
    return [status, { advance, ...(back ? { back } : {}), ...STAGE_OPTIONS[status] }];
  }),
) as Record<ActiveStatus, StageMoves>;

/** The moves of `status` (null for concluido, cancelado and arquiv, which take none). */
export function stageMoves(status: CaseStatus): StageMoves | null {
  return (LIFECYCLE_MOVES as Partial<Record<CaseStatus, StageMoves>>)[status] ?? null;
}

/** The stage after `status` in the workflow (pagamento → concluido), or null for the terminal ones. */
export function nextStatus(status: CaseStatus): CaseStatus | null {
  return stageMoves(status)?.advance ?? null;
}

/** SPEC §4: the six single-step back moves (from → to); ind_paciente has none. */
export const BACK_MOVES: Partial<Record<CaseStatus, ActiveStatus>> = Object.fromEntries(
  ACTIVE_STATUSES.flatMap((status) => {
    const back = stageMoves(status)?.back;
    return back ? [[status, back]] : [];
  }),
);

/** SPEC §4: 'Arquivar ciclo' is offered at steps 1–6. */
export const ARCHIVABLE_STATUSES: readonly ActiveStatus[] = ACTIVE_STATUSES.filter((status) => stageMoves(status)?.archive);

/** SPEC §5, §9: the hour typed as HH:mm, optionally :ss, hours 0–24 (so up to 24:59). */
const HOUR_PATTERN = /^([01]?\d|2[0-4]):([0-5]\d)(:([0-5]\d))?$/;

export function isValidHour(value: string | null | undefined): value is string {
  return HOUR_PATTERN.test(value ?? '');
}

/**
 * The scheduling step's day and hour as update/{id}/ takes them (`yyyy-MM-dd HH:mm:ss`), or the problems. An hour
 * of 24:mm, which SPEC §9's pattern accepts, is that many minutes past midnight of the next day.
 */
export function composeSchedule(day: string | null, hour: string): { schedule: string } | { problems: string[] } {
  const problems: string[] = [];
  if (!isValidIsoDate(day)) problems.push(M.dayRequired);
  const match = HOUR_PATTERN.exec(hour.trim());
  if (!match) problems.push(M.invalidHour);
  if (problems.length > 0 || !match || !day) return { problems };
  const [hours, minutes, seconds] = [Number(match[1]), match[2]!, match[4] ?? '00'];
  let date = day;
  if (hours === 24) {
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    date = next.toISOString().slice(0, 10);
  }
  return { schedule: `${date} ${String(hours % 24).padStart(2, '0')}:${minutes}:${seconds}` };
}

/** A stored schedule (`yyyy-MM-dd HH:mm:ss`, a real date and a real time of day) or the message of what is wrong. */
export function scheduleProblem(schedule: string | null | undefined): string | null {
  const [day, time = '', ...rest] = (schedule ?? '').split(' ');
  if (!isValidIsoDate(day)) return M.dayRequired;
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!match || rest.length > 0) return M.invalidHour;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return hours < 24 && minutes < 60 && seconds < 60 ? null : M.invalidHour;
}

/** Whether the approval of the plan applies: the case is paid by a health plan (SPEC §4: greyed out otherwise). */
export function planApprovalApplies(facts: Pick<LifecycleFacts, 'payment_fountains'>): boolean {
  return facts.payment_fountains === 'plano_saude';
}

/** Whether every approval that applies is 'aprovada' (hospital always; plan and OPME when they apply). */
export function allApproved(facts: LifecycleFacts): boolean {
  if (facts.hospital_approvals !== 'aprovada') return false;
  if (planApprovalApplies(facts) && facts.plan_approvals !== 'aprovada') return false;
  return !facts.opme || facts.opme_approvals === 'aprovada';
}

/**
 * What keeps a case at `from` from moving on to the next stage, given its facts (stored data with the request's
 * fields applied) and what the request confirms: the messages of SPEC §5, empty when the move may happen
 * (DECISIONS §4's table; issue 13's missing documents, unless confirmed).
 */
export function advanceProblems(from: CaseStatus, facts: LifecycleFacts, confirmed: AdvanceConfirmations = {}): string[] {
  switch (from) {
    case 'prep_doc':
      // Every document is optional (SPEC §4) unless the hospital's or the plan's checklist requires it.
      return facts.missing_documents.length > 0 && !confirmed.missing_documents ? [M.missingDocuments(facts.missing_documents)] : [];
    case 'env_doc':
      return isValidIsoDate(facts.document_arrivals) ? [] : [M.documentArrivalsRequired];
    case 'autorizacao':
      if (!allApproved(facts)) return [M.allApproved];
      return opmeApprovalApplies(facts) ? opmeApprovalProblems(facts.opme_approvals, facts.opme_items_undecided) : [];
    case 'agendamento': {
      const problem = scheduleProblem(facts.schedule);
      return problem ? [problem] : [];
    }
    case 'realizacao':
      return isValidIsoDate(facts.accomplishment) ? [] : [M.invalidDate];
    case 'pagamento': {
      const problems: string[] = [];
      if (!(typeof facts.payment_done === 'number' && facts.payment_done > 0)) problems.push(M.paymentRequired);
      if (!isValidIsoDate(facts.date_payment)) problems.push(M.invalidDate);
      if (problems.length > 0) return problems;
      // Issue 14: the value received against the receipts recorded and the fee expected (the ledger's rules).
      return conclusionProblems(facts, centsOf(facts.payment_done as number), confirmed.settlement);
    }
    default:
      return []; // ind_paciente needs nothing
  }
}

/** The stages whose save in place has a guard (`saveProblems`); the others always save. */
export const GUARDED_SAVE_STAGES: readonly CaseStatus[] = ['autorizacao'];

/**
 * What keeps a step from saving `fields` in place on a case with `facts` (stored data): an OPME approval set to
 * 'aprovada' while an OPME item is undecided (DECISIONS §15). Empty when the save may happen.
 */
export function saveProblems(from: CaseStatus, facts: LifecycleFacts, fields: StepFields | undefined): string[] {
  if (!GUARDED_SAVE_STAGES.includes(from) || fields?.opme_approvals !== 'aprovada') return [];
  return opmeApprovalProblems(fields.opme_approvals, facts.opme_items_undecided);
}

/**
 * The fields that date what already happened: never after today (São Paulo). The documents' sending date joined them
 * in the third week (the sending record below it already refused a future day).
 */
const PAST_DATE_FIELDS = ['document_arrivals', 'accomplishment', 'date_payment'] as const;
type PastDateField = (typeof PAST_DATE_FIELDS)[number];

/** The past-date fields of `fields` dated after `today` (both `yyyy-MM-dd`; ISO dates compare as text). */
export function futureDateFields(fields: StepFields, today: string): PastDateField[] {
  return PAST_DATE_FIELDS.filter((field) => {
    const value = fields[field];
    return typeof value === 'string' && isValidIsoDate(value) && value > today;
  });
}

/** `facts` with a step's fields applied (fields left out keep their value). */
export function applyFields(facts: LifecycleFacts, fields: ReadFields | undefined): LifecycleFacts {
  if (!fields) return facts;
  const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...facts, ...changed };
}

/**
 * The fields update/{id}/ takes besides `new_status` (SPEC §7), by the step that owns them: a step's panel edits
 * only its own fields (SPEC §2 "Surgery details"), and the API saves them only at that step or with its advance.
 * ind_paciente has no fields; prep_doc's documents travel through include_surgery_files.
 */
export const STEP_FIELDS = {
  ind_paciente: [],
  prep_doc: [],
  env_doc: ['document_arrivals', 'document_note'],
  autorizacao: [
    'hospital_approvals',
    'plan_approvals',
    'opme_approvals',
    'hospital_approvals_note',
    'plan_approvals_note',
    'opme_approvals_note',
  ],
  agendamento: ['schedule', 'schedule_note'],
  realizacao: ['accomplishment', 'accomplishment_note'],
  pagamento: ['payment_done', 'date_payment', 'payment_notes'],
} as const satisfies Record<ActiveStatus, readonly string[]>;

/** A field of update/{id}/ other than `new_status`. */
type StepFieldName = (typeof STEP_FIELDS)[ActiveStatus][number];

/** The free-text notes among the step fields (at most MAX_NOTE_LENGTH characters each, SPEC §5). */
export const NOTE_FIELD_NAMES = [
  'document_note',
  'hospital_approvals_note',
  'plan_approvals_note',
  'opme_approvals_note',
  'schedule_note',
  'accomplishment_note',
  'payment_notes',
] as const satisfies readonly StepFieldName[];
export type NoteFieldName = (typeof NOTE_FIELD_NAMES)[number];

/** The step that owns `field`, or null when it is no step field. */
export function stepOfField(field: string): ActiveStatus | null {
  return ACTIVE_STATUSES.find((status) => (STEP_FIELDS[status] as readonly string[]).includes(field)) ?? null;
}

/** Whether the OPME approval applies: the case uses OPME (SPEC §4: greyed out otherwise). */
export function opmeApprovalApplies(facts: Pick<LifecycleFacts, 'opme'>): boolean {
  return facts.opme;
}

/** The notes a step sends besides its facts (null clears one). */
export type StepNotes = Partial<Record<NoteFieldName, string | null>>;
