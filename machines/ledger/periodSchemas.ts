import { type } from 'arktype';
import { queryText } from '../lookups/schemas';
import { isValidIsoDate } from '../rules/dates';
import { addProblem, noProblems, type Problems } from '../validation/problems';
import { DASHBOARD_PERIODS, type DashboardPeriod } from './constants';
import { addYears } from './periodRange';

export { addYears, periodRange } from './periodRange';

/**
 * The dashboard's period (issue 14 item 4; DECISIONS §16; openapi getDashboard and exportDashboard): the query
 * `period`, `from`, `to` and the pure rule that turns a period into its days. One schema for the API (the route's
 * query) and the page's 'Personalizado' form (the De/Até dates): the same pt-BR messages.
 *
 * Every period is a run of whole calendar months in São Paulo, ending with the current month (`today` is São Paulo's
 * day, computed by the server from its clock): 'Este mês' is the whole month, first to last day, so the expected
 * amounts falling due later this month are in it too; 'Últimos 3 meses' is this month and the two before, 'Este ano'
 * January to December, 'Últimos 12 meses' this month and the eleven before. 'Personalizado' is `from`..`to` (both
 * required, `from` ≤ `to`, at most ten years). 'Todo o período' has no bounds. Days are inclusive.
 */

/** The longest custom range, in years (a practice's whole history fits; a typo of a century does not). */
const MAX_PERIOD_YEARS = 10;

export const PERIOD_MESSAGES = {
  invalidPeriod: 'Período inválido: use este mês, últimos 3 meses, este ano, últimos 12 meses, personalizado ou todo o período.',
  fromRequired: 'Informe a data inicial (De).',
  toRequired: 'Informe a data final (Até).',
  invalidFrom: 'Data inicial (De) inválida: use o formato aaaa-mm-dd.',
  invalidTo: 'Data final (Até) inválida: use o formato aaaa-mm-dd.',
  toBeforeFrom: 'A data final (Até) não pode ser anterior à data inicial (De).',
  tooLong: `O período personalizado pode ter no máximo ${MAX_PERIOD_YEARS} anos.`,
} as const;

const P = PERIOD_MESSAGES;

/** The checked query: `from`/`to` only with 'custom' (otherwise ignored, and null). */
export type DashboardQuery = { period: DashboardPeriod; from: string | null; to: string | null };

/** A date parameter: '' is absent (null); otherwise a real yyyy-MM-dd day, else `message`. */
function dateParam(message: string) {
  return queryText.pipe((raw, ctx) => (raw === '' ? null : isValidIsoDate(raw) ? raw : ctx.error({ message })));
}

/**
 * GET /surgery/api/v1/dashboard/ and …/dashboard/export.csv: `period` (absent or empty: 'all', so SPEC's homes read
 * the dashboard as before), and for 'custom' `from` and `to`. Other parameters are ignored.
 */
export const dashboardQuerySchema = type({
  'period?': queryText
    .pipe((raw) => raw || 'all')
    .to(type.enumerated(...DASHBOARD_PERIODS).configure({ message: P.invalidPeriod })),
  'from?': dateParam(P.invalidFrom),
  'to?': dateParam(P.invalidTo),
});

/**
 * What `dashboardQuerySchema` cannot say field by field: 'custom' needs both days, in order, ten years at most. Run
 * after the schema passed (the route answers these as its 400; the page's form shows each under its field).
 */
export function customRangeProblems(query: typeof dashboardQuerySchema.infer): Problems {
  const problems = noProblems();
  if (query.period !== 'custom') return problems;
  const from = query.from ?? null;
  const to = query.to ?? null;
  if (from === null) addProblem(problems, 'from', P.fromRequired);
  if (to === null) addProblem(problems, 'to', P.toRequired);
  if (from !== null && to !== null) {
    if (to < from) addProblem(problems, 'to', P.toBeforeFrom);
    else if (to >= addYears(from, MAX_PERIOD_YEARS)) addProblem(problems, 'to', P.tooLong);
  }
  return problems;
}

/** The checked query as the dashboard reads it: 'all' when absent; `from`/`to` only with 'custom' (else null). */
export function dashboardQueryOf(query: typeof dashboardQuerySchema.infer): DashboardQuery {
  const period = query.period ?? 'all';
  if (period !== 'custom') return { period, from: null, to: null };
  return { period, from: query.from ?? null, to: query.to ?? null };
}
