/**
 * The patient form's values and their conversions: to the wizard machine's data, and from a saved Patient (edit
 * prefill, masks applied to what the API stores as digits). The form checks them with the step schemas of
 * machines/patientWizard/schemas.ts, the ones the machine's guards use (STYLE §17: RHF owns the field state, the
 * machine owns the step).
 */
import type { Type } from 'arktype';
import type { Resolver } from 'react-hook-form';
import { stepResolver as formStepResolver } from '../../components/form/stepResolver';
import { formatCep, isoToBrDate } from '../../../machines/patientWizard/patientFields';
import { EMPTY_PATIENT, type PatientWizardData } from '../../../machines/patientWizard/rules';
import { formatPhone } from '../../../machines/rules/phone';
import { formatCpf } from '../../lib/format/cpf';
import type { HealthPlan, Patient } from './actors';

export type PatientFormValues = {
  foto: File | null;
  nome_completo: string;
  cellphone: string;
  convenio: HealthPlan | null;
  birthday: string;
  address: string;
  cep: string;
  cpf: string;
  gender: '' | 'male' | 'female';
  /** The Médico select's value (the medic id as text; '' when none is chosen). */
  medic: string;
  card_number: string;
  /** Masked dd/mm/yyyy. */
  card_valid_until: string;
  card_plan_name: string;
  /** The plan whose stored card the card fields were prefilled with (edit), or null. */
  card_plan_id: number | null;
};

export type PatientStep = 'identification' | 'details';

/** The empty form: the wizard's empty data (EMPTY_PATIENT) as form values. */
export const EMPTY_FORM: PatientFormValues = toFormValues(EMPTY_PATIENT);

export function toWizardData(values: PatientFormValues): Partial<PatientWizardData> {
  const medic = Number.parseInt(values.medic, 10);
  return {
    foto: values.foto,
    nome_completo: values.nome_completo,
    cellphone: values.cellphone,
    convenio: values.convenio,
    birthday: values.birthday,
    address: values.address,
    cep: values.cep,
    cpf: values.cpf,
    gender: values.gender,
    medic: Number.isInteger(medic) ? medic : null,
    card_number: values.card_number,
    card_valid_until: values.card_valid_until,
    card_plan_name: values.card_plan_name,
    card_plan_id: values.card_plan_id,
  };
}

export function toFormValues(data: PatientWizardData): PatientFormValues {
  return {
    foto: data.foto instanceof File ? data.foto : null,
    nome_completo: data.nome_completo,
    cellphone: data.cellphone,
    convenio: data.convenio,
    birthday: data.birthday,
    address: data.address,
    cep: data.cep,
    cpf: data.cpf,
    gender: data.gender,
    medic: data.medic === null ? '' : String(data.medic),
    card_number: data.card_number,
    card_valid_until: data.card_valid_until,
    card_plan_name: data.card_plan_name,
    card_plan_id: data.card_plan_id,
  };
}

/** The edit form's prefill from a saved patient (the API stores phone and CEP as digits). */
export function wizardDataFromPatient(patient: Patient): Partial<PatientWizardData> {
  return {
    foto: null,
    nome_completo: patient.nome_completo,
    cellphone: formatPhone(patient.cellphone),
    convenio: patient.convenio ?? null,
    birthday: isoToBrDate(patient.birthday),
    address: patient.address ?? '',
    cep: formatCep(patient.cep),
    cpf: formatCpf(patient.cpf),
    gender: patient.gender ?? '',
    medic: patient.medic.id,
    ...cardValues(patient),
  };
}

/** The card fields and the plan they belong to. */
export type CardValues = Pick<PatientWizardData, 'card_number' | 'card_valid_until' | 'card_plan_name' | 'card_plan_id'>;

/** The card fields' prefill: the card of the patient's current plan (masked validity), or empty ones. */
export function cardValues(patient: Patient | null): CardValues {
  const card = patient?.plan_card ?? null;
  return {
    card_number: card?.card_number ?? '',
    card_valid_until: isoToBrDate(card?.valid_until),
    card_plan_name: card?.plan_name ?? '',
    card_plan_id: card && patient?.convenio ? patient.convenio.id : null,
  };
}

/**
 * The form's resolver for the step shown (src/components/form/stepResolver.ts), the values kept as typed (raw).
 * A step schema declares only its step's fields (the others pass unread), hence the widening to the whole form.
 */
export function stepResolver(schema: Type<object>): Resolver<PatientFormValues> {
  return formStepResolver<PatientFormValues>(schema);
}
