import type { FastifyInstance } from 'fastify';
import type { StageTargets, stageTargetsQuerySchema, surgeryHolderSchema } from '../../../machines/preoperative/clockSchemas';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { validated } from '../../http/validation';
import { createLinkSigner } from '../../services/files/signed-links';
import { createClockService } from '../../services/surgeries/holder-service';
import { createHandoverService, HANDOVER_NOT_FOUND } from '../../services/surgeries/handover-service';
import { toSurgeryResponse } from '../../services/surgeries/surgery-response';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead, pageRead } from '../../plugins/audited-reads';
import { surgeryPathId } from './surgery-path-id';

/**
 * The clocks and holders (issue 13 item 4; DECISIONS §15 "Clocks and holders"; openapi getStageTargets,
 * updateStageTargets, listSurgeryHolders, updateSurgeryHolder). Thin: the rules live in services/surgeries/clocks.ts
 * and holder-service.ts.
 *
 * - GET /project_auth/api/v1/stage_targets/: the medic's seven targets (defaults where never changed); a secretary
 *   names one of her medics with `medic` (absent: 400; not hers: 404).
 * - PUT /project_auth/api/v1/stage_targets/: the medic saves all seven (a secretary: 403, as the settings).
 * - GET /surgery/api/v1/surgery/{id}/holders/: who may hold the case (its medic, then his linked secretaries).
 * - PUT /surgery/api/v1/surgery/{id}/holder/ `{ holder }`: reassigns the case; answers the Surgery.
 * - GET /surgery/api/v1/handovers/: the cases handed to the user that he has not dismissed and still holds ('Casos
 *   passados para você' on the home; issue 33 item 13).
 * - POST /surgery/api/v1/handovers/{id}/dismiss/: the user dismisses one of his (another's or a missing one: 404).
 */
export default async function clockRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const signer = createLinkSigner(deps);
  const clocks = createClockService({ db: deps.db, now: deps.now });
  const handovers = createHandoverService({ db: deps.db, now: deps.now });

  app.get<{ Querystring: typeof stageTargetsQuerySchema.infer }>(
    '/project_auth/api/v1/stage_targets/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) },
    async (request) => clocks.getTargets(signedInUser(request), request.query.medic),
  );

  app.put<{ Body: StageTargets }>(
    '/project_auth/api/v1/stage_targets/',
    { onRequest: app.requireRole('medic'), preValidation: validated({ body: (s) => s.stageTargetsSchema }) },
    async (request) => clocks.putTargets(signedInUser(request).id, request.body),
  );

  const holdersRoute = { onRequest: app.authenticate, config: { auditRead: caseRead('holder') } };
  app.get<{ Params: { id: string } }>('/surgery/api/v1/surgery/:id/holders/', holdersRoute, async (request) => {
    const results = await clocks.holderOptions(signedInUser(request), surgeryPathId(request.params.id));
    return { results };
  });

  app.put<{ Params: { id: string }; Body: typeof surgeryHolderSchema.infer }>(
    '/surgery/api/v1/surgery/:id/holder/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.surgeryHolderSchema }) },
    async (request) => {
      const row = await clocks.setHolder(signedInUser(request), surgeryPathId(request.params.id), request.body.holder);
      // The row is read in the transaction; the links are signed after it (the signer may query the database).
      return toSurgeryResponse(row, signer, saoPauloDay(deps.now()));
    },
  );

  app.get('/surgery/api/v1/handovers/', { onRequest: app.authenticate, config: { auditRead: pageRead('surgery', 'surgery_id', 'handovers') } }, async (request) => {
    const results = await handovers.list(signedInUser(request));
    return { results };
  });

  app.post<{ Params: { id: string } }>('/surgery/api/v1/handovers/:id/dismiss/', { onRequest: app.authenticate }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) throw notFound(HANDOVER_NOT_FOUND);
    await handovers.dismiss(signedInUser(request), id);
    return reply.code(204).send();
  });
}
