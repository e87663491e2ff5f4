import { DomainError, type DomainErrorKind } from '../errors.js';

/**
 * Errors of the payments area. The `code` is the contract's stable id; the message key carries a
 * `payment_` prefix so it cannot clash with another area's keys.
 */
export const paymentError = (
  kind: DomainErrorKind,
  code: string,
  params?: Record<string, string | number>,
) => new DomainError(kind, code, { messageKey: `payment_${code}`, params });
