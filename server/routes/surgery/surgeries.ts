import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateSurgeryInput } from '../../../machines/surgeryCase/schemas';
import type { scheduleDaysQuerySchema, surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import type { AppDeps } from '../../deps';
import { validated } from '../../http/validation';
import { forbidden, notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { FILE_EXTENSIONS, type SniffedType } from '../../services/files/file-type';
import type { StoredFile } from '../../services/storage/file-storage';
import { surgeries } from '../../db/schema/index';
import { visibleSurgery } from '../../services/access/scope';
import { createLinkSigner, INVALID_LINK_MESSAGE, secondsLeft, type LinkQuery } from '../../services/files/signed-links';
import { isDocumentKind } from '../../services/surgeries/surgery-files';
import { createSurgeryService, SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';
import type { SurgeryResponse } from '../../services/surgeries/surgery-response';
import { bearerToken, signedInUser } from '../../plugins/authenticate';
import { caseRead, pageRead } from '../../plugins/audited-reads';

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
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.createSurgerySchema }) },
    async (request, reply) => {
      const created = await cases.create(signedInUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get<{ Querystring: typeof surgeryListQuerySchema.infer }>(
    '/surgery/api/v1/surgery/',
    {
      onRequest: app.authenticate,
      preValidation: validated({ query: (s) => s.surgeryListQuerySchema }),
      config: { auditRead: pageRead('surgery', 'id') },
    },
    async (request) => cases.list(signedInUser(request), request.query),
  );

  app.get<{ Querystring: typeof scheduleDaysQuerySchema.infer }>(
    '/surgery/api/v1/schedule_days/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.scheduleDaysQuerySchema }) },
    async (request) => cases.scheduleDays(signedInUser(request), request.query),
  );

  /**
   * GET by id reads the case and checks the bearer token in one statement (issue 41), in the route's onRequest, so a
   * refused token is 401 before anything else is looked at, as on every other route; only a miss looks the token up
   * alone, for 401 or (in the handler) 404.
   */
  const casesRead = new WeakMap<FastifyRequest, SurgeryResponse>();
  const readCaseWithToken = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const id = pathId(request.params.id);
    const token = bearerToken(request);
    const found = id === null || !token ? null : await cases.getWithToken(token, id);
    if (found) {
      app.acceptSignIn(request, found.user, found.familyId);
      casesRead.set(request, found.surgery);
    } else {
      await app.authenticateRequest(request, reply);
    }
    await app.noteDeviceActivity(request);
  };
  app.get<{ Params: { id: string } }>(
    '/surgery/api/v1/surgery/:id/',
    { onRequest: readCaseWithToken, config: { auditRead: caseRead(), tokenCheckedByRoute: true } },
    async (request) => {
      const surgery = casesRead.get(request);
      if (!surgery) throw notFound(SURGERY_NOT_FOUND);
      return surgery;
    },
  );

  /**
   * Serves a stored file behind a signed link: the link is the authorization, checked on the exact path it was issued
   * for, with its sign-in still live, before anything else; then its viewer must still see the case (a removed
   * secretary does not).
   */
  async function serveSigned(
    request: FastifyRequest<{ Querystring: LinkQuery }>,
    reply: FastifyReply,
    path: string,
    rawId: string,
    read: (id: number) => Promise<(StoredFile & { kind: string | null }) | null>,
    filename: (file: { kind: string | null }) => string,
  ) {
    const viewer = await signer.verify(path, request.query);
    if (!viewer) throw forbidden(INVALID_LINK_MESSAGE);
    const id = pathId(rawId);
    const file = id === null ? null : await read(id);
    if (id === null || !file) throw notFound(DOCUMENT_NOT_FOUND);
    const visible = await visibleSurgery(deps.db, viewer, id);
    const [seen] = visible ? await deps.db.select({ id: surgeries.id }).from(surgeries).where(visible) : [];
    if (!seen) throw forbidden(INVALID_LINK_MESSAGE);
    app.audit.read({ id: viewer.id, address: request.ip }, { action: 'download', entity: 'document', of: 'surgeries', ids: [id], detail: file.kind ?? 'documento' });
    const extension = FILE_EXTENSIONS[file.contentType as SniffedType] ?? 'bin';
    return reply
      .header('cache-control', `private, max-age=${secondsLeft(String(request.query.expires), deps.now())}`)
      .header('content-disposition', `inline; filename="${filename(file)}.${extension}"`)
      .type(file.contentType)
      .send(file.data);
  }

  // The latest file of a kind (the case's `doctor_request`, ... links).
  app.get<{ Params: { id: string; kind: string }; Querystring: LinkQuery }>('/surgery/api/v1/surgery/:id/documents/:kind/', async (request, reply) => {
    const { id: rawId, kind: rawKind } = request.params;
    const kind = isDocumentKind(rawKind) ? rawKind : null;
    return serveSigned(
      request,
      reply,
      `/surgery/api/v1/surgery/${rawId}/documents/${rawKind}/`,
      rawId,
      async (id) => {
        const file = kind === null ? null : await cases.readDocument(id, kind);
        return file ? { ...file, kind } : null;
      },
      () => kind ?? 'documento',
    );
  });

  // One file by its id (issue 33 item 10: each of a kind's files, and the named documents' files).
  app.get<{ Params: { id: string; fileId: string }; Querystring: LinkQuery }>(
    '/surgery/api/v1/surgery/:id/document_files/:fileId/',
    async (request, reply) => {
      const { id: rawId, fileId: rawFileId } = request.params;
      const fileId = pathId(rawFileId);
      return serveSigned(
        request,
        reply,
        `/surgery/api/v1/surgery/${rawId}/document_files/${rawFileId}/`,
        rawId,
        async (id) => (fileId === null ? null : cases.readDocumentFile(id, fileId)),
        (file) => `${file.kind ?? 'documento'}-${fileId}`,
      );
    },
  );
}
