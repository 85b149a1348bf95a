import type { FastifyInstance } from 'fastify';
import { lookupQuerySchema, procedureQuerySchema } from '../../../machines/lookups/schemas';
import type { AppDeps } from '../../deps';
import { validated } from '../../http/validation';
import { createLookupService } from '../../services/lookups/lookup-service';

type LookupQuery = { Querystring: typeof lookupQuerySchema.infer };
type ProcedureQuery = { Querystring: typeof procedureQuerySchema.infer };

/**
 * The shared lookups of SPEC §7 (health plans, hospitals, procedures, CID): both roles, bearer token
 * required, optional `search` (case- and accent-insensitive), at most 50 rows each.
 */
export default async function lookupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const lookups = createLookupService(deps);
  const searched = { preHandler: [app.authenticate, validated({ query: lookupQuerySchema })] };

  app.get<LookupQuery>('/surgery/api/v1/healthplan/', searched, async (request) => ({
    results: await lookups.healthPlans(request.query.search ?? ''),
  }));

  app.get<LookupQuery>('/surgery/api/v1/hospital/', searched, async (request) => ({
    results: await lookups.hospitals(request.query.search ?? ''),
  }));

  app.get<ProcedureQuery>(
    '/surgery/api/v1/procedure/',
    { preHandler: [app.authenticate, validated({ query: procedureQuerySchema })] },
    async (request) => ({ results: await lookups.procedures(request.query.search ?? '', request.query.table ?? null) }),
  );

  app.get<LookupQuery>('/surgery/api/v1/cid/', searched, async (request) => ({
    results: await lookups.cids(request.query.search ?? ''),
  }));
}
