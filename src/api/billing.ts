/**
 * The TISS billing calls of issue 37 (openapi tag 'Faturamento TISS': getBillingProfile, updateBillingProfile,
 * getUsualTeam, updateUsualTeam, getSurgeryTeam, updateSurgeryTeam). `medic`: whose data (a secretary names one of
 * her medics; a medic reads and writes his own, null), as the payment terms (./ledger.ts).
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { callApi } from './call';
import { read, readList } from './read';

export type BillingProfile = components['schemas']['BillingProfile'];
export type BillingProfileBody = components['schemas']['BillingProfileUpdate'];
export type UsualTeam = components['schemas']['UsualTeam'];
export type UsualTeamBody = components['schemas']['UsualTeamUpdate'];
export type SurgeryTeam = components['schemas']['SurgeryTeam'];
export type SurgeryTeamBody = components['schemas']['SurgeryTeamUpdate'];

const medicQuery = (medic: number | null) => ({ params: { query: medic === null ? {} : { medic } } });
const casePath = (id: number) => ({ params: { path: { id } } });

export const getBillingProfile = (medic: number | null, signal?: AbortSignal) =>
  read(() => api.GET('/project_auth/api/v1/billing_profile/', { ...medicQuery(medic), signal }));
export const putBillingProfile = (medic: number | null, body: BillingProfileBody) =>
  callApi(() => api.PUT('/project_auth/api/v1/billing_profile/', { ...medicQuery(medic), body }));
export const getUsualTeam = (medic: number | null, signal?: AbortSignal) =>
  read(() => api.GET('/project_auth/api/v1/usual_team/', { ...medicQuery(medic), signal }));
export const putUsualTeam = (medic: number | null, body: UsualTeamBody) =>
  callApi(() => api.PUT('/project_auth/api/v1/usual_team/', { ...medicQuery(medic), body }));
export const getSurgeryTeam = (id: number, signal?: AbortSignal) =>
  read(() => api.GET('/surgery/api/v1/surgery/{id}/team/', { ...casePath(id), signal }));
export const putSurgeryTeam = (id: number, body: SurgeryTeamBody) =>
  callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/team/', { ...casePath(id), body }));
/** The secretary's medics (whose billing data she keeps). */
export const listMyMedics = (signal?: AbortSignal) => readList(() => api.GET('/project_auth/api/v1/list_medic/', { signal }));
