import type { FastifyInstance } from 'fastify';
import type { dashboardQuerySchema } from '../../../machines/ledger/periodSchemas';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../http/csv';
import { loadSchemas } from '../../http/schemas';
import { throwIfProblems, validated } from '../../http/validation';
import { createDashboardService } from '../../services/dashboard/dashboard-service';
import { DASHBOARD_CSV_HEADER, dashboardCsvName, dashboardCsvRows } from '../../services/dashboard/dashboard-csv';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { signedInUser } from '../../plugins/authenticate';

/**
 * The dashboard of the doctor home and /all-data (SPEC §7; openapi getDashboard, exportDashboard): both roles,
 * bearer token required; a medic sees her own cases, a secretary the sum over her linked medics. The query's period
 * (machines/ledger/periodSchemas.ts; none: all time, as SPEC's homes read it) is checked first: a bad one is a pt-BR
 * 400. The figures are the service's (services/dashboard); the CSV is the same read, every table of the page.
 */
export default async function dashboardRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const dashboard = createDashboardService({ db: deps.db, now: deps.now });
  type Query = typeof dashboardQuerySchema.infer;
  /** The query's period, its range checked too (a pt-BR 400 otherwise). */
  const periodOf = async (query: Query) => {
    const { customRangeProblems, dashboardQueryOf } = await loadSchemas();
    throwIfProblems(customRangeProblems(query));
    return dashboardQueryOf(query);
  };
  const options = { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.dashboardQuerySchema }) };

  app.get<{ Querystring: Query }>('/surgery/api/v1/dashboard/', options, async (request) =>
    dashboard.read(signedInUser(request), await periodOf(request.query)),
  );

  app.get<{ Querystring: Query }>('/surgery/api/v1/dashboard/export.csv', options, async (request, reply) => {
    const body = await dashboard.read(signedInUser(request), await periodOf(request.query));
    const rows = dashboardCsvRows(body);
    async function* lines() {
      yield* rows;
    }
    return sendCsv(reply, dashboardCsvName(body.period.key, saoPauloDay(deps.now())), DASHBOARD_CSV_HEADER, lines());
  });
}
