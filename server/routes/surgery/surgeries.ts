import type { FastifyInstance } from 'fastify';
import { createSurgerySchema, type CreateSurgeryInput } from '../../../machines/surgeryCase/schemas';
import { scheduleDaysQuerySchema, surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import type { AppDeps } from '../../deps';
import { validated } from '../../http/validation';
import { forbidden, notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { FILE_EXTENSIONS, type SniffedType } from '../../services/files/file-type';
import { surgeries } from '../../db/schema/index';
import { visibleSurgery } from '../../services/access/scope';
import { createLinkSigner, INVALID_LINK_MESSAGE, secondsLeft, type LinkQuery } from '../../services/files/signed-links';
import { isDocumentKind } from '../../services/surgeries/surgery-files';
import { createSurgeryService, SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';

const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

/**
 * Surgery cases: create, list, read (SPEC §7; openapi createSurgery, listSurgeries, getSurgery), the
 * calendar's month (listScheduleDays), and the signed-link download of an uploaded document
 * (getSurgeryDocument). Thin: the rules live in services/surgeries. Both roles; the service limits everything to the user's medics.
 */
export default async function surgeryRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const signer = createLinkSigner(deps);
  const cases = createSurgeryService({ db: deps.db, storage: deps.storage, signer, now: deps.now });

  app.post<{ Body: CreateSurgeryInput }>(
    '/surgery/api/v1/create_surgery/',
    { preHandler: [app.authenticate, validated({ body: createSurgerySchema })] },
    async (request, reply) => {
      const created = await cases.create(request.user!, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get<{ Querystring: typeof surgeryListQuerySchema.infer }>(
    '/surgery/api/v1/surgery/',
    { preHandler: [app.authenticate, validated({ query: surgeryListQuerySchema })] },
    async (request) => {
      const page = await cases.list(request.user!, request.query);
      app.audit.read(request.user!, { action: 'list', entity: 'surgery', of: 'surgeries', ids: page.results.map((surgery) => surgery.id) });
      return page;
    },
  );

  app.get<{ Querystring: typeof scheduleDaysQuerySchema.infer }>(
    '/surgery/api/v1/schedule_days/',
    { preHandler: [app.authenticate, validated({ query: scheduleDaysQuerySchema })] },
    async (request) => cases.scheduleDays(request.user!, request.query),
  );

  app.get<{ Params: { id: string } }>('/surgery/api/v1/surgery/:id/', { preHandler: app.authenticate }, async (request) => {
    const id = pathId(request.params.id);
    const surgery = id === null ? null : await cases.get(request.user!, id);
    if (!surgery) throw notFound(SURGERY_NOT_FOUND);
    app.audit.read(request.user!, { action: 'view', entity: 'surgery', of: 'surgeries', ids: [surgery.id] });
    return surgery;
  });

  app.get<{ Params: { id: string; kind: string }; Querystring: LinkQuery }>(
    '/surgery/api/v1/surgery/:id/documents/:kind/',
    async (request, reply) => {
      const { id: rawId, kind: rawKind } = request.params;
      const { expires } = request.query;
      // The link is the authorization: checked on the exact path it was issued for, with its sign-in still
      // live, before anything else; then its viewer must still see the case (a removed secretary does not).
      const path = `/surgery/api/v1/surgery/${rawId}/documents/${rawKind}/`;
      const viewer = await signer.verify(path, request.query);
      if (!viewer) throw forbidden(INVALID_LINK_MESSAGE);
      const id = pathId(rawId);
      const kind = isDocumentKind(rawKind) ? rawKind : null;
      if (id === null || kind === null) throw notFound(DOCUMENT_NOT_FOUND);
      const file = await cases.readDocument(id, kind);
      if (!file) throw notFound(DOCUMENT_NOT_FOUND);
      const visible = await visibleSurgery(deps.db, viewer, id);
      const [seen] = visible ? await deps.db.select({ id: surgeries.id }).from(surgeries).where(visible) : [];
      if (!seen) throw forbidden(INVALID_LINK_MESSAGE);
      app.audit.read({ id: viewer.id, address: request.ip }, { action: 'download', entity: 'document', of: 'surgeries', ids: [id], detail: kind });
      const extension = FILE_EXTENSIONS[file.contentType as SniffedType] ?? 'bin';
      return reply
        .header('cache-control', `private, max-age=${secondsLeft(String(expires), deps.now())}`)
        .header('content-disposition', `inline; filename="${kind}.${extension}"`)
        .type(file.contentType)
        .send(file.data);
    },
  );
}
