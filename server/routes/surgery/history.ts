import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { readSurgeryHistory } from '../../services/surgeries/surgery-history';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead } from '../../plugins/audited-reads';

/** The answer to a path id that is not a positive integer. */
const HISTORY_BAD_ID = 'Identificador de cirurgia inválido.';

/**
 * GET /surgery/api/v1/surgery/{id}/history/ (issue 33 item 7; openapi getSurgeryHistory): the case's timeline, both
 * roles. A path id that is not a positive integer is 400 (nothing is read); a case that is not the user's, 404.
 * Recorded in the audit as a view of the case (`history`).
 */
export default async function historyRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const route = { onRequest: app.authenticate, config: { auditRead: caseRead('history') } };
  app.get<{ Params: { id: string } }>('/surgery/api/v1/surgery/:id/history/', route, async (request) => {
    const id = pathId(request.params.id);
    if (id === null) throw badRequest([HISTORY_BAD_ID]);
    return readSurgeryHistory(deps.db, signedInUser(request), id);
  });
}
