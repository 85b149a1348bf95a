import { assign, fromPromise, not, setup } from 'xstate';
import {
  secretaryAccessProblems,
  secretaryExistingAccountProblems,
  secretaryPersonalProblems,
  signupErrorMessages,
  type SecretaryAccessData,
  type SecretaryPersonalData,
} from './rules';

/**
 * The secretary invite signup of /signup-secretary/{token} (SPEC §2, 2 steps; §3 secretary invite
 * payload; DECISIONS §2).
 *
 * personal → access → submitting → done, with the same events and error handling as the doctor
 * wizard: `wizard.next` / `wizard.submit` merge `data` and move only when the step is valid; a
 * failed submit returns to `access` with the messages in `context.errors`. The real
 * `submitSignup` actor (POST /project_auth/api/v1/secretaria_convite/{token}) is supplied with
 * `.provide`; it receives the invite token and the payload.
 *
 * When the invite's e-mail already has a secretary account (`existingAccount`, from GET
 * /project_auth/api/v1/secretaria_convite/{token}), DECISIONS §2 asks only for the password: the
 * wizard skips `personal` (an eventless move to `access`), `access` needs only the password, and
 * the payload carries only `password` and `news`.
 */

export type SecretarySignupData = SecretaryPersonalData &
  SecretaryAccessData & {
    /** Not asked by the wizard; defaults to the first name in the payload. */
    nickname: string;
    /** "Receive notifications from the doctor". */
    news: boolean;
  };

/**
 * Body of POST /project_auth/api/v1/secretaria_convite/{token} (SPEC §3): every field for a new
 * account; only `password` (and `news`) for an existing one.
 */
export type SecretarySignupPayload = {
  nickname?: string;
  first_name?: string;
  last_name?: string;
  cpf?: string;
  password: string;
  confirmPassword?: string;
  email?: string;
  news: boolean;
};

export type SecretarySubmitInput = { token: string; payload: SecretarySignupPayload };

export type SecretarySignupContext = {
  token: string;
  existingAccount: boolean;
  data: SecretarySignupData;
  errors: string[];
};

export type SecretarySignupInput = {
  /** The invite token from the link. */
  token: string;
  /** Optional prefill, e.g. e-mail and names from GET /project_auth/api/v1/secretaria_convite/{token}. */
  initial?: Partial<SecretarySignupData>;
  /** The invite's `existing_account`: ask only for the password. Default false. */
  existingAccount?: boolean;
};

export type SecretarySignupEvent =
  | { type: 'wizard.next'; data: Partial<SecretarySignupData> }
  | { type: 'wizard.back'; data?: Partial<SecretarySignupData> }
  | { type: 'wizard.submit'; data: Partial<SecretarySignupData> };

export const EMPTY_SECRETARY_SIGNUP: SecretarySignupData = {
  first_name: '',
  last_name: '',
  cpf: '',
  email: '',
  password: '',
  confirmPassword: '',
  nickname: '',
  news: false,
};

/** Builds the invite-signup body from the wizard's data. */
export function toSecretarySignupPayload(
  data: SecretarySignupData,
  existingAccount = false,
): SecretarySignupPayload {
  if (existingAccount) return { password: data.password, news: data.news };
  const firstName = data.first_name.trim();
  return {
    nickname: data.nickname.trim() || firstName,
    first_name: firstName,
    last_name: data.last_name.trim(),
    cpf: data.cpf,
    password: data.password,
    confirmPassword: data.confirmPassword,
    email: data.email.trim(),
    news: data.news,
  };
}

type StepRule = (data: SecretarySignupData) => string[];
type Args = { context: SecretarySignupContext; event: SecretarySignupEvent };

function merged({ context, event }: Args): SecretarySignupData {
  return { ...context.data, ...event.data };
}

const isValidBy = (rule: StepRule) => (args: Args) => rule(merged(args)).length === 0;
const problemsBy = (rule: StepRule) => (args: Args) => ({ errors: rule(merged(args)) });

function accessRule(args: Args): StepRule {
  return args.context.existingAccount ? secretaryExistingAccountProblems : secretaryAccessProblems;
}

export const secretarySignupMachine = setup({
  types: {
    context: {} as SecretarySignupContext,
    events: {} as SecretarySignupEvent,
    input: {} as SecretarySignupInput,
  },
  actors: {
    submitSignup: fromPromise<unknown, SecretarySubmitInput>(async () => {
      throw new Error('secretarySignupMachine: the "submitSignup" actor must be provided with .provide()');
    }),
  },
  actions: {
    assignData: assign({ data: (args) => merged(args) }),
    clearErrors: assign({ errors: [] }),
    assignPersonalProblems: assign(problemsBy(secretaryPersonalProblems)),
    assignAccessProblems: assign((args) => problemsBy(accessRule(args))(args)),
    assignSubmitErrors: assign((_, params: { error: unknown }) => ({
      errors: signupErrorMessages(params.error),
    })),
  },
  guards: {
    isPersonalValid: isValidBy(secretaryPersonalProblems),
    isAccessValid: (args) => isValidBy(accessRule(args))(args),
    isExistingAccount: ({ context }) => context.existingAccount,
  },
}).createMachine({
  id: 'secretarySignup',
  context: ({ input }) => ({
    token: input.token,
    existingAccount: input.existingAccount ?? false,
    data: { ...EMPTY_SECRETARY_SIGNUP, ...input.initial },
    errors: [],
  }),
  initial: 'personal',
  states: {
    personal: {
      always: { guard: 'isExistingAccount', target: 'access' },
      on: {
        'wizard.next': [
          { guard: 'isPersonalValid', target: 'access', actions: ['assignData', 'clearErrors'] },
          { actions: ['assignData', 'assignPersonalProblems'] },
        ],
      },
    },
    access: {
      on: {
        'wizard.submit': [
          { guard: 'isAccessValid', target: 'submitting', actions: ['assignData', 'clearErrors'] },
          { actions: ['assignData', 'assignAccessProblems'] },
        ],
        'wizard.back': {
          guard: not('isExistingAccount'),
          target: 'personal',
          actions: ['assignData', 'clearErrors'],
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: ({ context }) => ({
          token: context.token,
          payload: toSecretarySignupPayload(context.data, context.existingAccount),
        }),
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

export type SecretarySignupMachine = typeof secretarySignupMachine;
