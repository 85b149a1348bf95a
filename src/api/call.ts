/**
 * One way to write (and to make any call whose refusal a screen shows): `callApi` settles a call into a `CallResult`,
 * the answer or what the server said against it, in one shape for every feature (SPEC §8). Reads whose failure is
 * silent go through `read` (./read.ts) instead.
 */
import { attachmentName } from '../lib/download';
import { failedCallMessage, fieldErrors, generalErrorMessages, thrownCallMessage, type FieldErrors } from './errors';

/** `status` 0: no answer (the call threw), with SPEC §8's message for that as the one message. */
type CallFailure = { ok: false; status: number; messages: string[]; fields: FieldErrors };
export type CallResult<T> = { ok: true; data: T } | CallFailure;

/** An answer read as a result: a 2xx is the data, anything else the body's messages and field errors. */
export function resultOf<T>(status: number, body: unknown): CallResult<T> {
  if (status >= 200 && status < 300) return { ok: true, data: body as T };
  return { ok: false, status, messages: generalErrorMessages(body), fields: fieldErrors(body) };
}

/** A failure's messages, or SPEC §8's generic one for its status when the body said nothing. */
export function messagesOf(failure: CallFailure): string[] {
  return failure.messages.length > 0 ? failure.messages : [failedCallMessage(failure.status)];
}

/** The result of one openapi-fetch call; a blob error body (a download's) is read as the JSON it holds. */
export async function callApi<T>(send: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<CallResult<T>> {
  try {
    const { data, error, response } = await send();
    return resultOf<T>(response.status, response.ok ? data : await jsonOfBlob(error));
  } catch (thrown) {
    return { ok: false, status: 0, messages: [thrownCallMessage(thrown)], fields: {} };
  }
}

async function jsonOfBlob(error: unknown): Promise<unknown> {
  if (!(error instanceof Blob)) return error;
  try {
    return JSON.parse(await error.text()) as unknown;
  } catch {
    return null;
  }
}

/** A downloaded file: its bytes and its name (the answer's Content-Disposition, else the fallback). */
type DownloadedFile = { blob: Blob; filename: string };

/** A download (`parseAs: 'blob'`) as a result: the file, or the error body's messages. */
export async function callDownload(
  send: () => Promise<{ data?: Blob; error?: unknown; response: Response }>,
  fallbackName: string,
): Promise<CallResult<DownloadedFile>> {
  let filename = fallbackName;
  const result = await callApi(async () => {
    const answer = await send();
    filename = attachmentName(answer.response.headers.get('Content-Disposition'), fallbackName);
    return answer;
  });
  if (!result.ok) return result;
  return result.data instanceof Blob ? { ok: true, data: { blob: result.data, filename } } : resultOf(500, null);
}
