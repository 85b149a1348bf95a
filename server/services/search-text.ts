/**
 * The text a search matches: lower-cased and without accents (NFD, combining marks removed),
 * whitespace collapsed. Stored in every `search_text` column and applied to the user's query, so
 * 'colecistectomia' finds 'COLECISTECTOMIA VIDEOLAPAROSCÓPICA' on PGlite and PostgreSQL alike,
 * without the unaccent extension.
 */
export function normalizeSearchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
