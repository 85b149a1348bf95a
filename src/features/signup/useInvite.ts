import { api } from '../../api/client';
import type { ReadResult } from '../../api/read';
import { ptBR } from '../../lib/i18n/pt-BR';
import { useRead } from '../../lib/useRead';
import { messagesForFailure } from './actors';

export type Invite = {
  email: string;
  first_name: string;
  last_name: string;
  medic: { first_name: string; last_name: string };
  existing_account: boolean;
};

type InviteState =
  | { status: 'loading' }
  /** `retryable`: the API could not answer (network, 5xx); a 404/410 is final. */
  | { status: 'invalid'; messages: string[]; retryable: boolean }
  | { status: 'ready'; invite: Invite };

type InviteAnswer = Exclude<InviteState, { status: 'loading' }>;

/** GET /project_auth/api/v1/secretaria_convite/{token}: the invite, or the server's message (404 / 410). */
export function useInvite(token: string): InviteState & { retry: () => void } {
  const { state, retry } = useRead(
    // Any answer is the invite's state (its 404/410 says why not); only no answer at all is a failed read.
    async (signal): Promise<ReadResult<InviteAnswer>> => {
      const { data, error, response } = await api.GET('/project_auth/api/v1/secretaria_convite/{token}', {
        params: { path: { token } },
        signal,
      });
      if (response.ok && data) return { kind: 'ok', value: { status: 'ready', invite: data } };
      return { kind: 'ok', value: { status: 'invalid', messages: messagesForFailure(response.status, error), retryable: response.status >= 500 } };
    },
    [token],
  );
  if (state.status === 'ready') return { ...state.value, retry };
  // No answer came (network).
  if (state.status === 'error' || state.status === 'empty') return { status: 'invalid', messages: [ptBR.errors.noResponse], retryable: true, retry };
  return { status: 'loading', retry };
}
