import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createLookupService, readProcedureTable } from '../../services/lookups/lookup-service';
import { readSearchParam } from '../../services/lookups/search-filter';

type LookupQuery = { Querystring: Record<string, unknown> };

/**
 * The shared lookups of SPEC §7 (health plans, hospitals, procedures, CID): both roles, bearer token
 * required, optional `search` (case- and accent-insensitive), at most 50 rows each.
 */
export default async function lookupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const lookups = createLookupService(deps);
  const auth = { preHandler: app.authenticate };

  app.get<LookupQuery>('/surgery/api/v1/healthplan/', auth, async (request) => ({
    results: await lookups.healthPlans(readSearchParam(request.query.search)),
  }));

  app.get<LookupQuery>('/surgery/api/v1/hospital/', auth, async (request) => ({
    results: await lookups.hospitals(readSearchParam(request.query.search)),
  }));

  app.get<LookupQuery>('/surgery/api/v1/procedure/', auth, async (request) => {
    const search = readSearchParam(request.query.search);
    const table = readProcedureTable(request.query.table);
    return { results: await lookups.procedures(search, table) };
  });

  app.get<LookupQuery>('/surgery/api/v1/cid/', auth, async (request) => ({
    results: await lookups.cids(readSearchParam(request.query.search)),
  }));
}
