import {
  secretaryAccessProblems,
  secretaryExistingAccountProblems,
  secretaryPersonalProblems,
  signupErrorMessages,
  signupNames,
  type SecretaryAccessData,
  type SecretaryPersonalData,
} from './rules';
import { createStepWizardMachine, type StepWizardContext, type StepWizardEvent } from '../wizard/stepWizard';

/**
 * The secretary invite signup of /signup-secretary/{token} (SPEC §2, 2 steps; §3 secretary invite
 * payload; DECISIONS §2): a configuration of the step-wizard factory (../wizard/stepWizard.ts).
 *
 * personal → access → submitting → done, with the doctor wizard's events and error handling (the
 * messages in `context.errors`). The real `submitSignup` actor (POST
 * /project_auth/api/v1/secretaria_convite/{token}) is supplied with `.provide`; it receives the
 * invite token and the payload.
 *
 * When the invite's e-mail already has a secretary account (`existingAccount`, from GET
 * /project_auth/api/v1/secretaria_convite/{token}), DECISIONS §2 asks only for the password: the
 * wizard skips `personal` (an eventless move to `access`, and no Voltar), `access` needs only the
 * password, and the payload carries only `password` and `news`.
 */

export type SecretarySignupData = SecretaryPersonalData &
  SecretaryAccessData & {
    /** Not asked by the wizard; defaults to the first name in the payload. */
    nickname: string;
    /** "Receive notifications from the doctor". */
    news: boolean;
    /** The LGPD consent (a new account only; the form requires it, as the doctor's). */
    IAcceptToStoreData: boolean;
  };

/**
 * Body of POST /project_auth/api/v1/secretaria_convite/{token} (SPEC §3): every field for a new
 * account; only `password` (and `news`) for an existing one.
 */
type SecretarySignupPayload = {
  nickname?: string;
  first_name?: string;
  last_name?: string;
  cpf?: string;
  password: string;
  confirmPassword?: string;
  email?: string;
  IAcceptToStoreData?: boolean;
  news: boolean;
};

export type SecretarySubmitInput = { token: string; payload: SecretarySignupPayload };

type SecretarySignupContext = StepWizardContext<SecretarySignupData> & {
  token: string;
  existingAccount: boolean;
};

export type SecretarySignupInput = {
  /** The invite token from the link. */
  token: string;
  /** Optional prefill, e.g. e-mail and names from GET /project_auth/api/v1/secretaria_convite/{token}. */
  initial?: Partial<SecretarySignupData>;
  /** The invite's `existing_account`: ask only for the password. Default false. */
  existingAccount?: boolean;
};

export type SecretarySignupEvent = StepWizardEvent<SecretarySignupData>;

const EMPTY_SECRETARY_SIGNUP: SecretarySignupData = {
  first_name: '',
  last_name: '',
  cpf: '',
  email: '',
  password: '',
  confirmPassword: '',
  nickname: '',
  news: false,
  IAcceptToStoreData: false,
};

/** Builds the invite-signup body from the wizard's data. */
export function toSecretarySignupPayload(
  data: SecretarySignupData,
  existingAccount = false,
): SecretarySignupPayload {
  if (existingAccount) return { password: data.password, news: data.news };
  return {
    ...signupNames(data),
    cpf: data.cpf,
    password: data.password,
    confirmPassword: data.confirmPassword,
    email: data.email.trim(),
    IAcceptToStoreData: data.IAcceptToStoreData,
    news: data.news,
  };
}

/** Step 2 asks only for the password when the invite's e-mail already has an account. */
function secretaryAccessStepProblems(data: SecretarySignupData, context: SecretarySignupContext): string[] {
  return context.existingAccount ? secretaryExistingAccountProblems(data) : secretaryAccessProblems(data);
}

export const secretarySignupMachine = createStepWizardMachine({
  id: 'secretarySignup',
  types: {} as { context: SecretarySignupContext; events: SecretarySignupEvent; input: SecretarySignupInput },
  context: (input) => ({
    token: input.token,
    existingAccount: input.existingAccount ?? false,
    data: { ...EMPTY_SECRETARY_SIGNUP, ...input.initial },
    errors: [],
  }),
  steps: [
    { name: 'personal', validate: secretaryPersonalProblems, skip: (context) => context.existingAccount },
    { name: 'access', validate: secretaryAccessStepProblems },
  ],
  problemsKey: 'errors',
  submit: {
    actor: 'submitSignup',
    input: (context): SecretarySubmitInput => ({
      token: context.token,
      payload: toSecretarySignupPayload(context.data, context.existingAccount),
    }),
    errors: signupErrorMessages,
  },
});
