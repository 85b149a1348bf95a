import { type, type ArkError } from 'arktype';
import { isValidIsoDate } from '../rules/dates';
import { orNull } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { BILLING_MESSAGES as M } from './billingMessages';
import { shortText } from './billingFields';
import { CARD_NUMBER_MAX, CARD_PLAN_NAME_MAX } from './constants';

const INVALID = VALIDATION_MESSAGES.invalidData;

/**
 * A patient's card for the plan chosen in the patient form (openapi PatientPlanCard): the número da carteira
 * (numeroCarteira, required once a card is sent), its validity (yyyy-MM-dd or null) and the plan's product name.
 */
export const patientPlanCardSchema = type({
  '+': 'reject',
  card_number: shortText(CARD_NUMBER_MAX, M.cardNumberTooLong, M.cardNumberRequired),
  valid_until: orNull(type('string').configure({ message: M.invalidCardValidUntil }))
    .pipe((value, ctx): string | null | ArkError => {
      if (value === null || value.trim() === '') return null;
      return isValidIsoDate(value) ? value : ctx.error({ message: M.invalidCardValidUntil });
    })
    .configure({ message: M.invalidCardValidUntil, missing: INVALID }),
  plan_name: shortText(CARD_PLAN_NAME_MAX, M.cardPlanNameTooLong),
}).configure({ message: INVALID });
/** A checked card: the number trimmed, blanks as null. */
export type PatientPlanCardInput = { card_number: string; valid_until: string | null; plan_name: string | null };
