/**
 * The URL search of /receivables (routes/receivables validateSearch): the list's filters and page, read with the
 * server's own query schema (machines/ledger/receivablesSchemas.ts), so the screen and the API accept the same values.
 * A value the schema refuses is dropped (the page's default applies); defaults are not written, so an untouched list
 * keeps a clean URL.
 */
import type { AgingBucket } from '../../../machines/ledger/constants';
import { receivablesQuerySchema } from '../../../machines/ledger/receivablesSchemas';
import { check } from '../../../machines/validation/problems';
import type { ReceivablesQuery } from '../../api/receivables';

export type ReceivablesSearch = {
  payer?: string;
  bucket?: AgingBucket;
  appeals?: 1;
  medic?: number;
  q?: string;
  as_of?: string;
  page?: number;
};

const KEYS = ['payer', 'bucket', 'appeals', 'medic', 'q', 'as_of', 'page'] as const;

export function validateReceivablesSearch(search: Record<string, unknown>): ReceivablesSearch {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = search[key];
    if (typeof value === 'string') raw[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) raw[key] = String(value);
    else if (value === true) raw[key] = 'true';
  }
  let result = check(receivablesQuerySchema, raw);
  if (!result.ok) {
    for (const field of Object.keys(result.problems.fields)) delete raw[field];
    result = check(receivablesQuerySchema, raw);
  }
  if (!result.ok) return {};
  const value = result.value;
  const out: ReceivablesSearch = {};
  if (value.payer) out.payer = value.payer;
  if (value.bucket) out.bucket = value.bucket;
  if (value.appeals) out.appeals = 1;
  if (value.medic) out.medic = value.medic;
  if (value.q) out.q = value.q;
  if (value.as_of) out.as_of = value.as_of;
  if (value.page && value.page > 1) out.page = value.page;
  return out;
}

/** The API query of a URL search. */
export function queryOf(search: ReceivablesSearch): ReceivablesQuery {
  return {
    ...(search.payer ? { payer: search.payer } : {}),
    ...(search.bucket ? { bucket: search.bucket } : {}),
    ...(search.appeals ? { appeals: true } : {}),
    ...(search.medic ? { medic: search.medic } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...(search.as_of ? { as_of: search.as_of } : {}),
    ...(search.page && search.page > 1 ? { page: search.page } : {}),
  };
}
