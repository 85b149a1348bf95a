/**
 * The calls of the document checklists (issue 13 item 2; openapi document_requirements, surgery/{id}/checklist/,
 * surgery/{id}/dispatches/), over the one typed client. Reads are tagged results (each screen designs its states);
 * writes answer the saved value or the 400's messages.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { callApi, type CallResult } from './call';
import { read, type ReadResult } from './read';

export type RequirementList = components['schemas']['DocumentRequirementList'];
export type RequirementsOverview = components['schemas']['DocumentRequirementsOverview'];
type RequirementsBody = components['schemas']['DocumentRequirementsUpdate'];
export type SurgeryChecklist = components['schemas']['SurgeryChecklist'];
export type Dispatch = components['schemas']['Dispatch'];
type DispatchBody = components['schemas']['DispatchCreate'];
export type ChecklistScope = components['schemas']['ChecklistScope'];

const medicQuery = (medic: number | null) => (medic === null ? {} : { medic });

export function getRequirementsOverview(medic: number | null, signal?: AbortSignal): Promise<ReadResult<RequirementsOverview>> {
  return read(() => api.GET('/surgery/api/v1/document_requirements/', { params: { query: medicQuery(medic) }, signal }));
}

export function getRequirements(scope: ChecklistScope, id: number, medic: number | null, signal?: AbortSignal): Promise<ReadResult<RequirementList>> {
  return read(() =>
    api.GET('/surgery/api/v1/document_requirements/{scope}/{id}/', { params: { path: { scope, id }, query: medicQuery(medic) }, signal }),
  );
}

export function saveRequirements(scope: ChecklistScope, id: number, medic: number | null, body: RequirementsBody): Promise<CallResult<RequirementList>> {
  return callApi(() =>
    api.PUT('/surgery/api/v1/document_requirements/{scope}/{id}/', { params: { path: { scope, id }, query: medicQuery(medic) }, body }),
  );
}

export function getChecklist(id: number, signal?: AbortSignal): Promise<ReadResult<SurgeryChecklist>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/checklist/', { params: { path: { id } }, signal }));
}

export function markChecklist(id: number, name: string, received: boolean): Promise<CallResult<SurgeryChecklist>> {
  return callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/checklist/', { params: { path: { id } }, body: { name, received } }));
}

export function getDispatches(id: number, signal?: AbortSignal): Promise<ReadResult<Dispatch[]>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/dispatches/', { params: { path: { id } }, signal }));
}

export type Hospital = components['schemas']['Hospital'];

/** GET /surgery/api/v1/hospital/?search= for the screen's hospital search select; throws on failure. */
export async function searchHospitalsForChecklist(text: string, signal: AbortSignal): Promise<Hospital[]> {
  const { data, response } = await api.GET('/surgery/api/v1/hospital/', { params: { query: text ? { search: text } : {} }, signal });
  if (!response.ok || !data) throw new Error(`listHospitals answered ${response.status}`);
  return data.results;
}

export function createDispatch(id: number, body: DispatchBody): Promise<CallResult<Dispatch>> {
  return callApi(() => api.POST('/surgery/api/v1/surgery/{id}/dispatches/', { params: { path: { id } }, body }));
}
