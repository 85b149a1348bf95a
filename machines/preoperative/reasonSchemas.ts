import { type, type Traversal } from 'arktype';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { orNull, visibleLength } from '../validation/fields';
import { LOSS_REASONS, type LossReason } from './constants';
import { isLossReason, LOSS_REASON_NOTE_MAX } from './lossReasons';

export { isLossReason, LOSS_REASON_NOTE_MAX, lossReasonLabel, NO_LOSS_REASON_LABEL, type LossReasonChoice, type LossReasonValues } from './lossReasons';

/**
 * Why a case was archived or cancelled (issue 13; DECISIONS §15 "Reasons"): one of LOSS_REASONS, with free text
 * beside it ('outro' needs the text). Stored on the status history row of the move (surgery_status_history.reason,
 * reason_note); the dashboard counts the lost cases by it.
 *
 * Two schemas on purpose (docs/ARCHITECTURE.md, "deliberate differences"):
 * - the API's fields (`lossReasonFields`, part of archive_surgery / cancel_surgery's body, openapi MoveFromVersion):
 *   the reason is OPTIONAL, so SPEC §7's archive and cancel without a body keep working for every client that
 *   already calls them; a reason that is sent is checked, and a note needs a reason;
 * - the dialogs' form (`lossReasonFormSchema`): the reason is required, as issue 13 asks of the SPA.
 */

const LOSS_REASON_MESSAGES = {
  reasonRequired: 'Selecione o motivo.',
  reasonUnknown: 'Motivo inválido.',
  noteRequired: 'Descreva o motivo.',
  noteTooLong: `A descrição do motivo deve ter no máximo ${LOSS_REASON_NOTE_MAX} caracteres.`,
  noteWithoutReason: 'Selecione o motivo da descrição.',
} as const;

const M = LOSS_REASON_MESSAGES;
const INVALID = VALIDATION_MESSAGES.invalidData;

/** The note as the body or the form holds it (read from the root: the reason's rule depends on it). */
function noteIn(root: unknown): string {
  const note = (root as { reason_note?: unknown } | undefined)?.reason_note;
  return typeof note === 'string' ? note.trim() : '';
}

function reasonIn(root: unknown): unknown {
  return (root as { reason?: unknown } | undefined)?.reason;
}

/** 'outro' needs the note: said on `reason_note` (the rule lives on the reason, so that an absent note is caught too). */
function outroNeedsNote(reason: LossReason, ctx: Traversal) {
  return reason === 'outro' && noteIn(ctx.root) === '' ? ctx.error({ message: M.noteRequired, path: ['reason_note'] }) : reason;
}

/** The API's reason: one of LOSS_REASONS (anything else, null included: 'Motivo inválido.'). */
const apiReason = type
  .enumerated(...LOSS_REASONS)
  .pipe(outroNeedsNote)
  .configure({ message: M.reasonUnknown });

/** The form's reason: the select's value, '' before a choice ('Selecione o motivo.'). */
const formReason = type('string')
  .configure({ message: M.reasonUnknown })
  .pipe((value, ctx) => {
    if (value.trim() === '') return ctx.error({ message: M.reasonRequired });
    return isLossReason(value) ? outroNeedsNote(value, ctx) : ctx.error({ message: M.reasonUnknown });
  })
  .configure({ missing: M.reasonRequired });

/** The free text: trimmed, at most LOSS_REASON_NOTE_MAX characters, '' stored as null; a note needs a reason. */
const reasonNote = orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
  const trimmed = value?.trim() ?? '';
  if (visibleLength(trimmed) > LOSS_REASON_NOTE_MAX) return ctx.error({ message: M.noteTooLong });
  if (trimmed !== '' && reasonIn(ctx.root) === undefined) return ctx.error({ message: M.noteWithoutReason, path: ['reason'] });
  return trimmed === '' ? null : trimmed;
});

/** The API's reason fields (both optional), spread into archive/cancel's body schema (surgeryCase/schemas.ts). */
export const lossReasonFields = {
  'reason?': apiReason,
  'reason_note?': reasonNote,
} as const;

/** The archive and cancel dialogs' form: the reason required, the note required with 'outro'. */
export const lossReasonFormSchema = type({
  reason: formReason,
  reason_note: reasonNote,
}).configure({ message: INVALID });
