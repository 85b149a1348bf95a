/**
 * The plain readers of a list's query values, without arktype: the API's query schemas (machines/…/…Schemas.ts) use
 * them through arktype, and the screens read their URL search with them directly, so a page that only reads its filters
 * does not load arktype before its first paint (issue 41: /receivables, /audit).
 */

/** The largest PostgreSQL `integer` (int4): every id column of the schema. */
export const MAX_INT4 = 2_147_483_647;

/** A positive int4 written in digits (a path id, a multipart id or version: '12'), or null for anything else. */
export function int4OfText(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_INT4 ? value : null;
}

/** Longest `search` accepted by a list or a lookup (a name, a code or a few words of a description). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_LONG = `O texto de busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres.`;

/** The largest page number a paged list accepts (far beyond any practice's cases). */
export const MAX_LIST_PAGE = 100_000;

/** A list's 1-based page written in digits ('' is the first), or null for anything else. */
export function pageOfText(text: string): number | null {
  if (text === '') return 1;
  const page = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  return page >= 1 && page <= MAX_LIST_PAGE ? page : null;
}
