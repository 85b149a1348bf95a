/**
 * The checks of /all-data's custom period (lib/dashboard/period.ts says what it is): the API's own schema
 * (machines/ledger/periodSchemas.ts), so they load arktype; loaded through `loadPeriodCheck` (period.ts) only.
 */
import { customRangeProblems, dashboardQuerySchema } from '../../../machines/ledger/periodSchemas';
import { check, type Problems } from '../../../machines/validation/problems';
import { presetSearch, type DashboardSearch } from './period';

/** The page's check of the route's search: a known period ('all' is the absent one), and a valid custom range or nothing. */
export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const preset = presetSearch(search);
  if (preset) return preset;
  const checked = checkCustomRange(search.from, search.to);
  return checked.ok ? checked.search : {};
}

/** The checked custom range from the form's two dates, or the problems (the API's own messages). */
export function checkCustomRange(from: unknown, to: unknown): { ok: true; search: DashboardSearch } | { ok: false; problems: Problems } {
  const result = check(dashboardQuerySchema, { period: 'custom', from: from ?? '', to: to ?? '' });
  if (!result.ok) return { ok: false, problems: result.problems };
  const problems = customRangeProblems(result.value);
  if (problems.error.length > 0) return { ok: false, problems };
  return { ok: true, search: { period: 'custom', from: result.value.from!, to: result.value.to! } };
}

