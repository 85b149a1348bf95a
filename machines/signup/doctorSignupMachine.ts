import { assign, fromPromise, setup } from 'xstate';
import {
  doctorAccessProblems,
  doctorPersonalProblems,
  doctorProfessionalProblems,
  signupErrorMessages,
  type DoctorAccessData,
  type DoctorPersonalData,
  type DoctorProfessionalData,
} from './rules';

/**
 * The doctor signup wizard of /signup (SPEC §2, 3 steps; §3 doctor signup payload + `crm`,
 * DECISIONS §2).
 *
 * personal → professional → access → submitting → done. `wizard.next` / `wizard.submit` carry the
 * step's form values in `data`; they are always merged into `context.data` (so Voltar shows what
 * was typed) and the move happens only when the step is valid by ./rules.ts. An invalid step stays
 * where it is with the problems in `context.errors`. A failed submit returns to `access` with the
 * server's messages in `context.errors`. The real `submitSignup` actor (POST
 * /project_auth/api/v1/cadastro/) is supplied with `.provide`.
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

export type DoctorSignupContext = { data: DoctorSignupData; errors: string[] };

export type DoctorSignupEvent =
  | { type: 'wizard.next'; data: Partial<DoctorSignupData> }
  | { type: 'wizard.back'; data?: Partial<DoctorSignupData> }
  | { type: 'wizard.submit'; data: Partial<DoctorSignupData> };

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
  const firstName = data.first_name.trim();
  return {
    nickname: data.nickname.trim() || firstName,
    first_name: firstName,
    last_name: data.last_name.trim(),
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

type StepRule = (data: DoctorSignupData) => string[];
type Args = { context: DoctorSignupContext; event: DoctorSignupEvent };

function merged({ context, event }: Args): DoctorSignupData {
  return { ...context.data, ...event.data };
}

const isValidBy = (rule: StepRule) => (args: Args) => rule(merged(args)).length === 0;
const problemsBy = (rule: StepRule) => (args: Args) => ({ errors: rule(merged(args)) });

export const doctorSignupMachine = setup({
  types: {
    context: {} as DoctorSignupContext,
    events: {} as DoctorSignupEvent,
  },
  actors: {
    submitSignup: fromPromise<unknown, DoctorSignupPayload>(async () => {
      throw new Error('doctorSignupMachine: the "submitSignup" actor must be provided with .provide()');
    }),
  },
  actions: {
    assignData: assign({ data: (args) => merged(args) }),
    clearErrors: assign({ errors: [] }),
    assignPersonalProblems: assign(problemsBy(doctorPersonalProblems)),
    assignProfessionalProblems: assign(problemsBy(doctorProfessionalProblems)),
    assignAccessProblems: assign(problemsBy(doctorAccessProblems)),
    assignSubmitErrors: assign((_, params: { error: unknown }) => ({
      errors: signupErrorMessages(params.error),
    })),
  },
  guards: {
    isPersonalValid: isValidBy(doctorPersonalProblems),
    isProfessionalValid: isValidBy(doctorProfessionalProblems),
    isAccessValid: isValidBy(doctorAccessProblems),
  },
}).createMachine({
  id: 'doctorSignup',
  // No input: the wizard always starts empty.
  context: { data: EMPTY_DOCTOR_SIGNUP, errors: [] },
  initial: 'personal',
  states: {
    personal: {
      on: {
        'wizard.next': [
          { guard: 'isPersonalValid', target: 'professional', actions: ['assignData', 'clearErrors'] },
          { actions: ['assignData', 'assignPersonalProblems'] },
        ],
      },
    },
    professional: {
      on: {
        'wizard.next': [
          { guard: 'isProfessionalValid', target: 'access', actions: ['assignData', 'clearErrors'] },
          { actions: ['assignData', 'assignProfessionalProblems'] },
        ],
        'wizard.back': { target: 'personal', actions: ['assignData', 'clearErrors'] },
      },
    },
    access: {
      on: {
        'wizard.submit': [
          { guard: 'isAccessValid', target: 'submitting', actions: ['assignData', 'clearErrors'] },
          { actions: ['assignData', 'assignAccessProblems'] },
        ],
        'wizard.back': { target: 'professional', actions: ['assignData', 'clearErrors'] },
      },
    },
    submitting: {
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: ({ context }) => toDoctorSignupPayload(context.data),
        onDone: { target: 'done' },
        onError: {
          target: 'access',
          actions: { type: 'assignSubmitErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type DoctorSignupMachine = typeof doctorSignupMachine;
