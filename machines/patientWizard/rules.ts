import type { Type } from 'arktype';
import type { Gender } from '../constants';
import { problemsIn } from '../validation/problems';
import { brDateToIso, normalizePatientName, PATIENT_MESSAGES, type PatientWizardMode } from './patientFields';
import { detailsSchema, identificationSchema, MASKED_CPF, type PatientRuleOptions } from './schemas';

/**
 * The patient registration and edit wizard's rules (SPEC §2 Patients, §5, §9): its data, the problems of each step
 * (the step schemas of ./schemas.ts, which its form's resolver uses too), the payload it sends and the messages of a
 * failed save. The machine guards `wizard.next` / `wizard.submit` with the step problems.
 */

export type { PatientWizardMode };

/** A health plan as GET /surgery/api/v1/healthplan/ lists it. */
type HealthPlanRef = { id: number; fantasy_name: string };

/** What the two steps collect. Masked texts are kept as typed ('(11) 9 8765-4321', '01/02/1980'). */
export type PatientWizardData = {
  /** A new photo (JPEG/PNG/WebP); null keeps the current one (edit) or sends none (create). */
  foto: Blob | null;
  nome_completo: string;
  /** Masked (00) 0 0000-0000. */
  cellphone: string;
  convenio: HealthPlanRef | null;
  /** Masked dd/mm/yyyy; '' when unknown. */
  birthday: string;
  address: string;
  /** Masked 00.000-000; '' when unknown. */
  cep: string;
  /** Masked 000.000.000-00. */
  cpf: string;
  gender: Gender | '';
  /** The patient's medic (list_medic id); required when a secretary registers. */
  medic: number | null;
  /** The card of the chosen plan (docs/TISS.md "The patient's card"): optional; once typed, the number is required. */
  card_number: string;
  /** Masked dd/mm/yyyy; '' when unknown. */
  card_valid_until: string;
  /** The plan's product as the card names it ("Amil 400"). */
  card_plan_name: string;
  /** The plan whose stored card the card fields were prefilled with (edit): emptied there, that card is deleted. */
  card_plan_id: number | null;
};

type PatientField = Exclude<keyof PatientWizardData, 'foto' | 'card_plan_id'>;
export type PatientProblem = { field: PatientField; message: string };

export const EMPTY_PATIENT: PatientWizardData = {
  foto: null,
  nome_completo: '',
  cellphone: '',
  convenio: null,
  birthday: '',
  address: '',
  cep: '',
  cpf: '',
  gender: '',
  medic: null,
  card_number: '',
  card_valid_until: '',
  card_plan_name: '',
  card_plan_id: null,
};

/** The problems `schema` finds in `data`, one per field (its first), in the order of `fields`. */
function stepProblems(schema: Type, data: object, fields: readonly PatientField[]): PatientProblem[] {
  const problems = problemsIn(schema, data)?.fields ?? {};
  return fields.flatMap((field) => {
    const [message] = problems[field] ?? [];
    return message === undefined ? [] : [{ field, message }];
  });
}

type CardFields = 'convenio' | 'card_number' | 'card_valid_until' | 'card_plan_name';

/**
 * Step 1 (photo, Paciente, Telefone, Convênio, the card): name, a well-formed mobile and, with a plan chosen and the
 * card typed, its fields (./schemas.ts `identificationSchema`).
 */
export function identificationProblems(
  data: Pick<PatientWizardData, 'nome_completo' | 'cellphone'> & Partial<Pick<PatientWizardData, CardFields>>,
): PatientProblem[] {
  return stepProblems(identificationSchema, data, ['nome_completo', 'cellphone', 'card_number', 'card_valid_until', 'card_plan_name']);
}

/** SPEC §5: the create form says 'CPF Invalido!'; the edit form names the value entered. */
export function cpfProblems(cpf: string, mode: PatientWizardMode): PatientProblem[] {
  const [message] = problemsIn(MASKED_CPF[mode], cpf)?.error ?? [];
  return message === undefined ? [] : [{ field: 'cpf', message }];
}

/**
 * Step 2 (Data de nascimento, Endereço, CEP, CPF, Sexo Biológico, Médico): CPF required and valid, the biological
 * sex chosen, the birthday (when given) a real date not in the future, the address not too long, the CEP (when given)
 * 8 digits, and the medic chosen when a secretary registers (./schemas.ts `detailsSchema`).
 */
export function detailsProblems(
  data: Pick<PatientWizardData, 'birthday' | 'cep' | 'cpf' | 'gender' | 'medic'> & Partial<Pick<PatientWizardData, 'address'>>,
  options: PatientRuleOptions,
): PatientProblem[] {
  return stepProblems(detailsSchema(options), data, ['birthday', 'address', 'cep', 'cpf', 'gender', 'medic']);
}

/** The multipart body of add_paciente / update_patient (SPEC §3 patient form), before it becomes FormData. */
export type PatientPayload = {
  foto: Blob | null;
  nome_completo: string;
  cellphone: string;
  /** Health plan id, or null for none. */
  convenio: number | null;
  /** yyyy-MM-dd, or null when unknown. */
  birthday: string | null;
  address: string;
  cep: string;
  cpf: string;
  gender: Gender;
  /** null when the user is a medic (the server uses the user). */
  medic: number | null;
  /** The plan's card (sent as JSON); null deletes the stored card of the plan; undefined: not sent, stored cards stay. */
  plan_card?: PatientPlanCardPayload | null;
};

/** openapi PatientPlanCard as the wizard sends it. */
type PatientPlanCardPayload = { card_number: string; valid_until: string | null; plan_name: string | null };

/**
 * The card to send (docs/TISS.md "The patient's card"): none without a plan; the typed card; null when the fields
 * were emptied on the plan whose stored card they showed (the card is deleted); else none (stored cards stay).
 */
export function planCardPayload(data: PatientWizardData): PatientPlanCardPayload | null | undefined {
  if (!data.convenio) return undefined;
  const number = data.card_number.trim();
  const validUntil = data.card_valid_until.trim();
  const planName = normalizePatientName(data.card_plan_name);
  if (number === '' && validUntil === '' && planName === '') return data.card_plan_id === data.convenio.id ? null : undefined;
  return { card_number: number, valid_until: validUntil === '' ? null : brDateToIso(validUntil), plan_name: planName || null };
}

/** Builds the payload from valid wizard data: trimmed texts, the birthday as yyyy-MM-dd, the plan as its id. */
export function toPatientPayload(data: PatientWizardData): PatientPayload {
  return {
    foto: data.foto,
    nome_completo: normalizePatientName(data.nome_completo),
    cellphone: data.cellphone.trim(),
    convenio: data.convenio?.id ?? null,
    birthday: data.birthday.trim() === '' ? null : brDateToIso(data.birthday),
    address: data.address.trim(),
    cep: data.cep.trim(),
    cpf: data.cpf.trim(),
    gender: data.gender === 'female' ? 'female' : 'male',
    medic: data.medic,
    plan_card: planCardPayload(data),
  };
}

/**
 * The error a `submitPatient` actor rejects with: `messages` are shown as toasts (SPEC §8), `status` is the HTTP
 * status when the server answered.
 */
export class PatientSaveError extends Error {
  readonly messages: string[];
  readonly status: number | null;
  constructor(messages: string[], status: number | null = null) {
    super(messages.join(' '));
    this.name = 'PatientSaveError';
    this.messages = messages;
    this.status = status;
  }
}

/**
 * The pt-BR messages of a rejected save: those the error carries (any error with a non-empty `messages` list of
 * strings), else the mode's generic message ('Erro interno!' for an update, SPEC §8).
 */
export function patientSaveMessages(error: unknown, mode: PatientWizardMode): string[] {
  if (typeof error === 'object' && error !== null && 'messages' in error) {
    const { messages } = error as { messages: unknown };
    if (Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.trim())) {
      return messages as string[];
    }
  }
  return [mode === 'edit' ? PATIENT_MESSAGES.updateFailed : PATIENT_MESSAGES.createFailed];
}
