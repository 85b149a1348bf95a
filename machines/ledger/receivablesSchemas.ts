import { type } from 'arktype';
import { queryText, searchParam } from '../lookups/schemas';
import { isValidIsoDate } from '../rules/dates';
import { int4OfText, pageOfText } from '../validation/queryValues';
import { AGING_BUCKETS, RECEIVABLES_PAYER_MAX_LENGTH as PAYER_MAX_LENGTH, type AgingBucket } from './constants';
import { RECEIVABLES_MESSAGES } from './receivablesMessages';

export { RECEIVABLES_PAGE_SIZE } from './receivablesMessages';

/**
 * 'A receber' (issue 14 item 3; DECISIONS §16; openapi listReceivables, exportReceivables): the query of the list and
 * of its CSV export, checked by the server and by the screen's filters (routes/receivables validateSearch), with the
 * same pt-BR messages. Every parameter is optional; other parameters are ignored.
 *
 * - `payer`: the payer's name as the list shows it (a plan's fantasy name, a payment source's label, 'Não informado').
 * - `bucket`: one aging bucket (d0_30, d31_60, d61_90, d90_plus).
 * - `appeals=1`: only cases with a glosa whose appeal deadline is within APPEAL_WARNING_DAYS of `as_of` (or passed).
 * - `medic`: one of the secretary's medics (a medic may name himself).
 * - `reason`: a TISS glosa reason code (four digits): only cases with a glosa of that reason (issue 37).
 * - `q`: the patient's name (every word) or CPF digits.
 * - `as_of`: the aging's reference day ('Posição em'), yyyy-MM-dd; absent: today in São Paulo.
 * - `page`: 1-based page of RECEIVABLES_PAGE_SIZE rows (the export has no page: every row).
 */

const M = RECEIVABLES_MESSAGES;

export const receivablesQuerySchema = type({
  'payer?': queryText.pipe((raw, ctx) => (raw.length > PAYER_MAX_LENGTH ? ctx.error({ message: M.payerTooLong }) : raw || null)),
  'bucket?': queryText
    .pipe((raw) => raw || null)
    .to(type.enumerated(...AGING_BUCKETS, null).configure({ message: M.invalidBucket })),
  'appeals?': queryText
    .pipe((raw) => raw || null)
    .to(type.enumerated('1', 'true', '0', 'false', null).configure({ message: M.invalidAppeals }))
    .pipe((raw) => raw === '1' || raw === 'true'),
  'medic?': queryText.pipe((raw, ctx) => (raw === '' ? null : (int4OfText(raw) ?? ctx.error({ message: M.invalidMedic })))),
  'reason?': queryText.pipe((raw, ctx) => (raw === '' ? null : /^\d{4}$/.test(raw) ? raw : ctx.error({ message: M.invalidReason }))),
  'q?': searchParam,
  'as_of?': queryText.pipe((raw, ctx) => (raw === '' ? null : isValidIsoDate(raw) ? raw : ctx.error({ message: M.invalidAsOf }))),
  'page?': queryText.pipe((raw, ctx) => pageOfText(raw) ?? ctx.error({ message: M.invalidPage })),
});

export type ReceivablesQuery = typeof receivablesQuerySchema.infer;

/** The CSV export (openapi exportReceivables): the list's filters, without the page (every row). */
export const receivablesExportQuerySchema = receivablesQuerySchema.omit('page');

/** The filters as the server reads them (defaults applied; `asOf` null = today). */
export type ReceivablesFilters = {
  payer: string | null;
  bucket: AgingBucket | null;
  appeals: boolean;
  medic: number | null;
  reason: string | null;
  q: string;
  asOf: string | null;
  page: number;
};

export function receivablesFiltersOf(query: ReceivablesQuery): ReceivablesFilters {
  return {
    payer: query.payer ?? null,
    bucket: query.bucket ?? null,
    appeals: query.appeals ?? false,
    medic: query.medic ?? null,
    reason: query.reason ?? null,
    q: query.q ?? '',
    asOf: query.as_of ?? null,
    page: query.page ?? 1,
  };
}
