import type { FastifyInstance } from 'fastify';
import { HOSPITAL_MESSAGES } from '../../../machines/lookups/hospitalMessages';
import type { CreateHospitalInput } from '../../../machines/lookups/hospitalSchemas';
import type { hospitalQuerySchema, lookupQuerySchema, procedureQuerySchema } from '../../../machines/lookups/schemas';
import type { AppDeps } from '../../deps';
import { validated } from '../../http/validation';
import { badRequest } from '../../http/errors';
import { signedInUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../../services/access/scope';
import { createHospitalService } from '../../services/lookups/hospital-service';
import { createLookupService } from '../../services/lookups/lookup-service';


type LookupQuery = { Querystring: typeof lookupQuerySchema.infer };
type ProcedureQuery = { Querystring: typeof procedureQuerySchema.infer };

/**
 * The shared lookups of SPEC §7 (health plans, hospitals, procedures, CID): both roles, bearer token
 * required, optional `search` (case- and accent-insensitive), at most 50 rows each. The hospitals also hold the
 * ones the user's medics' offices added, and POST adds one (issue 33 item 1).
 */
export default async function lookupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const lookups = createLookupService(deps);
  const hospitalService = createHospitalService(deps);
  const searched = { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.lookupQuerySchema }) };

  app.get<LookupQuery>('/surgery/api/v1/healthplan/', searched, async (request) => ({
    results: await lookups.healthPlans(request.query.search ?? ''),
  }));

  app.get<{ Querystring: typeof hospitalQuerySchema.infer }>(
    '/surgery/api/v1/hospital/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.hospitalQuerySchema }) },
    async (request) => {
      const medicIds = await visibleMedicIds(deps.db, signedInUser(request));
      const { medic, search } = request.query;
      if (medic !== undefined && medic !== null && !medicIds.includes(medic)) {
        throw badRequest([HOSPITAL_MESSAGES.medicUnknown], { medic: [HOSPITAL_MESSAGES.medicUnknown] });
      }
      return { results: await lookups.hospitals(search ?? '', medic ? [medic] : medicIds) };
    },
  );

  app.post<{ Body: CreateHospitalInput }>(
    '/surgery/api/v1/hospital/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.createHospitalSchema }) },
    async (request, reply) => reply.code(201).send(await hospitalService.create(signedInUser(request), request.body)),
  );

  app.get<ProcedureQuery>(
    '/surgery/api/v1/procedure/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.procedureQuerySchema }) },
    async (request) => ({ results: await lookups.procedures(request.query.search ?? '', request.query.table ?? null) }),
  );

  app.get<LookupQuery>('/surgery/api/v1/cid/', searched, async (request) => ({
    results: await lookups.cids(request.query.search ?? ''),
  }));
}
