import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTHORIZATION_PAYERS, type AuthorizationPayer } from '../../../machines/preoperative/constants';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { loadSchemas } from '../../http/schemas';
import { createLinkSigner } from '../../services/files/signed-links';
import { AUTHORIZATION_NOT_FOUND, createAuthorizationService } from '../../services/preoperative/authorizations';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { toSurgeryResponse } from '../../services/surgeries/surgery-response';
import { SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead, pageRead } from '../../plugins/audited-reads';
import { surgeryPathId } from './surgery-path-id';

type CaseRequest = FastifyRequest<{ Params: { id: string; payer?: string } }>;

/**
 * A case's authorization records and the homes' authorization alerts (issue 13; DECISIONS §15; openapi
 * listAuthorizations, updateAuthorization, listAuthorizationAlerts; services/preoperative/authorizations.ts). Both
 * roles; a case outside the user's medics, or a path id that is no id, is 404 'Não foi possível encontrar essa
 * cirurgia'; an unknown payer 404 'Autorização não encontrada.'.
 */
export default async function authorizationRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const signer = createLinkSigner(deps);
  const authorizations = createAuthorizationService({ db: deps.db, now: deps.now });

  function payerOf(request: CaseRequest): AuthorizationPayer {
    const payer = AUTHORIZATION_PAYERS.find((known) => known === request.params.payer);
    if (!payer) throw notFound(AUTHORIZATION_NOT_FOUND);
    return payer;
  }

  app.get<{ Params: { id: string } }>(
    '/surgery/api/v1/surgery/:id/authorizations/',
    { onRequest: app.authenticate, config: { auditRead: caseRead('authorization') } },
    async (request) => {
      const results = await authorizations.list(signedInUser(request), surgeryPathId(request.params.id));
      if (!results) throw notFound(SURGERY_NOT_FOUND);
      return { results };
    },
  );

  app.put<{ Params: { id: string; payer: string } }>(
    '/surgery/api/v1/surgery/:id/authorizations/:payer/',
    { onRequest: app.authenticate },
    async (request) => {
      const id = surgeryPathId(request.params.id);
      const payer = payerOf(request);
      const today = saoPauloDay(deps.now());
      const { parse, authorizationSchema } = await loadSchemas();
      const input = parse(authorizationSchema(today), request.body);
      const { authorization, row } = await authorizations.save(signedInUser(request), id, payer, input);
      return { authorization, surgery: await toSurgeryResponse(row, signer, today) };
    },
  );

  const alertsRoute = { onRequest: app.authenticate, config: { auditRead: pageRead('surgery', 'surgery_id', 'authorization_alerts') } };
  app.get('/surgery/api/v1/authorization_alerts/', alertsRoute, async (request) => {
    const results = await authorizations.alerts(signedInUser(request), saoPauloDay(deps.now()));
    return { results };
  });
}
