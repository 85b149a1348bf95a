/**
 * The TISS billing calls of the SPA (issue 37; openapi tag "Faturamento TISS"): a case's guia de honorários (read,
 * save, generate), a generated guide's frozen content (the printable view), the guides outside a lot, the lots and
 * the appeals (list, create, download the XML, record the sending); the plans' statements read back (issue 38: a
 * preview and an import of one uploaded XML, with its upload progress, and the imported ones; a payer's repasse CSV
 * with who paid, previewed and imported the same way). `medic`: a secretary names one of her medics (the server
 * answers 400 without it); a medic passes null (his own).
 */
import type { components } from '../../openapi/schema';
import type { HonorariosGuide } from '../../machines/tiss/types';
import { ptBR } from '../lib/i18n/pt-BR';
import { api } from './client';
import { callApi, callDownload, resultOf, type CallResult } from './call';
import { read, readList, type ReadResult } from './read';
import { postForm } from './upload';

type Schemas = components['schemas'];
export type CaseGuide = Schemas['CaseGuide'];
type GuideInputs = Schemas['GuideInputsUpdate'];
export type UnbatchedGuide = Schemas['UnbatchedGuide'];
export type TissLot = Schemas['TissLot'];
export type TissAppeal = Schemas['TissAppeal'];
export type TissSent = Schemas['TissSent'];
export type AppealCreate = Schemas['AppealCreate'];
export type TissStatementFile = Schemas['TissStatementFile'];
export type TissStatement = TissStatementFile['statements'][number];
export type TissStatementGuide = Schemas['TissStatementGuide'];
export type TissStatementSummary = Schemas['TissStatementSummary'];
export type TissStatementDetail = Schemas['TissStatementDetail'];
/** A generated guide: its frozen content is machines/tiss's HonorariosGuide (openapi types it as an object). */
export type TissGuide = Omit<Schemas['TissGuide'], 'content'> & { content: HonorariosGuide };

const casePath = (id: number) => ({ params: { path: { id } } });
const medicQuery = (medic: number | null) => (medic === null ? {} : { medic });

export const getCaseGuide = (id: number, signal?: AbortSignal) =>
  read(() => api.GET('/surgery/api/v1/surgery/{id}/tiss_guide/', { ...casePath(id), signal }));
export const putCaseGuide = (id: number, body: GuideInputs) =>
  callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/tiss_guide/', { ...casePath(id), body }));
export const generateCaseGuide = (id: number) =>
  callApi(() => api.POST('/surgery/api/v1/surgery/{id}/tiss_guide/generate/', casePath(id)));

export function getTissGuide(itemId: number, signal?: AbortSignal): Promise<ReadResult<TissGuide>> {
  return read(() => api.GET('/surgery/api/v1/tiss/guides/{itemId}/', { params: { path: { itemId } }, signal })) as Promise<ReadResult<TissGuide>>;
}

export const listUnbatchedGuides = (medic: number | null, signal?: AbortSignal) =>
  readList(() => api.GET('/surgery/api/v1/tiss/guides/', { params: { query: medicQuery(medic) }, signal }));
export const listLots = (medic: number | null, signal?: AbortSignal) =>
  readList(() => api.GET('/surgery/api/v1/tiss/lots/', { params: { query: medicQuery(medic) }, signal }));
export const createLot = (medic: number | null, body: Schemas['LotCreate']) =>
  callApi(() => api.POST('/surgery/api/v1/tiss/lots/', { params: { query: medicQuery(medic) }, body }));
export const deleteLot = (medic: number | null, itemId: number) =>
  callApi(() => api.DELETE('/surgery/api/v1/tiss/lots/{itemId}/', { params: { path: { itemId }, query: medicQuery(medic) } }));
export const markLotSent = (medic: number | null, itemId: number, body: TissSent) =>
  callApi(() => api.PUT('/surgery/api/v1/tiss/lots/{itemId}/sent/', { params: { path: { itemId }, query: medicQuery(medic) }, body }));
export const downloadLot = (medic: number | null, lot: Pick<TissLot, 'id' | 'number'>) =>
  callDownload(
    () => api.GET('/surgery/api/v1/tiss/lots/{itemId}/xml/', { params: { path: { itemId: lot.id }, query: medicQuery(medic) }, parseAs: 'blob' }),
    `lote-${lot.number}.xml`,
  );

export const listAppeals = (medic: number | null, signal?: AbortSignal) =>
  readList(() => api.GET('/surgery/api/v1/tiss/appeals/', { params: { query: medicQuery(medic) }, signal }));
export const createAppeal = (medic: number | null, body: AppealCreate) =>
  callApi(() => api.POST('/surgery/api/v1/tiss/appeals/', { params: { query: medicQuery(medic) }, body }));
export const markAppealSent = (medic: number | null, itemId: number, body: TissSent) =>
  callApi(() => api.PUT('/surgery/api/v1/tiss/appeals/{itemId}/sent/', { params: { path: { itemId }, query: medicQuery(medic) }, body }));
export const downloadAppeal = (medic: number | null, appeal: Pick<TissAppeal, 'id' | 'number'>) =>
  callDownload(
    () => api.GET('/surgery/api/v1/tiss/appeals/{itemId}/xml/', { params: { path: { itemId: appeal.id }, query: medicQuery(medic) }, parseAs: 'blob' }),
    `recurso-glosa-${appeal.number}.xml`,
  );

/** The glosas of a case's ledger (for an appeal: each with its TISS code and outcome). */
export async function getCaseGlosas(id: number, signal?: AbortSignal): Promise<ReadResult<Schemas['Glosa'][]>> {
  const result = await read(() => api.GET('/surgery/api/v1/surgery/{id}/ledger/', { params: { path: { id } }, signal }));
  return result.kind === 'ok' ? { kind: 'ok', value: result.value.glosas } : result;
}

const STATEMENTS = '/surgery/api/v1/tiss/statements/';

/** POSTs the form's text `fields` (in order), then `file` as its part `file`; `onProgress` gets the percentage sent. */
async function sendStatement(
  url: string,
  medic: number | null,
  file: File,
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<CallResult<TissStatementFile>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const answer = await postForm(`${url}${medic === null ? '' : `?medic=${medic}`}`, form, ({ loaded, total }) => {
    if (total > 0) onProgress(Math.min(100, Math.round((loaded / total) * 100)));
  });
  return answer ? resultOf(answer.status, answer.body) : { ok: false, status: 0, messages: [ptBR.errors.noResponse], fields: {} };
}

/** What importing `file` would post (the server writes nothing). */
export const previewStatement = (medic: number | null, file: File, onProgress: (percent: number) => void) =>
  sendStatement(`${STATEMENTS}preview/`, medic, file, onProgress);
/** Posts what the preview of the same file showed (201), or 409 when it was imported before. */
export const importStatement = (medic: number | null, file: File, onProgress: (percent: number) => void) =>
  sendStatement(STATEMENTS, medic, file, onProgress);
export const listStatements = (medic: number | null, signal?: AbortSignal) =>
  readList(() => api.GET('/surgery/api/v1/tiss/statements/', { params: { query: medicQuery(medic) }, signal }));
export const getStatement = (medic: number | null, itemId: number, signal?: AbortSignal) =>
  read(() => api.GET('/surgery/api/v1/tiss/statements/{itemId}/', { params: { path: { itemId }, query: medicQuery(medic) }, signal }));

const REPASSES = '/surgery/api/v1/repasses/';

/** Who paid a repasse and when (openapi RepasseForm's text fields; machines/ledger/repasseCsv.ts readRepassePayer's value). */
export type RepasseFields = { payer: string; payer_name: string; payer_document: string; received_on: string };

/** What importing the repasse CSV `file` paid by `fields` would post (the server writes nothing; openapi previewRepasse). */
export const previewRepasse = (medic: number | null, fields: RepasseFields, file: File, onProgress: (percent: number) => void) =>
  sendStatement(`${REPASSES}preview/`, medic, file, onProgress, fields);
/** Posts what the preview of the same file and fields showed (201), or 409 when the file was imported before (openapi importRepasse). */
export const importRepasse = (medic: number | null, fields: RepasseFields, file: File, onProgress: (percent: number) => void) =>
  sendStatement(REPASSES, medic, file, onProgress, fields);
