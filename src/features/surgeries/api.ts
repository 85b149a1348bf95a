/**
 * The calls of the surgeries feature (SPEC §7), over the one typed client. Searches throw on failure (the search
 * selects show their error state); page reads return a tagged result so each screen designs its own states.
 */
import { api } from '../../api/client';
import type { components } from '../../../openapi/schema';
import { callApi, type CallResult } from '../../api/call';
import { read, type ReadResult } from '../../api/read';
import { RequestFailed } from '../../api/surgeryList';
import type { Cid, CreateSurgeryBody, Hospital, Patient, Procedure } from './types';

function resultsOrThrow<T>(answer: { data?: { results: T[] }; response: Response }): T[] {
  if (!answer.response.ok || !answer.data) throw new RequestFailed(answer.response.status);
  return answer.data.results;
}

/** GET /surgery/api/v1/patient/?search= (by name or CPF digits). */
export async function searchPatients(text: string, signal: AbortSignal): Promise<Patient[]> {
  return resultsOrThrow(await api.GET('/surgery/api/v1/patient/', { params: { query: { search: text } }, signal }));
}

export async function searchProcedures(text: string, signal: AbortSignal): Promise<Procedure[]> {
  const query = text ? { search: text } : {};
  return resultsOrThrow(await api.GET('/surgery/api/v1/procedure/', { params: { query }, signal }));
}

export async function searchCids(text: string, signal: AbortSignal): Promise<Cid[]> {
  const query = text ? { search: text } : {};
  return resultsOrThrow(await api.GET('/surgery/api/v1/cid/', { params: { query }, signal }));
}

/** GET /surgery/api/v1/hospital/?search=&medic=: what the medic's cases may use (the shared list and his office's). */
export async function searchHospitals(medic: number, text: string, signal: AbortSignal): Promise<Hospital[]> {
  const query = text ? { search: text, medic } : { medic };
  return resultsOrThrow(await api.GET('/surgery/api/v1/hospital/', { params: { query }, signal }));
}

export type HospitalInput = components['schemas']['HospitalInput'];
export type CreatedHospital = components['schemas']['HospitalCreated'];

/** POST /surgery/api/v1/hospital/: the office's new hospital, or the messages to show (field errors beside). */
export function createHospital(body: HospitalInput): Promise<CallResult<CreatedHospital>> {
  return callApi(() => api.POST('/surgery/api/v1/hospital/', { body }));
}

/** GET /surgery/api/v1/patient/{id}/. */
export function getPatient(id: number, signal?: AbortSignal): Promise<ReadResult<Patient>> {
  return read(() => api.GET('/surgery/api/v1/patient/{id}/', { params: { path: { id } }, signal }));
}

export { getSurgery } from './caseRead';

/** The patient's card of a plan (issue 37), read from the patient (openapi Patient.plan_card: the current plan's). */
type PatientPlanCard = { planId: number | null; card: components['schemas']['PatientPlanCard'] | null };

/**
 * GET /surgery/api/v1/patient/{id}/ for the case header's card (the Surgery carries no card: its read stays as it
 * is). The card belongs to the patient's current plan, `planId`.
 */
export async function getPatientPlanCard(patientId: number, signal?: AbortSignal): Promise<ReadResult<PatientPlanCard>> {
  const result = await read(() => api.GET('/surgery/api/v1/patient/{id}/', { params: { path: { id: patientId } }, signal }));
  return result.kind === 'ok' ? { kind: 'ok', value: { planId: result.value.convenio?.id ?? null, card: result.value.plan_card } } : result;
}

/** POST /surgery/api/v1/create_surgery/. */
export function createSurgery(body: CreateSurgeryBody) {
  return callApi(() => api.POST('/surgery/api/v1/create_surgery/', { body }));
}
