import { badRequest, type HttpError } from './errors';

/**
 * Control characters in request text (issue 11, item 14). PostgreSQL refuses a NUL in a text value, so one reaching
 * a query used to answer 500; the other control characters are never typed by a person and only garble what is
 * stored and shown. They are refused centrally (app.ts, before any handler) with one pt-BR 400:
 *
 * - query strings and single-line text: every C0 control (U+0000–U+001F), DEL and the C1 controls (U+0080–U+009F);
 * - multi-line text (the notes fields, `*_note` / `*_notes`): the same, except tab, line feed and carriage return.
 */
export const CONTROL_CHARACTER_MESSAGE = 'O texto enviado contém caracteres de controle não permitidos.';

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Body fields where a person types several lines (the surgery's notes). */
function isMultiLineField(name: string): boolean {
  // `body` and `text`: a message template and a message to the patient (docs/MESSAGES.md), written in lines.
  return /_notes?$/.test(name) || name === 'body' || name === 'text';
}

export function hasControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/**
 * The first top-level field of `value` (a parsed body or query) holding a refused character anywhere inside it
 * (nested lists and objects, keys included); `''` when the value itself is a bad string; null when all is clean.
 * `multiLine: false` (query strings) allows no line breaks even in a notes-like name.
 */
export function findControlCharacters(value: unknown, options: { multiLine?: boolean } = {}, field = '', depth = 0): string | null {
  const multiLine = options.multiLine ?? true;
  if (typeof value === 'string') return hasControlCharacters(value, multiLine && isMultiLineField(field)) ? field : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const item of value) if (findControlCharacters(item, options, field, depth + 1) !== null) return field;
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = depth === 0 ? key : field;
    if (hasControlCharacters(key)) return name;
    if (findControlCharacters(item, options, name, depth + 1) !== null) return name;
  }
  return null;
}

/** Keys of the error body itself (SPEC §8), never used as a field name. */
const RESERVED = new Set(['error', 'non_field_errors', 'code']);

/** The 400 for a refused character: `{ error: [message] }`, plus the field's own list when one is named. */
export function controlCharactersError(field: string | null): HttpError {
  const named = field !== null && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(field) && !RESERVED.has(field);
  const fields = named ? { [field]: [CONTROL_CHARACTER_MESSAGE] } : {};
  return badRequest([CONTROL_CHARACTER_MESSAGE], fields);
}
