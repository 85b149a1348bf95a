import {
  doctorAccessProblems,
  doctorPersonalProblems,
  doctorProfessionalProblems,
  signupErrorMessages,
  signupNames,
  type DoctorAccessData,
  type DoctorPersonalData,
  type DoctorProfessionalData,
} from './rules';
import { createStepWizardMachine, type StepWizardContext, type StepWizardEvent } from '../wizard/stepWizard';

/**
 * The doctor signup wizard of /signup (SPEC §2, 3 steps; §3 doctor signup payload + `crm`,
 * DECISIONS §2): a configuration of the step-wizard factory (../wizard/stepWizard.ts).
 *
 * personal → professional → access → submitting → done, each step validated by ./rules.ts. An
 * invalid step and a failed submit (back on `access`) both leave their messages in
 * `context.errors`. The real `submitSignup` actor (POST /project_auth/api/v1/cadastro/) is
 * supplied with `.provide`.
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

export const doctorSignupMachine = createStepWizardMachine({
  id: 'doctorSignup',
  types: {} as { context: DoctorSignupContext; events: DoctorSignupEvent },
  // No input: the wizard always starts empty.
  context: () => ({ data: EMPTY_DOCTOR_SIGNUP, errors: [] }),
  steps: [
    { name: 'personal', validate: doctorPersonalProblems },
    { name: 'professional', validate: doctorProfessionalProblems },
    { name: 'access', validate: doctorAccessProblems },
  ],
  problemsKey: 'errors',
  submit: {
    actor: 'submitSignup',
    input: (context): DoctorSignupPayload => toDoctorSignupPayload(context.data),
    errors: signupErrorMessages,
  },
});
