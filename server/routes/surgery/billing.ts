import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BillingProfileInput, SurgeryTeamInput, UsualTeamInput } from '../../../machines/billing/billingSchemas';
import type { lookupQuerySchema } from '../../../machines/lookups/schemas';
import type { stageTargetsQuerySchema } from '../../../machines/preoperative/clockSchemas';
import type { AppDeps } from '../../deps';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { signedInUser } from '../../plugins/authenticate';
import { namedMedicOf } from '../../services/access/acting-medic';
import { createBillingProfileService } from '../../services/billing/billing-profile';
import { createGlosaReasonService } from '../../services/billing/glosa-reasons';
import { createTeamService } from '../../services/billing/team';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { surgeryPathId } from './surgery-path-id';

type MedicQuery = { Querystring: typeof stageTargetsQuerySchema.infer };

/**
 * What billing a health plan in TISS needs (issue 37; docs/TISS.md; openapi getBillingProfile, updateBillingProfile,
 * getUsualTeam, updateUsualTeam, getSurgeryTeam, updateSurgeryTeam, listGlosaReasons). Thin: bodies are
 * machines/billing/billingSchemas.ts's; whose medic (`?medic=`, a secretary's) and whose case come before the body,
 * so another tenant's medic or case is 404 whatever was sent.
 */
export default async function billingRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const profiles = createBillingProfileService(deps);
  const teams = createTeamService(deps);
  const reasons = createGlosaReasonService(deps);
  const medicQuery = { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.stageTargetsQuerySchema }) };
  const medicOf = (request: FastifyRequest<MedicQuery>) => namedMedicOf(deps.db, signedInUser(request), request.query.medic);

  app.get<MedicQuery>('/project_auth/api/v1/billing_profile/', medicQuery, async (request) => profiles.get(await medicOf(request)));

  app.put<MedicQuery>('/project_auth/api/v1/billing_profile/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    const { parse, billingProfileSchema } = await loadSchemas();
    return profiles.put(medic, signedInUser(request).id, parse(billingProfileSchema, request.body) as BillingProfileInput);
  });

  app.get<MedicQuery>('/project_auth/api/v1/usual_team/', medicQuery, async (request) => teams.getUsual(await medicOf(request)));

  app.put<MedicQuery>('/project_auth/api/v1/usual_team/', medicQuery, async (request) => {
    const medic = await medicOf(request);
    const { parse, usualTeamSchema } = await loadSchemas();
    return teams.putUsual(medic, parse(usualTeamSchema, request.body) as UsualTeamInput);
  });

  app.get<{ Params: { id: string } }>('/surgery/api/v1/surgery/:id/team/', { onRequest: app.authenticate }, async (request) =>
    teams.getForCase(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.put<{ Params: { id: string } }>('/surgery/api/v1/surgery/:id/team/', { onRequest: app.authenticate }, async (request) => {
    const id = surgeryPathId(request.params.id);
    await teams.assertVisible(signedInUser(request), id);
    const { parse, buildSurgeryTeamSchema } = await loadSchemas();
    return teams.putForCase(signedInUser(request), id, parse(buildSurgeryTeamSchema(saoPauloDay(deps.now())), request.body) as SurgeryTeamInput);
  });

  app.get<{ Querystring: typeof lookupQuerySchema.infer }>(
    '/surgery/api/v1/glosa_reasons/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.lookupQuerySchema }) },
    async (request) => ({ results: await reasons.search(request.query.search ?? '') }),
  );
}
