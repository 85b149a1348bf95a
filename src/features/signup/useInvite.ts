import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { ptBR } from '../../lib/i18n/pt-BR';
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

/** GET /project_auth/api/v1/secretaria_convite/{token}: the invite, or the server's message (404 / 410). */
export function useInvite(token: string): InviteState & { retry: () => void } {
  const [state, setState] = useState<InviteState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    api
      .GET('/project_auth/api/v1/secretaria_convite/{token}', { params: { path: { token } } })
      .then(({ data, error, response }) => {
        if (cancelled) return;
        if (response.ok && data) {
          setState({ status: 'ready', invite: data });
          return;
        }
        setState({
          status: 'invalid',
          messages: messagesForFailure(response.status, error),
          retryable: response.status >= 500,
        });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'invalid', messages: [ptBR.errors.noResponse], retryable: true });
      });
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { ...state, retry };
}
