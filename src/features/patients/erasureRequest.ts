/**
 * The real IO of a patient's erasure request (openapi erasePatient): POST /surgery/api/v1/patient/{id}/erasure/,
 * answered 200 deleted or anonymized, or 403 with the pt-BR reason the record must still be kept.
 */
import { api } from '../../api/client';
import type { Patient } from './actors';
import { messagesOfErrorBody } from './actors';

export type ErasureAnswer =
  | { outcome: 'deleted' }
  | { outcome: 'anonymized'; patient: Patient }
  | { outcome: 'refused'; message: string }
  | { outcome: 'failed' };

export async function requestErasure(patientId: number): Promise<ErasureAnswer> {
  try {
    const { data, error, response } = await api.POST('/surgery/api/v1/patient/{id}/erasure/', { params: { path: { id: patientId } } });
    if (response.ok && data) return data.outcome === 'deleted' ? { outcome: 'deleted' } : { outcome: 'anonymized', patient: data.patient };
    const [message] = messagesOfErrorBody(error);
    return response.status === 403 && message ? { outcome: 'refused', message } : { outcome: 'failed' };
  } catch {
    return { outcome: 'failed' };
  }
}
