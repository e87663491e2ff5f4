/**
 * The errors the domain throws: what went wrong (a kind) and a stable code (the contract's
 * `code`, also the message key unless `messageKey` says otherwise). Services never speak HTTP:
 * `http/errors.ts` maps each kind to a status, once, for the error middleware.
 */
export type DomainErrorKind =
  /** The request cannot be read as asked (a wrong code, a malformed body). */
  | 'bad_request'
  | 'not_authenticated'
  | 'forbidden'
  | 'not_found'
  /** The request is valid but the state does not allow it. */
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  /** One or more fields are wrong (with `issues`), or the content is not what is expected. */
  | 'invalid'
  | 'rate_limited'
  /** An outside service (the card gateway) answered wrongly or not at all. */
  | 'gateway_failed'
  | 'gateway_timeout'
  /** Try again later (`retryAfterSeconds`): busy, not ready, a message not delivered. */
  | 'unavailable';

export interface ValidationIssue {
  loc: (string | number)[];
  /** A message key (see i18n/messages) or, when not a key, literal text. */
  msg: string;
  type: string;
  params?: Record<string, string | number>;
}

export interface DomainErrorDetails {
  messageKey?: string;
  params?: Record<string, string | number>;
  issues?: ValidationIssue[];
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(code);
  }
}

type Params = Record<string, string | number>;

export const badRequest = (code = 'bad_request', params?: Params) =>
  new DomainError('bad_request', code, { params });
export const unauthorized = (code = 'not_authenticated') =>
  new DomainError('not_authenticated', code);
export const forbidden = (code = 'forbidden') => new DomainError('forbidden', code);
export const notFound = (code = 'not_found') => new DomainError('not_found', code);
export const conflict = (code: string, params?: Params) =>
  new DomainError('conflict', code, { params });
export const payloadTooLarge = (code = 'payload_too_large', params?: Params) =>
  new DomainError('too_large', code, { params });
export const unprocessable = (code: string, params?: Params) =>
  new DomainError('invalid', code, { params });
export const invalid = (issues: ValidationIssue[], code = 'validation_error') =>
  new DomainError('invalid', code, { issues });
export const tooManyRequests = (retryAfterSeconds: number, code = 'too_many_requests') =>
  new DomainError('rate_limited', code, { messageKey: 'too_many_requests', retryAfterSeconds });
export const unavailable = (code: string, retryAfterSeconds: number) =>
  new DomainError('unavailable', code, { retryAfterSeconds });
