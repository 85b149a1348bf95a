import { ptBR } from '../lib/i18n/pt-BR';

/**
 * Reading the API's error bodies (SPEC §8 shapes: an `error` list, `non_field_errors`, field errors such as
 * `cid`/`procedure`, a 409's `message`), once for every feature. What each screen then shows stays with the feature.
 */

/** The non-blank strings of one key of an error body, which may hold one string or a list (other values are dropped). */
export function errorStrings(value: unknown): string[] {
  if (typeof value === 'string' && value.trim()) return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return [];
}

/** The messages that belong to no field: the `error` list, then `non_field_errors`, then `message` (in that order). */
export function generalErrorMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  return [...errorStrings(record.error), ...errorStrings(record.non_field_errors), ...errorStrings(record.message)];
}

/** Each field's messages of an error body, by the field's key (`cid`, `payer`, …); the general keys are not fields. */
export type FieldErrors = Record<string, string[]>;

const GENERAL_KEYS = new Set(['error', 'non_field_errors', 'message', 'code', 'status']);

/** The field errors of an error body (SPEC §8: `{ error: [...], cid: [...] }`): the one reader of them. */
export function fieldErrors(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null) return {};
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    const messages = GENERAL_KEYS.has(key) ? [] : errorStrings(value);
    if (messages.length > 0) fields[key] = messages;
  }
  return fields;
}

/** A gateway answer (502/503/504): the API itself was not reached. */
export function isUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * SPEC §8's generic message for a call that threw instead of answering: a network failure (fetch's TypeError:
 * offline, connection refused) is 'Ocorreu um erro, tente novamente!'; anything else thrown on the way (the call
 * aborted or timed out, an answer that could not be read) is 'Ocorreu um erro tente novamente!'.
 */
export function thrownCallMessage(error: unknown): string {
  return error instanceof TypeError ? ptBR.errors.noResponse : ptBR.errors.thrown;
}

/**
 * SPEC §8's generic message for an error answer that carries no message of its own: a gateway error (the API was
 * not reached) is 'Ocorreu um erro, tente novamente!', a server error 'Ocorreu um erro interno!', and any other
 * status with a body we cannot read 'Ocorreu um erro desconhecido!'.
 */
export function failedCallMessage(status: number): string {
  if (isUnreachable(status)) return ptBR.errors.noResponse;
  if (status >= 500) return ptBR.errors.internal;
  return ptBR.errors.unknown;
}
