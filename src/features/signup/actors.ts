/**
 * The real IO of the signup wizards (STYLE §3): the `submitSignup` actors supplied to the machines with `.provide`,
 * and the reads the pages need (specialties, invite).
 */
import { fromPromise } from 'xstate';
import type { DoctorSignupPayload } from '../../../machines/signup/doctorSignupMachine';
import type { SecretarySubmitInput } from '../../../machines/signup/secretarySignupMachine';
import { SignupError } from '../../../machines/signup/signupCommon';
import { api } from '../../api/client';
import { generalErrorMessages, isUnreachable } from '../../api/errors';
import { ptBR } from '../../lib/i18n/pt-BR';

/**
 * The pt-BR messages of an error body (SPEC §8 shapes): the `error` list, then `non_field_errors`, then `message`;
 * 'Ocorreu um erro interno!' when the body has none of them.
 */
function messagesFromErrorBody(body: unknown): string[] {
  const messages = generalErrorMessages(body);
  return messages.length > 0 ? messages : [ptBR.errors.internal];
}

/**
 * The messages of a failed answer: the body's, or the "no response" text for a gateway error (the API was not
 * reached) without any.
 */
export function messagesForFailure(status: number, body: unknown): string[] {
  const messages = messagesFromErrorBody(body);
  if (isUnreachable(status) && messages.length === 1 && messages[0] === ptBR.errors.internal) {
    return [ptBR.errors.noResponse];
  }
  return messages;
}

type ApiResult = { error?: unknown; response: Response };

/** Runs a call; a non-2xx answer or no answer at all rejects with a SignupError carrying the messages to show. */
async function callOrThrow(call: () => Promise<ApiResult>): Promise<void> {
  let result: ApiResult;
  try {
    result = await call();
  } catch {
    throw new SignupError([ptBR.errors.noResponse]);
  }
  if (!result.response.ok) throw new SignupError(messagesForFailure(result.response.status, result.error));
}

/** POST /project_auth/api/v1/cadastro/ (SPEC §7). */
export const submitDoctorSignup = fromPromise<unknown, DoctorSignupPayload>(({ input }) =>
  callOrThrow(() => api.POST('/project_auth/api/v1/cadastro/', { body: input })),
);

/** POST /project_auth/api/v1/secretaria_convite/{token} (SPEC §7). */
export const submitSecretarySignup = fromPromise<unknown, SecretarySubmitInput>(({ input }) =>
  callOrThrow(() =>
    api.POST('/project_auth/api/v1/secretaria_convite/{token}', {
      params: { path: { token: input.token } },
      body: input.payload,
    }),
  ),
);

/** Links an existing secretary account to the inviting medic: only the current password (DECISIONS §2). */
export function acceptInviteWithExistingAccount(input: {
  token: string;
  email: string;
  password: string;
  news: boolean;
}): Promise<void> {
  return callOrThrow(() =>
    api.POST('/project_auth/api/v1/secretaria_convite/{token}', {
      params: { path: { token: input.token } },
      body: { email: input.email, password: input.password, news: input.news },
    }),
  );
}
