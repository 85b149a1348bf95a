import type { CaseStatus } from '../../../machines/constants';
import { UPDATE_SURGERY_MESSAGES as U } from '../../../machines/surgeryCase/messages';
import type { StepNotes, UpdateSurgeryInput } from '../../../machines/surgeryCase/schemas';
import { conflictMessage, opmeApprovalApplies, planApprovalApplies, type LifecycleFacts } from '../../../machines/surgeryLifecycle/lifecycleRules';
import { addProblem, noProblems } from '../../../machines/validation/problemList';
import { conflict } from '../../http/errors';
import { throwIfProblems } from '../../http/validation';
import type { ExtraColumns } from './lifecycle-moves';

/**
 * What a move checks on the locked case, after its body passed the schema (machines/surgeryCase/schemas.ts): the
 * version the client moved from, that the fields sent belong to the stage the case is at, and that a plan or OPME
 * approval applies to it.
 */

/** 409 with the actual status when the client moved from another version of the case than the stored one. */
export function checkVersion(version: number | undefined, row: { version: number; status: CaseStatus }): void {
  if (version !== undefined && version !== row.version) throw conflict(conflictMessage(row.status), row.status);
}

/**
 * Fields sent for step S while the case is elsewhere are a stale client's (409 with the actual status, so the SPA
 * jumps there); a plan approval for a case not paid by a health plan, or an OPME approval for a case without OPME,
 * is refused (400).
 */
export function checkAtCase(input: UpdateSurgeryInput, row: { status: CaseStatus; version: number }, facts: LifecycleFacts): void {
  checkVersion(input.version, row);
  if (input.step !== null && row.status !== input.step) throw conflict(conflictMessage(row.status), row.status);
  const problems = noProblems();
  if (input.fields.plan_approvals && !planApprovalApplies(facts)) addProblem(problems, 'plan_approvals', U.planApprovalNotApplicable);
  if (input.fields.opme_approvals && !opmeApprovalApplies(facts)) addProblem(problems, 'opme_approvals', U.opmeApprovalNotApplicable);
  throwIfProblems(problems);
}

const NOTE_COLUMNS = {
  document_note: 'documentNote',
  hospital_approvals_note: 'hospitalApprovalsNote',
  plan_approvals_note: 'planApprovalsNote',
  opme_approvals_note: 'opmeApprovalsNote',
  schedule_note: 'scheduleNote',
  accomplishment_note: 'accomplishmentNote',
  payment_notes: 'paymentNotes',
} as const satisfies Record<keyof StepNotes, keyof ExtraColumns>;

/** The notes sent, in the schema's column names. */
export function noteColumns(notes: StepNotes): ExtraColumns {
  const columns: ExtraColumns = {};
  for (const [field, value] of Object.entries(notes) as [keyof StepNotes, string | null][]) columns[NOTE_COLUMNS[field]] = value;
  return columns;
}
