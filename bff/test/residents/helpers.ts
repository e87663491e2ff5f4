import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { listOutbox, login, register, verifyRegistration } from '../../src/generated/sdk.gen.js';
import type { TestApp } from '../helpers/test-app.js';

export const PASSWORD = 'piscina-verano-2026';

/** The newest code sent to a phone or e-mail, read from the development outbox as a client would. */
export async function lastCode(app: TestApp, to: string): Promise<string> {
  const { data } = await listOutbox({ client: app.api, query: { to }, throwOnError: true });
  const body = data[0]?.body ?? '';
  const match = /\b(\d{6})\b/.exec(body);
  if (!match?.[1]) throw new Error(`no code sent to ${to}`);
  return match[1];
}

export async function outboxCount(app: TestApp, to: string): Promise<number> {
  const { data } = await listOutbox({ client: app.api, query: { to }, throwOnError: true });
  return data.length;
}

/** Registers, verifies by SMS code and returns the token. */
export async function signUp(
  app: TestApp,
  account: { dni: string; phone: string; email?: string | null; password?: string },
): Promise<string> {
  const password = account.password ?? PASSWORD;
  await register({
    client: app.api,
    throwOnError: true,
    body: {
      dni: account.dni,
      phone: `34${account.phone}`,
      email: account.email ?? null,
      password,
      repeat_password: password,
    },
  });
  const code = await lastCode(app, account.phone);
  const { data } = await verifyRegistration({
    client: app.api,
    throwOnError: true,
    body: { dni: account.dni, otp_code: code },
  });
  return data.access_token;
}

/**
 * Confirms the account's e-mail with the newest code mailed to it, after registration (sent in
 * the background, so it is waited for) or by POST /user/me/email/confirm. An address that already
 * had mail: wait for this account's code to arrive first.
 */
export async function confirmEmail(app: TestApp, token: string, email: string): Promise<void> {
  const code = await vi.waitFor(() => lastCode(app, email));
  const res = await app.json(
    '/api/user/me/email/verify',
    'POST',
    { email, code },
    { Authorization: `Bearer ${token}` },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toMatchObject({ email, email_confirmed: true });
}

/** Registers with an e-mail and confirms it, as recovery needs; the token. */
export async function signUpConfirmed(
  app: TestApp,
  account: { dni: string; phone: string; email: string; password?: string },
): Promise<string> {
  const token = await signUp(app, account);
  await confirmEmail(app, token, account.email);
  return token;
}

/** The access token of a login answer that is not a second-step challenge. */
export function tokenOf(
  data: { access_token: string } | { mfa_token: string } | undefined,
): string {
  if (!data || !('access_token' in data)) throw new Error('the login asked for a second step');
  return data.access_token;
}

export async function logIn(app: TestApp, dni: string, password = PASSWORD): Promise<string> {
  const { data } = await login({
    client: app.api,
    throwOnError: true,
    body: { username: dni, password },
  });
  return tokenOf(data);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An enrolled person with activities, written straight into the database (the admin area's job). */
export async function seedPerson(
  app: TestApp,
  person: {
    first: string;
    last: string;
    dni: string;
    phone: string;
    activities?: { name: string; priceCents: number; start?: string | null; paid?: boolean }[];
  },
): Promise<number> {
  const id = await app.deps.repos.enrolments.insert({
    first_name: person.first,
    last_name: person.last,
    dni: person.dni,
    email: null,
    phone: person.phone,
  });
  for (const activity of person.activities ?? []) {
    const existing = await app.value<number>(
      sql`SELECT id FROM activities WHERE name = ${activity.name}`,
    );
    const activityId =
      existing ??
      (await app.deps.repos.activities.insert({
        name: activity.name,
        price_cents: activity.priceCents,
        start_date: activity.start ?? null,
      }));
    await app.exec(
      sql`INSERT INTO enrolment_activities (enrolment_id, activity_id, is_paid) VALUES (${id}, ${activityId}, ${activity.paid ? 1 : 0})`,
    );
  }
  return id;
}

export async function links(
  app: TestApp,
  userId?: number,
): Promise<{ user_id: number; enrolment_id: number }[]> {
  const rows = await app.rows<{ user_id: number; enrolment_id: number }>(
    sql`SELECT user_id, enrolment_id FROM user_persons ORDER BY user_id, enrolment_id`,
  );
  return userId === undefined ? rows : rows.filter((row) => row.user_id === userId);
}

export function userByDni(app: TestApp, dni: string) {
  return app.deps.repos.users.findByDni(dni);
}

export function auditActions(app: TestApp): Promise<string[]> {
  return app.column<string>(sql`SELECT action FROM audit_log ORDER BY id`);
}

/** Reads an error response and checks it has the contract's error shape. */
export async function errorOf(
  res: Response,
): Promise<{ status: number; code: string; detail: unknown; retryAfter: string | null }> {
  const body = (await res.json()) as { code: string; detail: unknown };
  expect(typeof body.code).toBe('string');
  expect(body.detail).toBeDefined();
  return {
    status: res.status,
    code: body.code,
    detail: body.detail,
    retryAfter: res.headers.get('retry-after'),
  };
}
