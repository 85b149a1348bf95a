/**
 * The real IO of a patient's erasure request (openapi erasePatient): POST /surgery/api/v1/patient/{id}/erasure/,
 * answered 200 deleted or anonymized, or 403 with the pt-BR reason the record must still be kept.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { generalErrorMessages } from './errors';

type Patient = components['schemas']['Patient'];

export type ErasureAnswer =
  | { outcome: 'deleted' }
  | { outcome: 'anonymized'; patient: Patient }
  | { outcome: 'refused'; message: string }
  | { outcome: 'failed' };

export async function requestErasure(patientId: number): Promise<ErasureAnswer> {
  try {
    const { data, error, response } = await api.POST('/surgery/api/v1/patient/{id}/erasure/', { params: { path: { id: patientId } } });
    if (response.ok && data) return data.outcome === 'deleted' ? { outcome: 'deleted' } : { outcome: 'anonymized', patient: data.patient };
    const [message] = generalErrorMessages(error);
    return response.status === 403 && message ? { outcome: 'refused', message } : { outcome: 'failed' };
  } catch {
    return { outcome: 'failed' };
  }
}
