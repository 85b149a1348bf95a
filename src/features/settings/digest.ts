/**
 * The morning digest's IO (issue 39 item 3; openapi getDigest, updateDigest, unsubscribeDigest): whether the signed-in
 * account gets the e-mail, turning it on or off, and the e-mail's own 'stop' link, which needs no sign-in (its token
 * is signed by the server).
 */
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { callApi, type CallResult } from '../../api/call';
import { read, type ReadResult } from '../../api/read';

type DigestState = components['schemas']['DigestState'];

const PATH = '/project_auth/api/v1/digest/';

/** GET: whether the account gets the morning digest (off by default). */
export function getDigest(signal?: AbortSignal): Promise<ReadResult<DigestState>> {
  return read(() => api.GET(PATH, { signal }));
}

/** PUT: on (true) or off (false); the answer is the state saved. */
export function setDigestEnabled(enabled: boolean): Promise<CallResult<DigestState>> {
  return callApi(() => api.PUT(PATH, { body: { enabled } }));
}

/** POST, signed in or not: the e-mail's token stops that account's digest; a token not made by the server is a 400. */
export function unsubscribeDigest(token: string): Promise<CallResult<{ message: string }>> {
  return callApi(() => api.POST('/project_auth/api/v1/digest/unsubscribe/', { body: { token } }));
}
