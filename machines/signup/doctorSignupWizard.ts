import {
  signupErrorMessages,
  signupNames,
  type DoctorAccessData,
  type DoctorPersonalData,
  type DoctorProfessionalData,
} from './signupCommon';
import { createStepWizardMachine, type StepWizardContext, type StepWizardEvent } from '../wizard/stepWizard';

/**
 * The doctor signup wizard of /signup (SPEC §2, 3 steps; §3 doctor signup payload + `crm`, DECISIONS §2), built over
 * the checks of its steps: ./doctorSignupMachine.ts builds it over ./rules.ts (the step schemas), and /signup over
 * the same rules loaded after its first paint (issue 41, goal 6: this file loads no arktype).
 */

export type DoctorSignupData = DoctorPersonalData &
  DoctorProfessionalData &
  DoctorAccessData & {
    /** Not asked by the wizard; defaults to the first name in the payload. */
    nickname: string;
    news: boolean;
    IAcceptToStoreData: boolean;
  };

/** Body of POST /project_auth/api/v1/cadastro/ (SPEC §3 doctor signup + crm). */
export type DoctorSignupPayload = {
  nickname: string;
  first_name: string;
  last_name: string;
  cpf: string;
  specialty: number;
  address: string;
  cellphone: string;
  crm: string;
  password: string;
  confirmPassword: string;
  email: string;
  IAcceptToStoreData: boolean;
  IHaveASecretary: boolean;
  secretary: string;
  news: boolean;
};

type DoctorSignupContext = StepWizardContext<DoctorSignupData>;

export type DoctorSignupEvent = StepWizardEvent<DoctorSignupData>;

export const EMPTY_DOCTOR_SIGNUP: DoctorSignupData = {
  first_name: '',
  last_name: '',
  cpf: '',
  address: '',
  cellphone: '',
  crm: '',
  specialty: null,
  email: '',
  password: '',
  confirmPassword: '',
  IHaveASecretary: false,
  secretary: '',
  nickname: '',
  news: false,
  IAcceptToStoreData: false,
};

/** Builds the signup body from the wizard's data (trimmed texts, nickname defaulting to the first name). */
export function toDoctorSignupPayload(data: DoctorSignupData): DoctorSignupPayload {
  return {
    ...signupNames(data),
    cpf: data.cpf,
    specialty: data.specialty ?? 0,
    address: data.address.trim(),
    cellphone: data.cellphone,
    crm: data.crm.trim(),
    password: data.password,
    confirmPassword: data.confirmPassword,
    email: data.email.trim(),
    IAcceptToStoreData: data.IAcceptToStoreData,
    IHaveASecretary: data.IHaveASecretary,
    secretary: data.IHaveASecretary ? data.secretary.trim() : '',
    news: data.news,
  };
}

/** Each step's problems (pt-BR, in the order of the step's fields; none: the step is valid). */
export type DoctorStepChecks = {
  personal: (data: DoctorPersonalData) => string[];
  professional: (data: DoctorProfessionalData) => string[];
  access: (data: DoctorAccessData) => string[];
};

/** The machine of ./doctorSignupMachine.ts over `checks`. */
export function createDoctorSignupMachine(checks: DoctorStepChecks) {
  return createStepWizardMachine({
    id: 'doctorSignup',
    types: {} as { context: DoctorSignupContext; events: DoctorSignupEvent },
    // No input: the wizard always starts empty.
    context: () => ({ data: EMPTY_DOCTOR_SIGNUP, errors: [] }),
    steps: [
      { name: 'personal', validate: checks.personal },
      { name: 'professional', validate: checks.professional },
      { name: 'access', validate: checks.access },
    ],
    problemsKey: 'errors',
    submit: {
      actor: 'submitSignup',
      input: (context): DoctorSignupPayload => toDoctorSignupPayload(context.data),
      errors: signupErrorMessages,
    },
  });
}
