import { HttpError } from '../../http/errors.js';

/**
 * Errors of the payments area. The `code` is the contract's stable id; the message key carries a
 * `payment_` prefix so it cannot clash with another area's keys.
 */
export const paymentError = (
  status: number,
  code: string,
  params?: Record<string, string | number>,
) => new HttpError(status, code, { messageKey: `payment_${code}`, params });
