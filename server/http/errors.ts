import type { CaseStatus } from '../../machines/constants';

/**
 * An error that maps to a documented response: the status code and the body in one of the
 * SPEC §8 shapes. Route handlers and services throw these; the app's error handler sends them.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    /** Sent with the answer (e.g. `Retry-After` of a 429 or 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${statusCode}`);
  }
}

/** 400 with an `error` list, plus optional field errors such as `cid` or `procedure`. */
export function badRequest(messages: string[], fields: Record<string, string[]> = {}): HttpError {
  return new HttpError(400, { error: messages, ...fields });
}

export function unauthorized(message = 'Sessão expirada. Entre novamente.'): HttpError {
  return new HttpError(401, { error: [message] });
}

export function forbidden(message = 'Você não tem permissão para esta ação.'): HttpError {
  return new HttpError(403, { error: [message] });
}

/** Also used for records of another tenant: their existence is not revealed. */
export function notFound(message = 'Registro não encontrado.'): HttpError {
  return new HttpError(404, { error: [message] });
}

export function gone(message: string): HttpError {
  return new HttpError(410, { error: [message] });
}

export function conflict(message: string, actualStatus: CaseStatus): HttpError {
  return new HttpError(409, { message, status: { actual_status: actualStatus } });
}

export function payloadTooLarge(message = 'Arquivo muito grande.'): HttpError {
  return new HttpError(413, { error: [message] });
}
