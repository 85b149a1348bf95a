import { type } from 'arktype';
import { ACTIVE_STATUSES, type ActiveStatus } from '../constants';
import { queryText } from '../lookups/schemas';
import { int4OfText, MAX_INT4 } from '../validation/fields';
import { MAX_STAGE_TARGET_DAYS } from './constants';
import { CLOCK_MESSAGES } from './clockMessages';

export { CLOCK_MESSAGES } from './clockMessages';

/**
 * The clocks and holders of a case (issue 13 item 4; DECISIONS §15 "Clocks and holders"): the medic's stage targets
 * (PUT /project_auth/api/v1/stage_targets/ and the settings card 'Prazos por etapa'), who may read them (GET's
 * `medic`), and the case's holder (PUT /surgery/api/v1/surgery/{id}/holder/ and the case's reassign select).
 * The days in stage, the target and the overdue flag are computed by the server's SQL (server/services/surgeries/
 * clocks.ts) and answered with every Surgery.
 */

const C = CLOCK_MESSAGES;

/** One stage's target: a whole number of days, 1..MAX_STAGE_TARGET_DAYS (a form's empty field is NaN: the same message). */
function targetDays(status: ActiveStatus) {
  return type('number')
    .configure({ message: C.targetInvalid(status) })
    .narrow((value, ctx) =>
      (Number.isInteger(value) && value >= 1 && value <= MAX_STAGE_TARGET_DAYS) || ctx.reject({ message: C.targetInvalid(status) }),
    )
    .configure({ missing: C.targetMissing(status) });
}

export type StageTargets = Record<ActiveStatus, number>;

/** PUT /project_auth/api/v1/stage_targets/ (openapi StageTargets): the seven active stages' targets, every one. */
export const stageTargetsSchema = type({
  '+': 'reject',
  ...(Object.fromEntries(ACTIVE_STATUSES.map((status) => [status, targetDays(status)])) as Record<ActiveStatus, ReturnType<typeof targetDays>>),
});

/** GET /project_auth/api/v1/stage_targets/: `medic` (a secretary names one of her medics; a medic may name himself). */
export const stageTargetsQuerySchema = type({
  'medic?': queryText.pipe((raw, ctx) => {
    if (raw === '') return null;
    return int4OfText(raw) ?? ctx.error({ message: C.medicInvalid });
  }),
});

/** PUT /surgery/api/v1/surgery/{id}/holder/ (openapi SurgeryHolderUpdate): the user who holds the case from now on. */
export const surgeryHolderSchema = type({
  '+': 'reject',
  holder: type('number')
    .configure({ message: C.holderInvalid })
    .narrow((value, ctx) => (Number.isInteger(value) && value >= 1 && value <= MAX_INT4) || ctx.reject({ message: C.holderInvalid }))
    .configure({ missing: C.holderMissing }),
});
