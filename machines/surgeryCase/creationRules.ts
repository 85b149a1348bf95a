import { MAX_CASE_CODES, MAX_NOTE_LENGTH, type PaymentSource } from '../constants';

/**
 * Rules of surgery creation (SPEC §5 "Surgery creation", §9), shared by the SPA's registration form
 * (src/features/surgeries/rules.ts) and the API (server/services/surgeries/create-surgery-input.ts), so that the
 * browser and the server never disagree on them. Pure functions: no IO, no src/ or server/ imports.
 *
 * What stays apart on purpose: the SPA also requires a payment source (the API accepts none), and only the API
 * checks the shape of what was sent (ids, money) and the references against the database.
 */

/** The pt-BR messages both sides show; 'Preencha CID e Procedimento!', 'Preencha CID!' and 'Preencha procedimento!' are SPEC §5's. */
export const SURGERY_CREATION_MESSAGES = {
  fillBoth: 'Preencha CID e Procedimento!',
  fillCid: 'Preencha CID!',
  fillProcedure: 'Preencha procedimento!',
  hospitalRequired: 'Selecione o hospital.',
  /** The form's own rule: the API accepts a case without a source. */
  paymentSourceRequired: 'Selecione a fonte pagadora.',
  healthPlanRequired: 'Selecione o convênio.',
  noteTooLong: `As observações devem ter no máximo ${MAX_NOTE_LENGTH} caracteres.`,
} as const;

const M = SURGERY_CREATION_MESSAGES;

/** A payment source as either side holds it before it is chosen ('' in the form, null in the API). */
type SourceValue = PaymentSource | '' | null;

/** SPEC §5: another CID / procedure may be added while the list holds fewer than MAX_CASE_CODES (1..5 each). */
export function canAddCode(length: number): boolean {
  return length < MAX_CASE_CODES;
}

/** SPEC §5, §9: more than MAX_CASE_CODES CIDs or procedures is refused. */
export function hasTooManyCodes(count: number): boolean {
  return count > MAX_CASE_CODES;
}

/** SPEC §5: the clt source has no expected value (the form clears and disables it; the API stores null). */
export function isFeesDisabled(source: SourceValue): boolean {
  return source === 'clt';
}

/** SPEC §5: the health plan applies only to the plano_saude source; for any other source it is cleared. */
export function isHealthPlanEnabled(source: SourceValue): boolean {
  return source === 'plano_saude';
}

/** SPEC §5, §9: the notes, trimmed, hold at most MAX_NOTE_LENGTH characters (code points, so an emoji counts once). */
export function isNoteTooLong(note: string): boolean {
  return [...note.trim()].length > MAX_NOTE_LENGTH;
}

/**
 * What to say when CIDs or procedures are missing: one `summary` for the whole form (the toast / the `error` list)
 * and the message of each missing field (null when that field is filled). Null when both are filled.
 */
type MissingCodes = { summary: string; cid: string | null; procedure: string | null };

/** SPEC §5: both missing → 'Preencha CID e Procedimento!' and each field marked; one missing → its own message. */
export function missingCodes(cidCount: number, procedureCount: number): MissingCodes | null {
  if (cidCount === 0 && procedureCount === 0) return { summary: M.fillBoth, cid: M.fillCid, procedure: M.fillProcedure };
  if (cidCount === 0) return { summary: M.fillCid, cid: M.fillCid, procedure: null };
  if (procedureCount === 0) return { summary: M.fillProcedure, cid: null, procedure: M.fillProcedure };
  return null;
}
