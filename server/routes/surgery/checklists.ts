import type { FastifyInstance } from 'fastify';
import type { ChecklistMarkInput, DocumentRequirementsInput } from '../../../machines/preoperative/checklistSchemas';
import type { AppDeps } from '../../deps';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { signedInUser } from '../../plugins/authenticate';
import { caseRead } from '../../plugins/audited-reads';
import { createChecklistService } from '../../services/preoperative/checklists';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { checklistOwnerOf } from './checklist-owner';
import { surgeryPathId } from './surgery-path-id';

type RequirementsQuery = { medic: number | null };
type ScopeRoute = { Params: { scope: string; id: string }; Querystring: RequirementsQuery };
type IdRoute = { Params: { id: string } };

/**
 * The document checklists (issue 13 item 2; DECISIONS §15; openapi tag checklists). Both roles, bearer token.
 *
 * - GET document_requirements/?medic= — every hospital and plan the medic configured, with their documents.
 * - GET / PUT document_requirements/{hospital|plano}/{id}/?medic= — one list; PUT replaces it with
 *   `{ kinds, extras }`. An unknown scope, hospital or plan is 404 (the path names nothing); `medic` naming no medic
 *   of the user is 400 on `medic` (a secretary with several medics must name one).
 * - GET surgery/{id}/checklist/ — the case's checklist; PUT `{ name, received }` marks a named extra.
 * - GET / POST surgery/{id}/dispatches/ — the sendings, newest first; POST records one (201).
 * A case outside the user's medics is 404 'Não foi possível encontrar essa cirurgia'; a 400 writes nothing.
 */
export default async function checklistRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const service = createChecklistService({ db: deps.db, now: deps.now });
  const query = validated({ query: (s) => s.requirementsQuerySchema });

  app.get<{ Querystring: RequirementsQuery }>(
    '/surgery/api/v1/document_requirements/',
    { onRequest: app.authenticate, preValidation: query },
    async (request) => service.overview(signedInUser(request), request.query.medic),
  );

  app.get<ScopeRoute>('/surgery/api/v1/document_requirements/:scope/:id/', { onRequest: app.authenticate, preValidation: query }, async (request) => {
    const { scope, id } = checklistOwnerOf(request.params);
    return service.get(signedInUser(request), request.query.medic, scope, id);
  });

  app.put<ScopeRoute & { Body: DocumentRequirementsInput }>(
    '/surgery/api/v1/document_requirements/:scope/:id/',
    { onRequest: app.authenticate, preValidation: [query, validated({ body: (s) => s.documentRequirementsSchema })] },
    async (request) => {
      const { scope, id } = checklistOwnerOf(request.params);
      return service.put(signedInUser(request), request.query.medic, scope, id, request.body);
    },
  );

  app.get<IdRoute>('/surgery/api/v1/surgery/:id/checklist/', { onRequest: app.authenticate, config: { auditRead: caseRead('checklist') } }, async (request) =>
    service.checklist(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.put<IdRoute & { Body: ChecklistMarkInput }>(
    '/surgery/api/v1/surgery/:id/checklist/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.checklistMarkSchema }) },
    async (request) => service.mark(signedInUser(request), surgeryPathId(request.params.id), request.body),
  );

  app.get<IdRoute>('/surgery/api/v1/surgery/:id/dispatches/', { onRequest: app.authenticate, config: { auditRead: caseRead('dispatch') } }, async (request) =>
    service.dispatches(signedInUser(request), surgeryPathId(request.params.id)),
  );

  app.post<IdRoute>('/surgery/api/v1/surgery/:id/dispatches/', { onRequest: app.authenticate }, async (request, reply) => {
    const id = surgeryPathId(request.params.id);
    const { parse, dispatchSchema } = await loadSchemas();
    const input = parse(dispatchSchema(saoPauloDay(deps.now())), request.body);
    const created = await service.dispatch(signedInUser(request), id, input);
    return reply.code(201).send(created);
  });
}
