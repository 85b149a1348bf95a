import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createDashboardService } from '../../services/dashboard/dashboard-service';

/**
 * The dashboard of the doctor home and /all-data (SPEC §7; openapi getDashboard): both roles, bearer token
 * required; a medic sees her own cases, a secretary the sum over her linked medics. The figures are the
 * service's (services/dashboard).
 */
export default async function dashboardRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const dashboard = createDashboardService({ db: deps.db, now: deps.now });

  app.get('/surgery/api/v1/dashboard/', { preHandler: app.authenticate }, async (request) => dashboard.read(request.user!));
}
