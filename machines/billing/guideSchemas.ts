import { type, type ArkError } from 'arktype';
import { DATE_MESSAGES, isValidIsoDate } from '../rules/dates';
import { queryText } from '../lookups/schemas';
import { CLOCK_MESSAGES } from '../preoperative/clockMessages';
import { int4OfText, MAX_INT4, orNull, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { MAX_GUIDES_PER_LOT } from '../tiss/guideRules';
import { BILLING_MESSAGES as M } from './billingMessages';

/**
 * The bodies of a case's guide, of lots and of appeals (issue 37; openapi GuideInputsUpdate, LotCreate, TissSent,
 * AppealCreate), checked by the server's routes and the SPA's forms with the same pt-BR messages. Whether a guide can be
 * generated is machines/tiss's rules' question (missingGuideFields), answered on the guide's screen.
 */

const INVALID = VALIDATION_MESSAGES.invalidData;
const MAX_UNIT_CENTS = 99_999_999;
const NOTE_MAX = 500;

const integerIn = (min: number, max: number, message: string) =>
  type('number')
    .narrow((value, ctx) => (Number.isInteger(value) && value >= min && value <= max) || ctx.reject({ message }))
    .configure({ message, missing: message });

const id = (message: string) => integerIn(1, MAX_INT4, message);

function optionalText(max: number, tooLong: string) {
  return orNull(type('string').configure({ message: INVALID }))
    .pipe((value, ctx): string | null | ArkError => {
      const trimmed = value?.trim() ?? '';
      if (visibleLength(trimmed) > max) return ctx.error({ message: tooLong });
      return trimmed === '' ? null : trimmed;
    })
    .configure({ missing: INVALID });
}

const line = type({
  '+': 'reject',
  quantity: integerIn(1, 999, M.invalidQuantity),
  unit_cents: orNull(integerIn(1, MAX_UNIT_CENTS, M.invalidUnit)).configure({ message: M.invalidUnit, missing: INVALID }),
  factor_hundredths: integerIn(1, 999, M.invalidFactor),
  access_route: type.enumerated('1', '2', '3', null).configure({ message: M.invalidAccessRoute, missing: INVALID }),
  technique: type.enumerated('1', '2', '3', null).configure({ message: M.invalidTechnique, missing: INVALID }),
}).configure({ message: INVALID });

/** PUT …/surgery/{id}/tiss_guide/: the lines' values (one per procedure, in the case's order), the hospital's ids, the note. */
export const guideInputsSchema = type({
  '+': 'reject',
  lines: line.array().configure({ message: INVALID, missing: M.linesRequired }),
  note: optionalText(NOTE_MAX, M.noteTooLong),
  hospital_cnpj: orNull(type('string')).configure({ message: INVALID, missing: INVALID }),
  hospital_cnes: orNull(type('string')).configure({ message: INVALID, missing: INVALID }),
});
export type GuideInputsInput = typeof guideInputsSchema.infer;

/** POST /surgery/api/v1/tiss/lots/: one plan's guides, 1 to 100. */
export const lotCreateSchema = type({
  '+': 'reject',
  health_plan_id: id(M.invalidPlan),
  guide_ids: id(M.invalidGuide)
    .array()
    .narrow((ids, ctx) => {
      if (ids.length === 0) return ctx.reject({ message: M.guidesRequired });
      if (ids.length > MAX_GUIDES_PER_LOT) return ctx.reject({ message: M.tooManyGuides });
      return new Set(ids).size === ids.length || ctx.reject({ message: M.invalidGuide });
    })
    .configure({ message: INVALID, missing: M.guidesRequired }),
});
export type LotCreateInput = typeof lotCreateSchema.infer;

/** PUT …/lots/{id}/sent/ and …/appeals/{id}/sent/: the day it was sent (not after today) and the plan's protocol. */
export function buildTissSentSchema(today: string) {
  return type({
    '+': 'reject',
    sent_on: orNull(type('string'))
      .pipe((value, ctx): string | ArkError => {
        if (value === null || value.trim() === '') return ctx.error({ message: M.sentOnRequired });
        if (!isValidIsoDate(value)) return ctx.error({ message: M.invalidSentOn });
        return value > today ? ctx.error({ message: DATE_MESSAGES.futureDate }) : value;
      })
      .configure({ message: M.invalidSentOn, missing: M.sentOnRequired }),
    protocol: orNull(type('string'))
      .pipe((value, ctx): string | ArkError => {
        const digits = (value ?? '').trim();
        if (digits === '') return ctx.error({ message: M.protocolRequired });
        // TISS numeroProtocolo is st_numerico12: digits only (punctuation typed from the portal is dropped).
        const only = digits.replace(/[\s.\-/]/g, '');
        return /^\d{1,12}$/.test(only) ? only : ctx.error({ message: M.protocolTooLong });
      })
      .configure({ message: M.protocolRequired, missing: M.protocolRequired }),
  });
}
export type TissSentInput = ReturnType<typeof buildTissSentSchema>['infer'];

/** POST /surgery/api/v1/tiss/appeals/: the glosas of one sent lot's guides, each with its justification. */
export const appealCreateSchema = type({
  '+': 'reject',
  lot_id: id(M.invalidGuide),
  glosas: type({
    '+': 'reject',
    glosa_id: id(M.invalidGlosa),
    justification: optionalText(NOTE_MAX, M.justificationTooLong).pipe((value, ctx): string | ArkError =>
      value === null ? ctx.error({ message: M.justificationRequired }) : value,
    ),
  })
    .configure({ message: INVALID })
    .array()
    .narrow((rows, ctx) => {
      if (rows.length === 0) return ctx.reject({ message: M.glosasRequired });
      return new Set(rows.map((row) => row.glosa_id)).size === rows.length || ctx.reject({ message: M.repeatedGlosa });
    })
    .configure({ message: INVALID, missing: M.glosasRequired }),
});
export type AppealCreateInput = typeof appealCreateSchema.infer;

/** GET /surgery/api/v1/tiss/guides/: whose guides (`medic`, a secretary's) and of which plan (`health_plan`). */
export const tissGuidesQuerySchema = type({
  'medic?': queryText.pipe((raw, ctx) => (raw === '' ? null : (int4OfText(raw) ?? ctx.error({ message: CLOCK_MESSAGES.medicInvalid })))),
  'health_plan?': queryText.pipe((raw, ctx) => (raw === '' ? null : (int4OfText(raw) ?? ctx.error({ message: M.invalidPlan })))),
});
