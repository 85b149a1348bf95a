/**
 * The URL search of /receivables (routes/receivables validateSearch): the list's filters and page, read with the
 * server's own rules (machines/ledger/receivablesSchemas.ts) written without arktype, so the page shows its list
 * without loading it (issue 41); tests/unit compares both on the same values. A value the rules refuse is dropped (the
 * page's default applies); defaults are not written, so an untouched list keeps a clean URL.
 */
import { AGING_BUCKETS, RECEIVABLES_PAYER_MAX_LENGTH, type AgingBucket } from '../../../machines/ledger/constants';
import { isValidIsoDate } from '../../../machines/rules/dates';
import { int4OfText, pageOfText, SEARCH_MAX_LENGTH } from '../../../machines/validation/queryValues';
import type { ReceivablesQuery } from '../../api/receivables';

export type ReceivablesSearch = {
  payer?: string;
  bucket?: AgingBucket;
  appeals?: 1;
  medic?: number;
  /** A TISS glosa reason code (issue 37). */
  reason?: string;
  q?: string;
  as_of?: string;
  page?: number;
};

const KEYS = ['payer', 'bucket', 'appeals', 'medic', 'reason', 'q', 'as_of', 'page'] as const;

/** The URL's value of a key as the query's text (the router parses numbers and booleans), or undefined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === true) return 'true';
  return undefined;
}

export function validateReceivablesSearch(search: Record<string, unknown>): ReceivablesSearch {
  const raw: Partial<Record<(typeof KEYS)[number], string>> = {};
  for (const key of KEYS) raw[key] = textOf(search[key]);
  const out: ReceivablesSearch = {};
  if (raw.payer && raw.payer.length <= RECEIVABLES_PAYER_MAX_LENGTH) out.payer = raw.payer;
  const bucket = AGING_BUCKETS.find((value) => value === raw.bucket);
  if (bucket) out.bucket = bucket;
  if (raw.appeals === '1' || raw.appeals === 'true') out.appeals = 1;
  const medic = raw.medic ? int4OfText(raw.medic) : null;
  if (medic) out.medic = medic;
  if (raw.reason && /^\d{4}$/.test(raw.reason)) out.reason = raw.reason;
  if (raw.q && raw.q.length <= SEARCH_MAX_LENGTH) out.q = raw.q;
  if (raw.as_of && isValidIsoDate(raw.as_of)) out.as_of = raw.as_of;
  const page = raw.page === undefined ? null : pageOfText(raw.page);
  if (page && page > 1) out.page = page;
  return out;
}

/** The API query of a URL search. */
export function queryOf(search: ReceivablesSearch): ReceivablesQuery {
  return {
    ...(search.payer ? { payer: search.payer } : {}),
    ...(search.bucket ? { bucket: search.bucket } : {}),
    ...(search.appeals ? { appeals: true } : {}),
    ...(search.medic ? { medic: search.medic } : {}),
    ...(search.reason ? { reason: search.reason } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...(search.as_of ? { as_of: search.as_of } : {}),
    ...(search.page && search.page > 1 ? { page: search.page } : {}),
  };
}
