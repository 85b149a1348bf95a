import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SURGERY_DOCUMENT_KINDS } from '../../../machines/constants';
import type { AppDeps } from '../../deps';
import { controlCharactersError, hasControlCharacters } from '../../http/control-characters';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { validated } from '../../http/validation';
import type { reuseDocumentSchema } from '../../../machines/surgeryCase/schemas';
import { toSaoPauloIso } from '../../services/sao-paulo-time';
import { signedInUser } from '../../plugins/authenticate';
import { pathIds, type RouteRead } from '../../plugins/audited-reads';
import { MAX_DOCUMENT_BYTES } from '../../services/files/file-type';
import { createLinkSigner } from '../../services/files/signed-links';
import { createTemplateFiller } from '../../services/templates/template-filler';
import {
  createSurgeryFilesService,
  isDocumentKind,
  SURGERY_FILES_MESSAGES as M,
  type SurgeryFilesInput,
  type UploadedDocument,
} from '../../services/surgeries/surgery-files';
import { SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';
import {
  createTemplateService,
  isTemplateKind,
  TEMPLATE_MESSAGES,
  TemplateFillError,
} from '../../services/templates/template-service';
import { surgeryPathId } from './surgery-path-id';

/** Per-request multipart limits: one file per document kind, at most 10 MB each; short text fields. */
const MULTIPART_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES,
  files: SURGERY_DOCUMENT_KINDS.length,
  fieldSize: 1024,
  fields: 20,
  parts: 40,
};

type IdRoute = { Params: { id: string } };
type DownloadRoute = { Params: { kind: string; surgeryId: string } };

/** A filled template downloaded: a read of the case, as a document named by its template. */
const templateDownload: RouteRead = (request) => ({
  action: 'download',
  entity: 'document',
  of: 'surgeries',
  ids: pathIds(request, 'surgeryId'),
  detail: `modelo:${(request.params as DownloadRoute['Params']).kind}`,
});


const invalidBody = () => badRequest([M.invalidData]);

function tooLargeError(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads the include_surgery_files form (multipart/form-data, openapi SurgeryFilesForm): `new_status` once, and each
 * document kind at most once as a file part (an empty file part, or an empty text value, means "not sent").
 * Unexpected parts are read to the end and refused together (400 'Dados inválidos.'); a file over 10 MB stops
 * the reading with 413 naming the document.
 */
async function readSurgeryFilesInput(request: FastifyRequest): Promise<SurgeryFilesInput> {
  if (!request.isMultipart()) throw invalidBody();
  const seen = new Set<string>();
  const documents: UploadedDocument[] = [];
  const fields: Record<string, string> = {};
  let problem: HttpError | null = null;
  let current: string | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      current = part.fieldname;
      const repeated = seen.has(part.fieldname);
      seen.add(part.fieldname);
      if (part.type === 'file') {
        if (!isDocumentKind(part.fieldname) || repeated) {
          for await (const chunk of part.file) void chunk; // read to the end, discarded
          problem ??= invalidBody();
          continue;
        }
        const data = await part.toBuffer();
        if (data.length > 0) documents.push({ kind: part.fieldname, data, filename: part.filename || null });
      } else if (repeated || typeof part.value !== 'string' || part.valueTruncated) {
        problem ??= invalidBody();
      } else if (hasControlCharacters(part.value)) {
        problem ??= controlCharactersError(isDocumentKind(part.fieldname) || part.fieldname === 'new_status' ? part.fieldname : null);
      } else if (part.fieldname === 'new_status' || part.fieldname === 'version' || part.fieldname === 'missing_documents_confirmed') {
        fields[part.fieldname] = part.value;
      } else if (isDocumentKind(part.fieldname)) {
        // A text where a file belongs: empty means "not sent"; anything else (a link sent back) is not a file.
        const message = M.documentType(part.fieldname);
        if (part.value !== '') problem ??= badRequest([message], { [part.fieldname]: [message] });
      } else {
        problem ??= invalidBody();
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (tooLargeError(error)) {
      throw payloadTooLarge(current !== null && isDocumentKind(current) ? M.documentTooLarge(current) : M.anyTooLarge);
    }
    throw invalidBody();
  }
  if (problem) throw problem;
  return { fields, documents };
}

/** The named document form: `name` once and `file` once (issue 33 #10c); nothing else. */
async function readNamedDocumentInput(request: FastifyRequest): Promise<{ name: string; data: Buffer; filename: string | null }> {
  if (!request.isMultipart()) throw invalidBody();
  const seen = new Set<string>();
  let name = '';
  let data: Buffer = Buffer.alloc(0);
  let filename: string | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, files: 1, fields: 4, parts: 6 } })) {
      const repeated = seen.has(part.fieldname);
      seen.add(part.fieldname);
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || repeated) {
          for await (const chunk of part.file) void chunk; // read to the end, discarded
          problem ??= invalidBody();
          continue;
        }
        data = await part.toBuffer();
        filename = part.filename || null;
      } else if (part.fieldname !== 'name' || repeated || typeof part.value !== 'string' || part.valueTruncated) {
        problem ??= invalidBody();
      } else if (hasControlCharacters(part.value)) {
        problem ??= controlCharactersError('name');
      } else {
        name = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (tooLargeError(error)) throw payloadTooLarge(M.namedTooLarge);
    throw invalidBody();
  }
  if (problem) throw problem;
  return { name, data, filename };
}

/**
 * The document-preparation uploads (include_surgery_files/{id}/) and the DOCX templates filled with a case's data
 * (download/{hospital|plano}/{surgeryId}/) (SPEC §4, §7; DECISIONS §4, §7). Both need the bearer token; a case
 * outside the user's medics is 404 'Não foi possível encontrar essa cirurgia'.
 */
export default async function surgeryFileRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const signer = createLinkSigner(deps);
  const files = createSurgeryFilesService({ db: deps.db, storage: deps.storage, signer, now: deps.now });
  // Templates are unzipped and filled in a worker thread, never on the request path's event loop.
  const filler = createTemplateFiller();
  app.addHook('onClose', () => filler.close());
  const templates = createTemplateService({ ...deps, filler });
  const auth = { onRequest: app.authenticate };

  app.put<IdRoute>('/surgery/api/v1/include_surgery_files/:id/', auth, async (request) => {
    const user = signedInUser(request);
    const id = pathId(request.params.id);
    // Not the user's (or no such case): 404 before the upload is even read.
    if (id === null || !(await files.isVisible(user, id))) throw notFound(SURGERY_NOT_FOUND);
    return files.include(user, id, await readSurgeryFilesInput(request));
  });

  // Issue 33 #10d: the patient's documents already sent for another of the user's cases of the same patient.
  app.get<IdRoute>('/surgery/api/v1/surgery/:id/reusable_documents/', auth, async (request) => {
    const user = signedInUser(request);
    const id = surgeryPathId(request.params.id);
    const found = await files.reusable(user, id);
    return {
      results: found.map((file) => ({ kind: file.kind, surgery_id: file.surgery_id, name: file.name, uploaded_at: toSaoPauloIso(file.uploaded_at) })),
    };
  });

  app.post<IdRoute & { Body: typeof reuseDocumentSchema.infer }>(
    '/surgery/api/v1/surgery/:id/reuse_document/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.reuseDocumentSchema }) },
    async (request) => {
      const user = signedInUser(request);
      const id = surgeryPathId(request.params.id);
      const { kind, from_surgery: from, version } = request.body as typeof reuseDocumentSchema.infer;
      return files.reuse(user, id, { kind, from, version });
    },
  );

  // Issue 33 #10c: a file for a named document of the case's checklist ('Risco cirúrgico').
  app.post<IdRoute>('/surgery/api/v1/surgery/:id/named_documents/', auth, async (request) => {
    const user = signedInUser(request);
    const id = pathId(request.params.id);
    if (id === null || !(await files.isVisible(user, id))) throw notFound(SURGERY_NOT_FOUND);
    return files.attachNamed(user, id, await readNamedDocumentInput(request));
  });

  // Issue 33 #10b: one stored file out, the others of its document kept.
  app.delete<{ Params: { id: string; fileId: string } }>('/surgery/api/v1/surgery/:id/document_files/:fileId/', auth, async (request) => {
    const user = signedInUser(request);
    const id = surgeryPathId(request.params.id);
    const fileId = pathId(request.params.fileId);
    if (fileId === null) throw notFound(M.fileNotFound);
    return files.remove(user, id, fileId);
  });

  app.get<DownloadRoute>('/surgery/api/v1/download/:kind/:surgeryId/', { ...auth, config: { auditRead: templateDownload } }, async (request, reply) => {
    const user = signedInUser(request);
    const { kind } = request.params;
    if (!isTemplateKind(kind)) throw notFound(TEMPLATE_MESSAGES.unknownKind);
    const id = pathId(request.params.surgeryId);
    if (id === null) throw notFound(SURGERY_NOT_FOUND);
    try {
      const filled = await templates.fill(user, kind, id);
      return reply
        .header('content-disposition', `attachment; filename="${filled.filename}"`)
        .type(filled.contentType)
        .send(filled.data);
    } catch (error) {
      if (!(error instanceof TemplateFillError)) throw error;
      // Which template and what is wrong with it (template text only): never the case's data.
      request.log.error(
        { template: kind, surgeryId: id, reason: error.reason, problems: error.problems.map((problem) => problem.id) },
        'template could not be filled',
      );
      throw error.toHttpError();
    }
  });
}
