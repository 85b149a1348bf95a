/**
 * The real IO of /patients (STYLE §3): the `submitPatient` actor supplied to the patient wizard machine with
 * `.provide`, and the reads and the delete the dialogs need (SPEC §7 patient calls, list_medic, healthplan). The list's
 * read is in ./patientList.ts: this module brings the wizard's rules (arktype), which the list does not need.
 */
import { fromPromise } from 'xstate';
import type { components } from '../../../openapi/schema';
import type { PatientSubmitInput, SavedPatient } from '../../../machines/patientWizard/patientWizardMachine';
import { PatientSaveError, type PatientPayload, type PatientWizardMode } from '../../../machines/patientWizard/rules';
import { api } from '../../api/client';
import { errorStrings, fieldErrors, isUnreachable } from '../../api/errors';
import { patientsTexts as T } from '../../lib/i18n/patients';

export type Patient = components['schemas']['Patient'];
export type HealthPlan = components['schemas']['HealthPlan'];
export type MedicItem = components['schemas']['MedicListItem'];

/**
 * Every message of a SPEC §8 error body, without repeats: the `error` list, `non_field_errors`, then each field's
 * messages (`cpf`, `cellphone`, ...). `code` and `message` are not field errors.
 */
export function messagesOfErrorBody(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const all = [...errorStrings(record.error), ...errorStrings(record.non_field_errors), ...Object.values(fieldErrors(body)).flat()];
  return [...new Set(all)];
}

/**
 * What a failed save shows (SPEC §8): for a create, the server's messages (its 400 for a CPF already registered to
 * the medic says 'Paciente já cadastrado para esse médico'); for an update, each message of a 4xx answer and
 * 'Erro interno!' for a server error (5xx). A gateway error or no answer: 'Ocorreu um erro, tente novamente!'.
 */
export function saveFailureMessages(mode: PatientWizardMode, status: number, body: unknown): string[] {
  if (isUnreachable(status)) return [T.errors.noResponse];
  if (status >= 500) return mode === 'edit' ? [T.errors.updateInternal] : [T.errors.internal];
  const messages = messagesOfErrorBody(body);
  if (messages.length > 0) return messages;
  if (status === 413) return [T.fields.photoTooLarge];
  return mode === 'edit' ? [T.errors.updateInternal] : [T.errors.internal];
}

/**
 * The multipart body (SPEC §3 patient form). Optional fields left empty are not sent on a create; on an update they
 * are sent empty, which clears them (no `foto` keeps the current photo).
 */
export function toPatientFormData(payload: PatientPayload, mode: PatientWizardMode): FormData {
  const form = new FormData();
  if (payload.foto) {
    const filename = payload.foto instanceof File ? payload.foto.name : 'foto';
    form.append('foto', payload.foto, filename);
  }
  form.append('nome_completo', payload.nome_completo);
  form.append('cellphone', payload.cellphone);
  form.append('cpf', payload.cpf);
  form.append('gender', payload.gender);
  const optional: Array<[string, string]> = [
    ['convenio', payload.convenio === null ? '' : String(payload.convenio)],
    ['birthday', payload.birthday ?? ''],
    ['address', payload.address],
    ['cep', payload.cep],
  ];
  for (const [key, value] of optional) {
    if (value !== '' || mode === 'edit') form.append(key, value);
  }
  if (payload.medic !== null) form.append('medic', String(payload.medic));
  // The card part is JSON (multipart's encoding of an object); left out, the stored cards stay as they are.
  if (payload.plan_card !== undefined) form.append('plan_card', JSON.stringify(payload.plan_card));
  return form;
}

type PatientFormBody = components['schemas']['PatientForm'];

/** POST /surgery/api/v1/add_paciente/ or PUT /surgery/api/v1/update_patient/{id}/ (multipart, SPEC §7). */
export async function savePatient(input: PatientSubmitInput, signal?: AbortSignal): Promise<Patient> {
  // openapi-fetch passes FormData through untouched (the browser sets the multipart boundary).
  const body = toPatientFormData(input.payload, input.mode) as unknown as PatientFormBody;
  let result: { data?: Patient; error?: unknown; response: Response };
  try {
    result =
      input.mode === 'edit' && input.patientId !== null
        ? await api.PUT('/surgery/api/v1/update_patient/{id}/', {
            params: { path: { id: input.patientId } },
            body,
            signal,
          })
        : await api.POST('/surgery/api/v1/add_paciente/', { body, signal });
  } catch {
    throw new PatientSaveError([T.errors.noResponse]);
  }
  const { data, error, response } = result;
  if (!response.ok || !data) {
    throw new PatientSaveError(saveFailureMessages(input.mode, response.status, error), response.status);
  }
  return data;
}

/** The wizard's `submitPatient` actor. */
export const submitPatient = fromPromise<SavedPatient, PatientSubmitInput>(({ input, signal }) =>
  savePatient(input, signal),
);

/** GET /surgery/api/v1/patient/{id}/: a fresh copy (new photo link) for the detail modal. */
export async function fetchPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  const { data, response } = await api.GET('/surgery/api/v1/patient/{id}/', {
    params: { path: { id } },
    signal,
  });
  if (!response.ok || !data) throw new Error(`getPatient answered ${response.status}`);
  return data;
}

type DeleteOutcome = 'deleted' | 'hasSurgery' | 'failed';

/** DELETE /surgery/api/v1/update_patient/{id}/: 204 deleted; 403 the patient has a surgery (SPEC §6, §8). */
export async function deletePatient(id: number): Promise<DeleteOutcome> {
  try {
    const { response } = await api.DELETE('/surgery/api/v1/update_patient/{id}/', { params: { path: { id } } });
    if (response.ok) return 'deleted';
    return response.status === 403 ? 'hasSurgery' : 'failed';
  } catch {
    return 'failed';
  }
}

/** GET /project_auth/api/v1/list_medic/: the medics a secretary works for (for a medic, themself). */
export async function fetchMedics(signal?: AbortSignal): Promise<MedicItem[]> {
  const { data, response } = await api.GET('/project_auth/api/v1/list_medic/', { signal });
  if (!response.ok || !data) throw new Error(`listMedics answered ${response.status}`);
  return data.results;
}
