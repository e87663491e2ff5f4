import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { retryWhileBusy, type RetryResult } from '../../../lib/retry-busy';

export type CatalogueActivity = components['schemas']['CatalogueActivity'];
export type Application = components['schemas']['Application'];
export type JointApplication = components['schemas']['JointApplication'];
export type Draw = components['schemas']['Draw'];
export type NewPerson = components['schemas']['NewPerson'];
export type PersonByName = components['schemas']['PersonByName'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type CatalogueQuote = components['schemas']['CatalogueQuote'];

/**
 * The outcome of a call: ok, or the server's error body (undefined when the network failed, status
 * 0) with its Retry-After header, if any.
 */
export type Outcome<T> =
  { ok: true; data: T } | { ok: false; status: number; error: unknown; retryAfter?: string | null };

async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const result = await call;
    if (result.response.ok) return { ok: true, data: result.data as T };
    return {
      ok: false,
      status: result.response.status,
      error: result.error,
      retryAfter: result.response.headers.get('Retry-After'),
    };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}

/** Throws on failure: what a query function needs. */
async function orThrow<T>(call: Promise<Outcome<T>>): Promise<T> {
  const answer = await call;
  if (!answer.ok) throw Object.assign(new Error(`answered ${answer.status}`), answer);
  return answer.data;
}

export const getCatalogue = () => orThrow(outcome(api.GET('/catalogue')));

export const getDraw = (activityId: number) =>
  orThrow(
    outcome(api.GET('/draws/{activity_id}', { params: { path: { activity_id: activityId } } })),
  );

export const listApplications = () => orThrow(outcome(api.GET('/user/applications')));

/** With fee rules: what each person the account manages would pay for each activity. */
export const listQuotes = () => orThrow(outcome(api.GET('/user/quotes')));

/**
 * One person, or 2–4 together: a joint application with one code. The idempotency key names the
 * resident's one press of the button: the server answers a repeat of it (same key, same body)
 * with its first answer instead of applying twice.
 */
export const applyForPlace = (
  personActivityIds: readonly number[],
  activityId: number,
  idempotencyKey: string,
) =>
  outcome(
    api.POST('/user/applications', {
      body:
        personActivityIds.length === 1
          ? { person_activity_id: personActivityIds[0] as number, activity_id: activityId }
          : { person_activity_ids: [...personActivityIds], activity_id: activityId },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );

/** Why a refusal is retried by itself: the server too busy, or it (or the network) away a moment. */
export type WaitReason = 'busy' | 'unavailable';

/** A 503 (busy, or the database away) or no answer at all is worth retrying; anything else is final. */
export function waitReason(answer: Outcome<unknown>): WaitReason | null {
  if (answer.ok) return null;
  if (answer.status === 0) return 'unavailable';
  if (answer.status !== 503) return null;
  const code = errorCode(answer.error);
  return code === 'server_busy' || code === 'service_unavailable' ? 'busy' : 'unavailable';
}

/** A key the server accepts (1–100 of [A-Za-z0-9_-]); randomUUID needs a secure context. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export interface ApplyWhileBusyOptions {
  signal?: AbortSignal;
  /** Before each wait: how long, in milliseconds, and why. */
  onWait?: (waitMs: number, reason: WaitReason) => void;
  /** Before each new attempt. */
  onRetry?: () => void;
}

/**
 * One press of "Solicitar plaza": one idempotency key for every attempt of it, retried while the
 * server is busy (lib/retry-busy.ts says when and until when). A new press is a new key.
 */
export function applyWhileBusy(
  personActivityIds: readonly number[],
  activityId: number,
  { signal, onWait, onRetry }: ApplyWhileBusyOptions = {},
): Promise<RetryResult<Awaited<ReturnType<typeof applyForPlace>>>> {
  const key = newIdempotencyKey();
  return retryWhileBusy(
    async () => {
      const answer = await applyForPlace(personActivityIds, activityId, key);
      return waitReason(answer) && !answer.ok
        ? { busy: true, value: answer, retryAfter: answer.retryAfter ?? null }
        : { busy: false, value: answer };
    },
    {
      signal,
      onRetry,
      onWait: (waitMs, refusal) => onWait?.(waitMs, waitReason(refusal) ?? 'busy'),
    },
  );
}

/** `joint`: every person of the joint application this one belongs to. */
export const withdrawApplication = (id: number, scope: 'person' | 'joint' = 'person') =>
  outcome(
    api.DELETE('/user/applications/{id}', {
      params: { path: { id }, ...(scope === 'joint' ? { query: { scope } } : {}) },
    }),
  );

export const addPerson = (body: NewPerson) => outcome(api.POST('/user/persons/', { body }));

/** The code of a refusal (`person_managed_elsewhere`…), if the server sent one. */
export const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** After `person_managed_elsewhere`: a code goes to the mobile on that person's record. */
export const requestAssociationByName = (body: PersonByName) =>
  outcome(api.POST('/user/persons/request-association-by-name', { body }));

/** Links the person found by name and birth date with the code the other account passed on. */
export const verifyAssociationByName = (body: PersonByName, otpCode: string) =>
  outcome(
    api.POST('/user/persons/verify-association-by-name', {
      body: { ...body, otp_code: otpCode },
    }),
  );
