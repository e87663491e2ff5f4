import { api, SKIP_AUTH_REDIRECT } from '../../../lib/api/client';
import type { ManagedPerson, PaymentBody, UserActivity } from '../rules';
import type { components } from '../../../lib/api/schema.gen';

export type PaymentRedirect = components['schemas']['PaymentRedirect'];
export type PaymentRequest = components['schemas']['PaymentRequest'];

/** Thrown with the server's error body (or undefined for a network failure). */
export class ApiError extends Error {
  constructor(
    readonly body: unknown,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super('API call failed', options);
  }
}

async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    throw new ApiError(undefined, undefined, { cause });
  }
  if (result.error !== undefined || result.data === undefined) {
    throw new ApiError(result.error, result.response.status);
  }
  return result.data;
}

/**
 * A call made ahead of need (see preloadDashboardData) leaves a 401 to whoever uses the answer,
 * instead of leaving the page at once: the maintenance gate, say, may never show the dashboard.
 */
export interface CallOptions {
  deferUnauthorized?: boolean;
}
const headersFor = (options: CallOptions) =>
  options.deferUnauthorized ? { [SKIP_AUTH_REDIRECT]: '1' } : {};

/** GET /user/persons/: the people this account manages. */
export function fetchPersons(options: CallOptions = {}): Promise<ManagedPerson[]> {
  return unwrap(api.GET('/user/persons/', { headers: headersFor(options) }));
}

/** GET /user/activities/{person_activity_id}: one person's activities with the server's amounts. */
export function fetchActivities(
  personActivityId: number,
  options: CallOptions = {},
): Promise<UserActivity[]> {
  return unwrap(
    api.GET('/user/activities/{person_activity_id}', {
      params: { path: { person_activity_id: personActivityId } },
      headers: headersFor(options),
    }),
  );
}

/** POST /payments/generate-multiple/: the signed form to post to the payment gateway. */
export function generatePayment(body: PaymentBody): Promise<PaymentRedirect> {
  // `family_differences` left out is the contract's default (none): the server applies it
  return unwrap(api.POST('/payments/generate-multiple/', { body: body as PaymentRequest }));
}
