import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout } from '../../src/generated/sdk.gen.js';
import { t } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount } from '../admin/factory.js';
import { bearer, errorOf, logIn, signUp } from './helpers.js';

/** A token's claims, read as any holder can (the server checks the signature). */
const readClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    jti: string;
    exp: number;
  };

/**
 * POST /user/logout ends the one token it is called with (issue 47, 7): the token answers 401
 * from then on, the account's other sessions go on. A token already ended answers 401, like any
 * call with a token that is no longer good.
 */
describe('logout on the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const me = (token: string) => app.fetch('/api/user/me', { headers: bearer(token) });
  const logOut = (token: string, lang = 'es') =>
    app.fetch('/api/user/logout', {
      method: 'POST',
      headers: { ...bearer(token), 'Accept-Language': lang },
    });
  const revoked = () =>
    app.rows<{ jti: string; expires_at: string }>(sql`SELECT * FROM revoked_tokens`);

  it("ends the caller's token only; another session of the account goes on", async () => {
    const first = await signUp(app, { dni: '12345678Z', phone: '612345678' });
    const second = await logIn(app, '12345678Z');
    expect(first).not.toBe(second);
    expect((await me(first)).status).toBe(200);

    // the SDK checks the answer against the contract
    const { response } = await logout({ client: app.api, headers: bearer(first) });
    expect(response?.status).toBe(204);
    expect(await response?.text()).toBe('');

    expect(await errorOf(await me(first))).toMatchObject({
      status: 401,
      code: 'not_authenticated',
    });
    expect((await me(second)).status).toBe(200);
    // kept until the token would have expired anyway
    const claims = readClaims(first);
    expect(await revoked()).toEqual([
      { jti: claims.jti, expires_at: new Date(claims.exp * 1000).toISOString() },
    ]);

    // an ended token cannot log out again: 401, as for any token that is no longer good
    expect(await errorOf(await logOut(first, 'en'))).toMatchObject({
      status: 401,
      code: 'not_authenticated',
      detail: t('en', 'not_authenticated'),
    });
    expect(await revoked()).toHaveLength(1);
    expect((await me(second)).status).toBe(200);
  });

  it('answers 401 without a token or with a forged one, and records nothing', async () => {
    const before = await revoked();
    expect((await app.fetch('/api/user/logout', { method: 'POST' })).status).toBe(401);
    const token = await logIn(app, '12345678Z');
    const [head, body] = token.split('.');
    expect((await logOut(`${head}.${body}.AAAA`)).status).toBe(401);
    expect(await revoked()).toEqual(before);
    expect((await me(token)).status).toBe(200);
  });

  it('a token issued before tokens had an id is no longer taken (it could not be ended)', async () => {
    const { createSigner } = await import('fast-jwt');
    const user = await app.deps.repos.users.findByDni('12345678Z');
    const now = Math.floor(app.clock.now().getTime() / 1000);
    const legacy = createSigner({ key: app.deps.config.jwtSecret ?? '', algorithm: 'HS256' })({
      sub: String(user?.id),
      dni: '12345678Z',
      role: 'user',
      is_admin: false,
      ver: user?.token_version,
      iat: now,
      exp: now + 3600,
    });
    expect((await me(legacy)).status).toBe(401);
  });

  it('staff log out the same way', async () => {
    const admin = await createAccount(app, 'admin');
    const other = await createAccount(app, 'admin');
    const users = (headers: { Authorization: string }) =>
      app.fetch('/api/admin/users/', { headers });
    expect((await users(admin.headers)).status).toBe(200);
    const ended = await app.fetch('/api/user/logout', { method: 'POST', headers: admin.headers });
    expect(ended.status).toBe(204);
    expect((await users(admin.headers)).status).toBe(401);
    expect((await users(other.headers)).status).toBe(200);
  });

  it('the housekeeping job forgets ended tokens once they would have expired anyway', async () => {
    const token = await logIn(app, '12345678Z');
    expect((await logOut(token)).status).toBe(204);
    const before = (await revoked()).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const turn = await app.deps.jobs.runNow('housekeeping');
    expect(turn.result).toMatchObject({ revoked_tokens_pruned: 0 });
    expect(await revoked()).toHaveLength(before);

    app.clock.advance(app.deps.config.tokenTtlSeconds * 1000 + 1000);
    const later = await app.deps.jobs.runNow('housekeeping');
    expect(later.result).toMatchObject({ revoked_tokens_pruned: before });
    expect(await revoked()).toEqual([]);
    // expired anyway: still refused
    expect((await me(token)).status).toBe(401);
  });
});

/** A token that can only set up a second factor (MFA_FOR_ADMINS=required) can end itself too. */
describe('logout with a token that can only set up a second factor', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { MFA_FOR_ADMINS: 'required' } });
  });
  afterAll(() => app.close());

  it('answers 204 and the token then answers 401', async () => {
    const admin = await createAccount(app, 'admin');
    const login = await app.json('/api/user/login', 'POST', {
      username: admin.dni,
      password: admin.password,
    });
    const answer = (await login.json()) as { access_token: string; scope?: string };
    expect(answer.scope).toBe('mfa_setup');
    const headers = bearer(answer.access_token);
    expect((await app.fetch('/api/admin/mfa', { headers })).status).toBe(200);
    const ended = await app.fetch('/api/user/logout', { method: 'POST', headers });
    expect(ended.status).toBe(204);
    expect((await app.fetch('/api/admin/mfa', { headers })).status).toBe(401);
  });
});
