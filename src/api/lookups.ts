/** Reference searches more than one feature uses (SPEC §7), over the one typed client. */
import type { components } from '../../openapi/schema';
import { api } from './client';

export type HealthPlan = components['schemas']['HealthPlan'];
type Hospital = components['schemas']['Hospital'];
export type GlosaReason = components['schemas']['GlosaReason'];

/** The line under a plan in a search list: its ANS registry, which tells apart plans named alike ('BRADESCO …'). */
export function healthPlanDetail(plan: HealthPlan): string {
  return plan.ans_registry ? `ANS ${plan.ans_registry}` : '';
}

/**
 * GET /surgery/api/v1/healthplan/?search=: at most 50 plans (~700 in all), for the Convênio search selects of the
 * patient and surgery forms. Rejects on failure (the select shows its error state).
 */
export async function searchHealthPlans(text: string, signal: AbortSignal): Promise<HealthPlan[]> {
  const { data, response } = await api.GET('/surgery/api/v1/healthplan/', {
    params: { query: text ? { search: text } : {} },
    signal,
  });
  if (!response.ok || !data) throw new Error(`listHealthPlans answered ${response.status}`);
  return data.results;
}

/** GET /surgery/api/v1/hospital/?search=: at most 50 hospitals, for a hospital search select. Rejects on failure. */
export async function searchHospitalsByName(text: string, signal: AbortSignal): Promise<Hospital[]> {
  const { data, response } = await api.GET('/surgery/api/v1/hospital/', { params: { query: text ? { search: text } : {} }, signal });
  if (!response.ok || !data) throw new Error(`listHospitals answered ${response.status}`);
  return data.results;
}

/**
 * GET /surgery/api/v1/glosa_reasons/?search=: at most 50 of TISS's glosa reasons (dm_tipoGlosa), by code or words of
 * the description, for the glosa form's 'Motivo (TISS)'. Rejects on failure (the select shows its error state).
 */
export async function searchGlosaReasons(text: string, signal: AbortSignal): Promise<GlosaReason[]> {
  const { data, response } = await api.GET('/surgery/api/v1/glosa_reasons/', { params: { query: text ? { search: text } : {} }, signal });
  if (!response.ok || !data) throw new Error(`listGlosaReasons answered ${response.status}`);
  return data.results;
}
