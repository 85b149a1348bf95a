import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest, payloadTooLarge } from '../../http/errors';
import { readSingleFileUpload } from '../../http/single-file-upload';
import { validated } from '../../http/validation';
import { signedInUser } from '../../plugins/authenticate';
import { DOCX_CONTENT_TYPE } from '../../services/templates/docx-template';
import {
  createOfficeTemplateService,
  MAX_OFFICE_TEMPLATE_BYTES,
  OFFICE_TEMPLATE_MESSAGES as M,
  type UploadedTemplate,
} from '../../services/templates/office-templates';
import { createTemplateFiller } from '../../services/templates/template-filler';
import { checklistOwnerOf } from './checklist-owner';

type RequirementsQuery = { medic: number | null };
type ScopeRoute = { Params: { scope: string; id: string }; Querystring: RequirementsQuery };

const INVALID = 'Dados inválidos.';

/** The multipart form (openapi OfficeTemplateForm): exactly one non-empty file part `file`, at most 10 MB. */
function readTemplateUpload(request: FastifyRequest): Promise<UploadedTemplate> {
  return readSingleFileUpload(request, MAX_OFFICE_TEMPLATE_BYTES, {
    invalid: () => badRequest([INVALID]),
    missing: () => badRequest([M.fileRequired], { file: [M.fileRequired] }),
    tooLarge: () => payloadTooLarge(M.tooLarge),
  });
}

/** `filename="ascii"; filename*=UTF-8''…` (RFC 6266): the uploaded name, accents kept, no header injection. */
function attachment(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * An office's own hospital and plan templates (issue 33 item 10f; openapi tag checklists): both roles, bearer token,
 * `medic` as the document_requirements calls take it.
 *
 * - GET    document_requirements/{hospital|plano}/{id}/template/ — what the office's cases get (own, shared, none).
 * - PUT    …/template/ — multipart `file`: checked (a DOCX the filler fills), stored, replaces the office's own.
 * - DELETE …/template/ — removes the office's own (404 when none): its cases fall back to the shared one.
 * - GET    …/template/file/ — the template's bytes (own, else shared), read through the API, never from the folder.
 */
export default async function officeTemplateRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  // An upload is checked by filling it in a worker thread (started at the first upload), never on the event loop.
  const filler = createTemplateFiller();
  app.addHook('onClose', () => filler.close());
  const service = createOfficeTemplateService({ db: deps.db, storage: deps.storage, now: deps.now, filler });
  const query = validated({ query: (s) => s.requirementsQuerySchema });
  const path = '/surgery/api/v1/document_requirements/:scope/:id/template/';

  app.get<ScopeRoute>(path, { onRequest: app.authenticate, preValidation: query }, async (request) => {
    const { scope, id } = checklistOwnerOf(request.params);
    return service.get(signedInUser(request), request.query.medic, scope, id);
  });

  app.put<ScopeRoute>(path, { onRequest: app.authenticate, preValidation: query }, async (request) => {
    const user = signedInUser(request);
    const { scope, id } = checklistOwnerOf(request.params);
    // The office and the hospital or plan first: another office's hospital is 404 before the upload is read.
    await service.get(user, request.query.medic, scope, id);
    return service.upload(user, request.query.medic, scope, id, await readTemplateUpload(request));
  });

  app.delete<ScopeRoute>(path, { onRequest: app.authenticate, preValidation: query }, async (request) => {
    const { scope, id } = checklistOwnerOf(request.params);
    return service.remove(signedInUser(request), request.query.medic, scope, id);
  });

  app.get<ScopeRoute>(`${path}file/`, { onRequest: app.authenticate, preValidation: query }, async (request, reply) => {
    const { scope, id } = checklistOwnerOf(request.params);
    const file = await service.file(signedInUser(request), request.query.medic, scope, id);
    return reply.header('content-disposition', attachment(file.filename)).header('cache-control', 'no-store').type(DOCX_CONTENT_TYPE).send(file.data);
  });
}
