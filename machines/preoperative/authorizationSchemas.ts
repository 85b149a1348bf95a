import { type, type ArkError } from 'arktype';
import { MAX_NOTE_LENGTH } from '../constants';
import { DATE_MESSAGES, isValidIsoDate } from '../rules/dates';
import { MAX_INT4, orNull, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { AUTHORIZATION_STATUSES, type AuthorizationStatus } from './constants';
import { AUTHORIZATION_CODE_MAX, AUTHORIZATION_MESSAGES } from './authorizationMessages';

export { AUTHORIZATION_MESSAGES } from './authorizationMessages';

/**
 * The body of PUT /surgery/api/v1/surgery/{id}/authorizations/{payer}/ (openapi AuthorizationUpdate; DECISIONS §15):
 * one payer's authorization record, sent whole (the record is replaced). The server validates with it and the
 * record editor (src/features/surgeries/details/AuthorizationRecordEditor.tsx) marks its fields with the same
 * messages. What needs the stored case (the payer applies, the case is at a stage where the status may change, its
 * version, the OPME items) is checked by the server on the locked case.
 *
 * The rules, and why:
 * - Dates are yyyy-MM-dd or null. The request and the decision already happened: not after today. The validity may
 *   be any real date.
 * - 'solicitada' needs the request date (the office must be able to say since when it waits).
 * - A decided status (aprovada, parcial, negada) without a decision date is decided today: the date defaults to
 *   today (the usual case is "the plan answered just now"), rather than refusing the save.
 * - 'pendente' and 'solicitada' are not decided: a decision date with them is refused.
 * - The decision is not before the request; the validity is not before the decision (nor, without a decision date,
 *   before the request).
 * - Protocol (guide number) and senha: short texts, at most AUTHORIZATION_CODE_MAX characters; notes at most
 *   MAX_NOTE_LENGTH. Blank texts are stored as null.
 * Cross-field rules read the raw body (`ctx.root`) in each field's transform, so a form sees every problem at once.
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

const M = AUTHORIZATION_MESSAGES;

/** The statuses that carry a decision (and a decision date). */
const DECIDED_STATUSES: readonly AuthorizationStatus[] = ['aprovada', 'parcial', 'negada'];

function isDecided(status: AuthorizationStatus): boolean {
  return DECIDED_STATUSES.includes(status);
}

type RawBody = { status?: unknown; requested_on?: unknown; decided_on?: unknown };

const rawOf = (root: unknown): RawBody => (root && typeof root === 'object' ? (root as RawBody) : {});
/** A raw date of the body when it is a real one (the other fields compare with it), else null. */
const rawDate = (value: unknown): string | null => (typeof value === 'string' && isValidIsoDate(value) ? value : null);
const rawStatus = (value: unknown): AuthorizationStatus | null =>
  AUTHORIZATION_STATUSES.find((status) => status === value) ?? null;

/** A date field (null, or a real yyyy-MM-dd date), then `rule` on the value and the raw body. */
function dateField(invalid: string, rule: (value: string | null, root: RawBody) => string | null | ArkErrorMessage) {
  return orNull(type('string')).pipe((value, ctx): string | null | ArkError => {
    if (value !== null && !isValidIsoDate(value)) return ctx.error({ message: invalid });
    const out = rule(value, rawOf(ctx.root));
    return typeof out === 'object' && out !== null ? ctx.error({ message: out.message }) : out;
  });
}

type ArkErrorMessage = { message: string };
const fail = (message: string): ArkErrorMessage => ({ message });

/** A short text: trimmed, at most `max` characters, blank → null. */
function shortText(max: number, tooLong: string) {
  return orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
    const trimmed = value?.trim() ?? '';
    if (visibleLength(trimmed) > max) return ctx.error({ message: tooLong });
    return trimmed === '' ? null : trimmed;
  });
}

function buildAuthorizationSchema(today: string) {
  return type({
    '+': 'reject',
    status: type.enumerated(...AUTHORIZATION_STATUSES).configure({ message: M.invalidStatus, missing: M.statusRequired }),
    requested_on: dateField(M.invalidRequestedOn, (value, root) => {
      if (value === null) return rawStatus(root.status) === 'solicitada' ? fail(M.requestedOnRequired) : null;
      return value > today ? fail(DATE_MESSAGES.futureDate) : value;
    }).configure({ missing: INVALID }),
    decided_on: dateField(M.invalidDecidedOn, (value, root) => {
      const status = rawStatus(root.status);
      if (value === null) return status && isDecided(status) ? today : null;
      if (status && !isDecided(status)) return fail(M.decidedOnNotDecided);
      if (value > today) return fail(DATE_MESSAGES.futureDate);
      const requested = rawDate(root.requested_on);
      return requested !== null && value < requested ? fail(M.decidedBeforeRequest) : value;
    }).configure({ missing: INVALID }),
    valid_until: dateField(M.invalidValidUntil, (value, root) => {
      if (value === null) return null;
      const decided = rawDate(root.decided_on);
      if (decided !== null) return value < decided ? fail(M.validBeforeDecision) : value;
      const requested = rawDate(root.requested_on);
      return requested !== null && value < requested ? fail(M.validBeforeRequest) : value;
    }).configure({ missing: INVALID }),
    protocol: shortText(AUTHORIZATION_CODE_MAX, M.protocolTooLong).configure({ missing: INVALID }),
    password: shortText(AUTHORIZATION_CODE_MAX, M.passwordTooLong).configure({ missing: INVALID }),
    notes: shortText(MAX_NOTE_LENGTH, M.notesTooLong).configure({ missing: INVALID }),
    'version?': type('number').pipe((value, ctx): number | ArkError =>
      Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4 ? value : ctx.error({ message: M.invalidVersion }),
    ),
  }).configure({ message: INVALID });
}

type AuthorizationSchema = ReturnType<typeof buildAuthorizationSchema>;
export type AuthorizationInput = AuthorizationSchema['infer'];

const schemaOfDay = new Map<string, AuthorizationSchema>();

/** The authorization body's schema for `today` (yyyy-MM-dd, São Paulo): built once per day. */
export function authorizationSchema(today: string): AuthorizationSchema {
  let schema = schemaOfDay.get(today);
  if (!schema) {
    schemaOfDay.clear();
    schema = buildAuthorizationSchema(today);
    schemaOfDay.set(today, schema);
  }
  return schema;
}
