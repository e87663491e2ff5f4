import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose, OneTimeCodeRow, OneTimeCodesRepo } from '../data/one-time-codes-repo.js';
import { DomainError, tooManyRequests } from './errors.js';
import { addressKey } from '../lib/client-address.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimiter, RateRule } from './rate-limiter.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Resend cooldown for the same purpose, subject, user and destination. */
export const RESEND_COOLDOWN_MS = MINUTE;
/** Sends per phone or e-mail per hour (SMS cost money; a family adding several people fits). */
export const SENDS_PER_DESTINATION_PER_HOUR = 8;
export const SENDS_PER_IP_PER_HOUR = 20;
/** Wrong codes per IP in 15 minutes, across every code. */
export const FAILURES_PER_IP = 30;
const FAILURE_WINDOW_MS = 15 * MINUTE;

export interface CodeTarget {
  purpose: CodePurpose;
  /** What the code is for: the DNI (register, associate) or the e-mail (recover). */
  subject: string;
  /** The account that may use it (association: the account asking; recovery: the account found). */
  userId: number | null;
}

export interface IssueRequest extends CodeTarget {
  enrolmentId?: number | null;
  channel: 'sms' | 'email';
  destination: string;
  ip: string | null;
}

export const invalidCode = () => new DomainError('bad_request', 'invalid_code');

/**
 * The one service behind every one-time code (registration, association, recovery): 6 digits from
 * crypto.randomInt, stored as an HMAC bound to purpose, subject and user, 10 minutes, single use,
 * burnt after 5 wrong tries, a new code retires the older ones, sends limited.
 */
export function createOneTimeCodes(deps: {
  repo: OneTimeCodesRepo;
  limiter: RateLimiter;
  clock: Clock;
  key: Buffer;
}) {
  const { repo, limiter, clock, key } = deps;

  const digest = (target: CodeTarget, code: string) =>
    createHmac('sha256', key)
      .update(`${target.purpose}\n${target.subject}\n${target.userId ?? ''}\n${code}`)
      .digest('hex');

  const sendRules = (request: IssueRequest): RateRule[] => [
    {
      bucket: `otp:resend:${request.purpose}:${request.subject}:${request.userId ?? '-'}:${request.destination}`,
      limit: 1,
      windowMs: RESEND_COOLDOWN_MS,
    },
    {
      bucket: `otp:to:${request.destination}`,
      limit: SENDS_PER_DESTINATION_PER_HOUR,
      windowMs: HOUR,
    },
    ...(addressKey(request.ip)
      ? [
          {
            bucket: `otp:ip:${addressKey(request.ip)}`,
            limit: SENDS_PER_IP_PER_HOUR,
            windowMs: HOUR,
          },
        ]
      : []),
  ];
  const failureRules = (ip: string | null): RateRule[] => {
    const address = addressKey(ip);
    return address
      ? [{ bucket: `otp:fail:${address}`, limit: FAILURES_PER_IP, windowMs: FAILURE_WINDOW_MS }]
      : [];
  };

  return {
    /**
     * Counts a send against its limits before anything is sent, and throws 429 (with
     * Retry-After) when one is full. Called once per send: for a subject that has nowhere to go
     * (recovery for an unknown address) too, so the limits behave alike for known and unknown ones.
     */
    async reserveSend(request: IssueRequest): Promise<void> {
      const taken = await limiter.take(sendRules(request));
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
    },

    /** A fresh code for the target (the caller sends it); the plain code is never stored. */
    async issue(request: IssueRequest): Promise<{ code: string; expiresIn: number }> {
      const now = clock.now().getTime();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.replace({
        purpose: request.purpose,
        subject: request.subject,
        user_id: request.userId,
        enrolment_id: request.enrolmentId ?? null,
        channel: request.channel,
        destination: request.destination,
        code_hash: digest(request, code),
        expires_at: now + CODE_TTL_SECONDS * 1000,
        ip: request.ip,
        created_at: now,
      });
      return { code, expiresIn: CODE_TTL_SECONDS };
    },

    /**
     * Consumes the target's live code when `code` matches; otherwise the wrong try counts (the
     * fifth burns it) and throws 400 invalid_code. The try is counted before the comparison, per
     * address and on the code itself, so guesses sent in parallel get no more tries than one by
     * one. Missing, expired, used and burnt codes all answer alike.
     */
    async verify(target: CodeTarget, code: string, ip: string | null): Promise<OneTimeCodeRow> {
      const failures = failureRules(ip);
      const taken = await limiter.take(failures);
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
      const now = clock.now().getTime();
      const row = await repo.claimAttempt(
        target.purpose,
        target.subject,
        target.userId,
        now,
        CODE_MAX_ATTEMPTS,
      );
      const expected = Buffer.from(row?.code_hash ?? digest(target, 'no-code'), 'hex');
      const given = Buffer.from(digest(target, code.trim()), 'hex');
      if (!row || !timingSafeEqual(expected, given)) throw invalidCode();
      if (!(await repo.consume(row.id, now))) throw invalidCode();
      await limiter.giveBack(failures);
      return row;
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
