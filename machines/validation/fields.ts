import { type } from 'arktype';
import { VALIDATION_MESSAGES } from './problems';

/**
 * Field types the schemas of machines/ share, each with its pt-BR messages (STACK gotcha 6: arktype speaks English
 * unless told). A value of the wrong JSON type says 'Dados inválidos.' unless the field says more; an absent
 * required key says the field's `missing` message (see ./problems.ts).
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

/** Any JSON string (anything else: 'Dados inválidos.'), as sent. */
export const anyString = type('string').configure({ message: INVALID });

/** Any JSON boolean. */
export const anyBoolean = type('boolean').configure({ message: INVALID });

/** The length a person counts: code points, so an emoji or an accented letter typed as two is one. */
export const visibleLength = (text: string): number => [...text].length;

export type TextRule = {
  /** The message for a blank or absent value; without it the text may be empty. */
  required?: string;
  /** At most this many characters (code points), else `tooLong`. */
  max: number;
  tooLong: string;
};

/** A text field: trimmed (the output), required when `rule.required`, bounded by `rule.max`. */
export function text(rule: TextRule) {
  const bounded = type('string').narrow((value, ctx) => visibleLength(value) <= rule.max || ctx.reject({ message: rule.tooLong }));
  const filled = rule.required
    ? type('string > 0').configure({ message: rule.required }).to(bounded)
    : bounded;
  return anyString
    .pipe((value) => value.trim())
    .to(filled)
    .configure({ missing: rule.required ?? INVALID });
}

/** `t`, or null (an optional value the client clears); a value of neither JSON type says 'Dados inválidos.'. */
export function orNull<T extends type.Any>(t: T) {
  return t.or(type('null')).configure({ message: INVALID });
}

/** The largest PostgreSQL `integer` (int4): every id column of the schema. */
export const MAX_INT4 = 2_147_483_647;
