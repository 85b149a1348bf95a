import { type } from 'arktype';
import { VALIDATION_MESSAGES } from './problems';
import { int4OfText, MAX_INT4, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from './queryValues';

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

type TextRule = {
  /** The message for a blank or absent value; without it the text may be empty. */
  required?: string;
  /** At most this many characters (code points), else `tooLong`. */
  max: number;
  tooLong: string;
};

/**
 * A text field: trimmed (the output), required when `rule.required`, bounded by `rule.max`. The checks run on the
 * input, before the trim: arktype checks what follows a morph only when nothing else in the body failed, and a
 * form must see every field's problem at once.
 */
export function text(rule: TextRule) {
  return anyString
    .narrow((value, ctx) => {
      const trimmed = value.trim();
      if (rule.required && trimmed === '') return ctx.reject({ message: rule.required });
      return visibleLength(trimmed) <= rule.max || ctx.reject({ message: rule.tooLong });
    })
    .pipe((value) => value.trim())
    .configure({ missing: rule.required ?? INVALID });
}

/** `t`, or null (an optional value the client clears); a value of neither JSON type says 'Dados inválidos.'. */
export function orNull<T extends type.Any>(t: T) {
  return t.or(type('null')).configure({ message: INVALID });
}

// Plain values (no arktype), in their own module so the screens can read them without loading arktype.
export { MAX_INT4, int4OfText, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG };

/** The `search` query parameter: trimmed, at most SEARCH_MAX_LENGTH; absent → '' (a repeated one: 'Dados inválidos.'). */
export const searchText = text({ max: SEARCH_MAX_LENGTH, tooLong: SEARCH_TOO_LONG }).default('');
