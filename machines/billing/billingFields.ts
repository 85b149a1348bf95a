import { type, type ArkError } from 'arktype';
import { orNull, visibleLength } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';

/** The billing schemas' shared field types (./billingSchemas.ts, ./planCardSchema.ts). */

const INVALID = VALIDATION_MESSAGES.invalidData;

/** A text: trimmed, at most `max` characters, blank → null (or `required`'s message). */
export function shortText(max: number, tooLong: string, required?: string) {
  return orNull(type('string').configure({ message: INVALID }))
    .pipe((value, ctx): string | null | ArkError => {
      const trimmed = value?.trim() ?? '';
      if (visibleLength(trimmed) > max) return ctx.error({ message: tooLong });
      if (trimmed === '') return required ? ctx.error({ message: required }) : null;
      return trimmed;
    })
    .configure({ missing: required ?? INVALID });
}

