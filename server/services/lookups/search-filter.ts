import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeSearchText } from '../search-text';

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, so the user's text matches literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The words of a search, normalised like the `search_text` columns (lower case, no accents), without
 * repeats: 'João  da SILVA' → ['joao', 'da', 'silva'].
 */
export function searchTerms(search: string): string[] {
  const normalized = normalizeSearchText(search);
  return normalized ? [...new Set(normalized.split(' '))] : [];
}

/** The LIKE pattern that finds the literal `term` anywhere in a text: '%term%', wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `column LIKE pattern` with LIKE's escape character: `pattern` a value or a prepared statement's placeholder. */
export function likePattern(column: AnyPgColumn, pattern: string | Placeholder): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}

/** `column LIKE '%term%'` for the literal term (a bound parameter, wildcards escaped). */
export function contains(column: AnyPgColumn, term: string): SQL {
  return likePattern(column, containsPattern(term));
}

/** `column LIKE 'prefix%'` for the literal prefix. */
export function startsWith(column: AnyPgColumn, prefix: string): SQL {
  return likePattern(column, `${escapeLike(prefix)}%`);
}

/**
 * Every word of the search appears in `searchText` (any order), so 'silva maria' finds 'Maria da
 * Silva'. Undefined when there is no word (no filter).
 */
export function matchesAllTerms(searchText: AnyPgColumn, terms: string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => contains(searchText, term)));
}

/**
 * Every word of the search appears in `searchText` with its spaces taken out, so a word typed without the space the
 * name has ('sulamerica', 'sulamérica') still finds it ('SULAMÉRICA' is 'SUL AMERICA' in the ANS register). For the
 * short reference lists (plans, hospitals), where a full scan costs nothing.
 */
export function matchesAllTermsJoined(searchText: AnyPgColumn, terms: string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`replace(${searchText}, ' ', '') like ${`%${escapeLike(term)}%`} escape '\\'`));
}

/** Digits of a text made only of digits and the punctuation of masks (CPF, TUSS code); else null. */
export function digitsOnly(search: string): string | null {
  const trimmed = search.trim();
  if (!/^[\d.\-/\s]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

/**
 * `ORDER BY` rank of a name search (issue 11: 'unimed' must list the UNIMED plans before 'INTRA SUL DE MINAS', whose
 * corporate name has the word): 0 when the search text starts with the whole search, 1 when it starts with its first
 * word, 2 when some later word does, 3 otherwise. `searchText` begins with the name (seed.ts), so a name that starts
 * with the words comes first. Then by name, byte-wise. Without a search: by name only.
 */
export function nameSearchOrder(searchText: AnyPgColumn, search: string, withinRank: SQL[] = []): SQL[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return [byteOrder(searchText)];
  const whole = terms.join(' ');
  const first = terms[0]!;
  const joined = sql`replace(${searchText}, ' ', '')`;
  const rank = sql`case
    when ${startsWith(searchText, whole)} then 0
    when ${joined} like ${`${escapeLike(terms.join(''))}%`} escape '\\' then 0
    when ${startsWith(searchText, first)} then 1
    when ${contains(searchText, ` ${first}`)} then 2
    else 3 end`;
  return [rank, ...withinRank, byteOrder(searchText)];
}

/**
 * `ORDER BY` rank of a procedure search by name: procedures whose name starts with the whole search first, then with
 * its first word, then the rest ('artroplastia' lists 'Artroplastia …' before 'Revisão de artroplastia …'); within a
 * rank the TUSS row (what a plan bills by) before the SIGTAP one. The search text is the code, a space, then the
 * name (seed.ts), hence the code in the prefix.
 */
export function procedureSearchOrder(searchText: AnyPgColumn, code: AnyPgColumn, search: string): SQL[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return [];
  const namePrefix = (prefix: string) =>
    sql`${searchText} like lower(${code}) || ' ' || ${`${escapeLike(prefix)}%`} escape '\\'`;
  return [sql`case when ${namePrefix(terms.join(' '))} then 0 when ${namePrefix(terms[0]!)} then 1 else 2 end`];
}

/** `ORDER BY` on a text column, byte-wise, so PGlite and PostgreSQL (any locale) give the same order. */
export function byteOrder(column: AnyPgColumn): SQL {
  return sql`${column} collate "C"`;
}
