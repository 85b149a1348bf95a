/**
 * A multipart PUT or POST through XMLHttpRequest, whose upload events report progress (fetch and openapi-fetch have none),
 * with the session's Bearer token and one retry after a refreshed token on a 401, as the API client does.
 */
import { bearer } from './client';

/** Upload progress: bytes sent of the whole request. */
export type UploadProgress = { loaded: number; total: number };

/** A response body as JSON; an empty or malformed one reads as null. */
function jsonOrNull(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type FormMethod = 'PUT' | 'POST';

function sendOnce(method: FormMethod, url: string, form: FormData, token: string | null, onProgress: (progress: UploadProgress) => void) {
  return new Promise<{ status: number; body: unknown } | null>((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => resolve({ status: request.status, body: jsonOrNull(request.responseText) });
    request.onerror = () => resolve(null);
    request.onabort = () => resolve(null);
    request.send(form);
  });
}

type FormAnswer = { status: number; body: unknown } | null;

async function sendForm(method: FormMethod, url: string, form: FormData, onProgress: (progress: UploadProgress) => void): Promise<FormAnswer> {
  const token = bearer.current();
  const answer = await sendOnce(method, url, form, token, onProgress);
  if (answer?.status !== 401 || !token) return answer;
  const retryToken = await bearer.forRetry(token);
  return retryToken ? sendOnce(method, url, form, retryToken, onProgress) : answer;
}

/** PUT `form`: the answer's status and JSON body, or null when none came. */
export const putForm = (url: string, form: FormData, onProgress: (progress: UploadProgress) => void): Promise<FormAnswer> =>
  sendForm('PUT', url, form, onProgress);

/** POST `form`: the answer's status and JSON body, or null when none came. */
export const postForm = (url: string, form: FormData, onProgress: (progress: UploadProgress) => void): Promise<FormAnswer> =>
  sendForm('POST', url, form, onProgress);
