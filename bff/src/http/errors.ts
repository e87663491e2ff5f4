import type { DomainError, DomainErrorKind } from '../services/errors.js';

/** The one table from what went wrong to the HTTP status the contract declares for it. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  bad_request: 400,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  invalid: 422,
  rate_limited: 429,
  gateway_failed: 502,
  gateway_timeout: 504,
  unavailable: 503,
};

/**
 * An error of the protocol itself, which only the HTTP layer can meet: no route for the path,
 * a method the path does not allow (with its Allow header), a method nobody implements, a crash.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 404 | 405 | 500 | 501,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** What the error middleware answers: a status, the code, the message and its headers. */
export interface ErrorAnswer {
  status: number;
  code: string;
  messageKey: string;
  params?: Record<string, string | number> | undefined;
  issues?: DomainError['details']['issues'];
  headers: Record<string, string>;
}

export function answerOf(error: DomainError | HttpError): ErrorAnswer {
  if (error instanceof HttpError)
    return {
      status: error.status,
      code: error.code,
      messageKey: error.code,
      headers: error.headers,
    };
  const { messageKey, params, issues, retryAfterSeconds } = error.details;
  return {
    status: STATUS_OF[error.kind],
    code: error.code,
    messageKey: messageKey ?? error.code,
    params,
    issues,
    headers:
      retryAfterSeconds === undefined
        ? {}
        : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  };
}
