import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { patientListQuerySchema } from '../../../machines/patientWizard/schemas';
import type { Problems } from '../../../machines/validation/problemList';
import type { AppDeps } from '../../deps';
import { controlCharactersError, hasControlCharacters } from '../../http/control-characters';
import { badRequest, forbidden, HttpError, notFound, payloadTooLarge } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { zipStream } from '../../http/zip';
import { recordChange } from '../../services/audit/audit-log';
import { createPatientDataExport } from '../../services/patients/patient-data-export';
import { createPatientErasure, ERASURE_MESSAGES } from '../../services/patients/patient-erasure';
import { signedInUser } from '../../plugins/authenticate';
import { pageRead, patientRead } from '../../plugins/audited-reads';
import { MAX_PHOTO_BYTES } from '../../services/files/file-type';
import { photoTypeOf } from '../../services/files/photo';
import { INVALID_LINK_MESSAGE, secondsLeft } from '../../services/files/signed-links';
import { patientPhotoPath } from '../../services/patients/patient-response';
import { createPatientService, PATIENT_MESSAGES, type PatientInput } from '../../services/patients/patient-service';
import { saoPauloDay } from '../../services/sao-paulo-time';

type IdRoute = { Params: { id: string } };
type QueryRoute = { Querystring: Record<string, unknown> };
type ListRoute = { Querystring: typeof patientListQuerySchema.infer };
/** The multipart patient form as sent: its text parts by name, and the `foto` bytes if a file was sent. */
type PatientUpload = { fields: Record<string, string>; photo: Buffer | null };

/** Per-request multipart limits: one photo of at most 5 MB; a text field of at most 64 KB. */
const MULTIPART_LIMITS = { fileSize: MAX_PHOTO_BYTES, fieldSize: 64 * 1024, parts: 50 };

/** The path's id; malformed ids are "not found" like another medic's patient. */
function patientId(raw: string): number {
  const id = pathId(raw.trim());
  if (id === null) throw notFound(PATIENT_MESSAGES.notFound);
  return id;
}

const invalidBody = () => badRequest([PATIENT_MESSAGES.invalidData]);
const notAFile = () => badRequest([PATIENT_MESSAGES.photoType], { foto: [PATIENT_MESSAGES.photoType] });

/** A parser error: the photo over its limit is 413; anything else malformed is 400 'Dados inválidos.'. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const tooLarge = (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';
  if (tooLarge) return payloadTooLarge(PATIENT_MESSAGES.photoTooLarge);
  return invalidBody();
}

/**
 * Reads the patient form (multipart/form-data, SPEC §3): each text part once, and `foto` as a file part (an empty
 * file part, or an empty `foto` text field, means no photo). Problems are collected while the parts are read to the
 * end (unexpected files are drained, not kept), so the client is not cut off mid-upload. Not multipart, a text
 * `foto`, a repeated field, an unexpected file: 400; a photo over 5 MB: 413. The text parts are the schema's to check.
 */
async function readPatientUpload(request: FastifyRequest): Promise<PatientUpload> {
  if (!request.isMultipart()) throw invalidBody();
  const fields = new Map<string, string>();
  const seen = new Set<string>();
  let photo: Buffer | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      const repeated = seen.has(part.fieldname);
      seen.add(part.fieldname);
      if (part.type === 'file') {
        if (part.fieldname !== 'foto' || repeated) {
          for await (const chunk of part.file) void chunk; // read to the end, discarded
          problem ??= invalidBody();
          continue;
        }
        const data = await part.toBuffer();
        photo = data.length > 0 ? data : null;
      } else if (part.fieldname === 'foto') {
        // A text `foto` (a URL sent back, say) is not a file; an empty one just means "no new photo".
        if (part.value !== '') problem ??= notAFile();
      } else if (repeated || typeof part.value !== 'string' || part.valueTruncated) {
        problem ??= invalidBody();
      } else if (hasControlCharacters(part.value)) {
        problem ??= controlCharactersError(part.fieldname);
      } else {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (problem) throw problem;
  // A Map, then an object with each name as its own key: a part named `__proto__` is an unknown field, not a prototype.
  return { fields: Object.fromEntries(fields), photo };
}

/**
 * The form's text parts checked by its schema (machines/patientWizard/schemas.ts, built for São Paulo's today) and
 * its photo by its content; the problems of both are answered together (400), nothing is written.
 */
async function checkedInput(upload: PatientUpload, today: string): Promise<PatientInput> {
  const { check, patientFormSchema } = await loadSchemas();
  const form = check(patientFormSchema({ today }), upload.fields);
  const type = upload.photo ? photoTypeOf(upload.photo) : null;
  const refusedPhoto = upload.photo !== null && type === null;
  if (form.ok && !refusedPhoto) return { form: form.value, photo: upload.photo && type ? { data: upload.photo, type } : null };
  const problems: Problems = form.ok ? { error: [], fields: {} } : form.problems;
  if (refusedPhoto) {
    problems.error.push(PATIENT_MESSAGES.photoType);
    problems.fields.foto = [PATIENT_MESSAGES.photoType];
  }
  throw badRequest(problems.error, problems.fields);
}

/**
 * Patients (SPEC §7): list, read, create, update and delete for both roles within their medics
 * (DECISIONS §2), and the photo behind a signed link (no bearer: an `<img>` cannot send one).
 */
export default async function patientRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const service = createPatientService(deps);
  const dataExport = createPatientDataExport(deps);
  const erasure = createPatientErasure(deps);
  const auth = { onRequest: app.authenticate };

  const list = {
    onRequest: app.authenticate,
    preValidation: validated({ query: (s) => s.patientListQuerySchema }),
    config: { auditRead: pageRead('patient', 'id') },
  };
  app.get<ListRoute>('/surgery/api/v1/patient/', list, async (request) => service.list(signedInUser(request), request.query));

  app.get<IdRoute>('/surgery/api/v1/patient/:id/', { ...auth, config: { auditRead: patientRead } }, async (request) => {
    const patient = await service.get(signedInUser(request), patientId(request.params.id));
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    return patient;
  });

  app.post('/surgery/api/v1/add_paciente/', auth, async (request, reply) => {
    const viewer = signedInUser(request);
    const input = await checkedInput(await readPatientUpload(request), saoPauloDay(deps.now()));
    const patient = await service.create(viewer, input);
    return reply.code(201).send(patient);
  });

  app.put<IdRoute>('/surgery/api/v1/update_patient/:id/', auth, async (request) => {
    const viewer = signedInUser(request);
    const id = patientId(request.params.id);
    // Not the viewer's (or no such patient): 404 before the upload is even read.
    if (!(await service.isVisible(viewer, id))) throw notFound(PATIENT_MESSAGES.notFound);
    const input = await checkedInput(await readPatientUpload(request), saoPauloDay(deps.now()));
    const patient = await service.update(viewer, id, input);
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    return patient;
  });

  app.delete<IdRoute>('/surgery/api/v1/update_patient/:id/', auth, async (request, reply) => {
    const deleted = await service.remove(signedInUser(request), patientId(request.params.id));
    if (!deleted) throw notFound(PATIENT_MESSAGES.notFound);
    return reply.code(204).send();
  });

  // The data-subject archive (issue 16 item 3): the medic only; a secretary's request is "not found", like another
  // medic's patient. Recorded in the audit before the first byte leaves.
  app.get<IdRoute>('/surgery/api/v1/patient/:id/data_export/', auth, async (request, reply) => {
    const viewer = signedInUser(request);
    const id = patientId(request.params.id);
    const patient = viewer.type === 'medic' ? await dataExport.patientOf(viewer.id, id) : null;
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    const exported = { medicId: viewer.id, action: 'data_export', entity: 'patient', entityId: patient.id, patientIds: [patient.id] } as const;
    await recordChange(deps.db, viewer, exported, deps.now());
    // The archive lists the patient's audit trail: the reads still queued go in first.
    await app.audit.flush();
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="dados-paciente-${patient.id}-${saoPauloDay(deps.now())}.zip"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(zipStream(dataExport.entries(patient))));
  });

  // An erasure request (issue 16 item 4; openapi erasePatient): the medic only, 404 otherwise, like the archive.
  app.post<IdRoute>('/surgery/api/v1/patient/:id/erasure/', auth, async (request) => {
    const viewer = signedInUser(request);
    const id = patientId(request.params.id);
    const answer = viewer.type === 'medic' ? await erasure.erase(viewer, id) : null;
    if (!answer) throw notFound(PATIENT_MESSAGES.notFound);
    if (answer.outcome === 'refused') throw forbidden(ERASURE_MESSAGES.retained(answer.keepUntil));
    if (answer.outcome === 'deleted') return { outcome: 'deleted' };
    // Asked again: nothing changed, the answer shows the patient (a read of it).
    if (answer.repeated) app.audit.read(viewer, { action: 'view', entity: 'patient', of: 'patients', ids: [id] });
    return { outcome: 'anonymized', patient: answer.patient };
  });

  app.get<IdRoute & QueryRoute>('/surgery/api/v1/patient/:id/foto/', async (request, reply) => {
    const id = pathId(request.params.id.trim());
    const { expires } = request.query;
    // The link is the authorization: its signature and its sign-in are checked before anything about the
    // patient is looked up; then its viewer must still see the patient (a removed secretary does not).
    const viewer = id === null ? null : await service.signer.verify(patientPhotoPath(id), request.query);
    if (id === null || !viewer) throw forbidden(INVALID_LINK_MESSAGE);
    const photo = await service.photo(id);
    if (!photo) throw notFound(PATIENT_MESSAGES.photoNotFound);
    if (!(await service.isVisible(viewer, id))) throw forbidden(INVALID_LINK_MESSAGE);
    app.audit.read({ id: viewer.id, address: request.ip }, { action: 'download', entity: 'photo', of: 'patients', ids: [id] });
    return reply
      .header('cache-control', `private, max-age=${secondsLeft(String(expires), deps.now())}`)
      .type(photo.contentType)
      .send(photo.data);
  });
}
