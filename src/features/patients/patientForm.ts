/**
 * The patient form's values and their conversions: to the wizard machine's data, from a saved Patient (edit prefill,
 * masks applied to what the API stores as digits), and a react-hook-form resolver built on the wizard's own rules
 * (machines/patientWizard/rules.ts), so that the step rules exist once (STYLE §17: RHF owns the field state, the
 * machine owns the step).
 */
import type { FieldError, Resolver } from 'react-hook-form';
import {
  detailsProblems,
  EMPTY_PATIENT,
  formatCep,
  identificationProblems,
  isoToBrDate,
  type PatientProblem,
  type PatientRuleOptions,
  type PatientWizardData,
} from '../../../machines/patientWizard/rules';
import { formatCpf } from '../../lib/format/cpf';
import { formatPhone } from '../../lib/format/phone';
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
};

export type PatientStep = 'identification' | 'details';

/** The empty form: the wizard's empty data (EMPTY_PATIENT) as form values. */
export const EMPTY_FORM: PatientFormValues = toFormValues(EMPTY_PATIENT);

/** Photos the server accepts (DECISIONS §7): JPEG, PNG or WebP up to 5 MB. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

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
  };
}

/** The problems of a step for the form's current values. */
export function problemsOfStep(step: PatientStep, values: PatientFormValues, options: PatientRuleOptions): PatientProblem[] {
  const data = { ...toWizardData(values) } as PatientWizardData;
  return step === 'identification' ? identificationProblems(data) : detailsProblems(data, options);
}

/** A resolver that marks each field with its first problem for the step shown (read through `current()`). */
export function patientResolver(current: () => { step: PatientStep; options: PatientRuleOptions }): Resolver<PatientFormValues> {
  return async (values) => {
    const { step, options } = current();
    const problems = problemsOfStep(step, values, options);
    if (problems.length === 0) return { values, errors: {} };
    const errors: Partial<Record<keyof PatientFormValues, FieldError>> = {};
    for (const problem of problems) errors[problem.field] ??= { type: 'rule', message: problem.message };
    return { values: {}, errors: errors as never };
  };
}
