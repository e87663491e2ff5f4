/**
 * Errors with stable codes. Routes and services throw these; the error middleware renders them
 * in the contract's shape ({detail, code}) in the caller's language.
 */
export interface ValidationIssue {
  loc: (string | number)[];
  /** A message key (see i18n/messages) or, when not a key, literal text. */
  msg: string;
  type: string;
  params?: Record<string, string | number>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** Stable machine id; also the message key unless messageKey says otherwise. */
    readonly code: string,
    readonly options: {
      messageKey?: string;
      params?: Record<string, string | number>;
      issues?: ValidationIssue[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code);
  }
}

export const badRequest = (code = 'bad_request', params?: Record<string, string | number>) =>
  new HttpError(400, code, { params });
export const unauthorized = (code = 'not_authenticated') => new HttpError(401, code);
export const forbidden = (code = 'forbidden') => new HttpError(403, code);
export const notFound = (code = 'not_found') => new HttpError(404, code);
export const conflict = (code: string, params?: Record<string, string | number>) =>
  new HttpError(409, code, { params });
export const payloadTooLarge = (
  code = 'payload_too_large',
  params?: Record<string, string | number>,
) => new HttpError(413, code, { params });
export const unprocessable = (code: string, params?: Record<string, string | number>) =>
  new HttpError(422, code, { params });
export const invalid = (issues: ValidationIssue[], code = 'validation_error') =>
  new HttpError(422, code, { issues });
export const tooManyRequests = (retryAfterSeconds: number, code = 'too_many_requests') =>
  new HttpError(429, code, {
    messageKey: 'too_many_requests',
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
