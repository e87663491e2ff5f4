import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getMe, login } from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { auditActions, bearer, errorOf, logIn, PASSWORD, signUp, tokenOf } from './helpers.js';

const form = (
  app: TestApp,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  app.fetch('/api/user/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username, password }),
  });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('login and sessions', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    // behind a trusted proxy, so tests can speak from several client addresses
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    await signUp(app, { dni: '12345678Z', phone: '612345678', email: 'maria@example.es' });
    await signUp(app, { dni: '87654321X', phone: '622334455' });
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(2 * 3600_000));

  it('logs in with the DNI in any case and form-encoded fields', async () => {
    const { data, response } = await login({
      client: app.api,
      body: { username: ' 12345678z ', password: PASSWORD },
    });
    expect(response?.status).toBe(200);
    expect(data && 'token_type' in data ? data.token_type : null).toBe('bearer');
    const me = await getMe({
      client: app.api,
      throwOnError: true,
      headers: bearer(tokenOf(data)),
    });
    expect(me.data).toMatchObject({ dni: '12345678Z', role: 'user', is_admin: false });
    const claims = JSON.parse(
      Buffer.from(tokenOf(data).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      sub: String(me.data.id),
      dni: '12345678Z',
      role: 'user',
      is_admin: false,
    });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(12 * 3600);
    expect(await auditActions(app)).toContain('login_success');
  });

  it('answers an unknown DNI and a wrong password with the same 401 body, at a similar cost', async () => {
    for (const lang of ['es', 'en', 'gl']) {
      const unknown = await form(app, '11111111H', PASSWORD, {
        'Accept-Language': lang,
        'X-Forwarded-For': `198.51.100.${lang.length}`,
      });
      const wrong = await form(app, '12345678Z', 'no-es-la-clave', {
        'Accept-Language': lang,
        'X-Forwarded-For': `198.51.100.${lang.length}`,
      });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      const [a, b] = [await unknown.text(), await wrong.text()];
      expect(a).toBe(b);
      expect(zError.parse(JSON.parse(a)).code).toBe('invalid_credentials');
    }
    const time = async (username: string) => {
      const started = performance.now();
      await form(app, username, 'otra-clave-mala', { 'X-Forwarded-For': '198.51.100.77' });
      return performance.now() - started;
    };
    const unknownMs: number[] = [];
    const knownMs: number[] = [];
    for (let i = 0; i < 4; i++) {
      unknownMs.push(await time('11111111H'));
      knownMs.push(await time('87654321X'));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    // both verify an argon2id hash: an unknown DNI is not measurably cheaper
    expect(median(unknownMs)).toBeGreaterThan(median(knownMs) / 3);
    expect(await auditActions(app)).toContain('login_failed');
  });

  it('requires both fields (422) and changes nothing', async () => {
    const res = await app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: '12345678Z' }),
    });
    const body = zError.parse(await res.json());
    expect(res.status).toBe(422);
    expect(body.detail).toEqual([
      { loc: ['body', 'password'], msg: 'Campo obligatorio.', type: 'missing' },
    ]);
  });

  describe('tokens', () => {
    const me = (t: string) => app.fetch('/api/user/me', { headers: bearer(t) });
    beforeEach(async () => {
      token = await logIn(app, '12345678Z');
    });

    it('accepts the issued token', async () => {
      expect((await me(token)).status).toBe(200);
    });

    it('refuses a tampered token', async () => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const forged = `${header}.${base64url({ ...claims, role: 'admin', is_admin: true })}.${signature}`;
      expect(await errorOf(await me(forged))).toMatchObject({
        status: 401,
        code: 'not_authenticated',
      });
      expect(await errorOf(await me(`${token.slice(0, -3)}abc`))).toMatchObject({
        status: 401,
        code: 'not_authenticated',
      });
    });

    it('refuses alg:none and other algorithms', async () => {
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      expect(await errorOf(await me(none))).toMatchObject({
        status: 401,
        code: 'not_authenticated',
      });
      const hs512 = `${base64url({ alg: 'HS512', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
      expect((await me(hs512)).status).toBe(401);
    });

    it('refuses a missing or malformed header', async () => {
      expect((await app.fetch('/api/user/me')).status).toBe(401);
      expect(
        (await app.fetch('/api/user/me', { headers: { Authorization: `Basic ${token}` } })).status,
      ).toBe(401);
    });

    it('refuses an expired token (8 h lifetime)', async () => {
      const fresh = tokenOf(
        (
          await login({
            client: app.api,
            throwOnError: true,
            body: { username: '87654321X', password: PASSWORD },
          })
        ).data,
      );
      app.clock.advance(8 * 3600_000 - 60_000);
      expect((await me(fresh)).status).toBe(200);
      app.clock.advance(2 * 60_000);
      expect(await errorOf(await me(fresh))).toMatchObject({
        status: 401,
        code: 'not_authenticated',
      });
    });

    it('refuses the token of a deleted account', async () => {
      const doomed = await signUp(app, { dni: 'X1234567L', phone: '699000111' });
      expect((await me(doomed)).status).toBe(200);
      const user = await app.deps.repos.users.findByDni('X1234567L');
      await app.deps.repos.users.delete(user?.id ?? 0);
      expect(await errorOf(await me(doomed))).toMatchObject({
        status: 401,
        code: 'not_authenticated',
      });
      // a new account never takes over the deleted one's id, so the old token stays dead
      await signUp(app, { dni: 'Y1234567X', phone: '699000112' });
      expect((await app.deps.repos.users.findByDni('Y1234567X'))?.id).not.toBe(user?.id);
      expect((await me(doomed)).status).toBe(401);
    });

    it('reads the role from the database, not from the token', async () => {
      const user = await app.deps.repos.users.findByDni('12345678Z');
      await app.exec(sql`UPDATE users SET role = 'admin' WHERE id = ${user?.id}`);
      const res = await getMe({ client: app.api, throwOnError: true, headers: bearer(token) });
      expect(res.data).toMatchObject({ role: 'admin', is_admin: true });
      await app.exec(sql`UPDATE users SET role = 'user' WHERE id = ${user?.id}`);
    });
  });
});
