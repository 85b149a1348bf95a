import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { opmeItemSchema } from '../../../machines/preoperative/opmeSchemas';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { createOpmeService, OPME_SERVICE_MESSAGES } from '../../services/preoperative/opme';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead } from '../../plugins/audited-reads';
import { surgeryPathId } from './surgery-path-id';

type CaseParams = { id: string };
type ItemParams = { id: string; itemId: string };
type ItemBody = typeof opmeItemSchema.infer;

/**
 * A case's OPME materials (DECISIONS §15; openapi listOpmeItems, createOpmeItem, updateOpmeItem, deleteOpmeItem;
 * services/preoperative/opme.ts). Both roles; a case outside the user's medics, or a path id that is no id, is 404
 * 'Não foi possível encontrar essa cirurgia'; an item of another case 'Item de OPME não encontrado.'. The body is
 * machines/preoperative/opmeSchemas.ts's (the page's form says the same messages). Every write answers the list as
 * it left it, with the case's new version.
 */
export default async function opmeRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const opme = createOpmeService({ db: deps.db, now: deps.now });
  const base = '/surgery/api/v1/surgery/:id/opme/';

  function itemId(request: FastifyRequest<{ Params: ItemParams }>): number {
    const id = pathId(request.params.itemId);
    if (id === null) throw notFound(OPME_SERVICE_MESSAGES.itemNotFound);
    return id;
  }

  app.get<{ Params: CaseParams }>(base, { onRequest: app.authenticate, config: { auditRead: caseRead('opme') } }, async (request) =>
    opme.list(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.post<{ Params: CaseParams; Body: ItemBody }>(
    base,
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.opmeItemSchema }) },
    async (request, reply) => {
      const list = await opme.create(signedInUser(request), surgeryPathId(request.params.id), (await loadSchemas()).opmeItemInputOf(request.body));
      return reply.code(201).send(list);
    },
  );

  app.put<{ Params: ItemParams; Body: ItemBody }>(
    `${base}:itemId/`,
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.opmeItemSchema }) },
    async (request) =>
      opme.replace(signedInUser(request), surgeryPathId(request.params.id), itemId(request), (await loadSchemas()).opmeItemInputOf(request.body)),
  );

  app.delete<{ Params: ItemParams }>(`${base}:itemId/`, { onRequest: app.authenticate }, async (request) =>
    opme.remove(signedInUser(request), surgeryPathId(request.params.id), itemId(request)),
  );
}
