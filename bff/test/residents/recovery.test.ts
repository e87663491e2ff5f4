import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  register,
  requestPasswordRecovery,
  verifyPasswordRecovery,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { t } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  auditActions,
  bearer,
  errorOf,
  lastCode,
  logIn,
  outboxCount,
  PASSWORD,
  signUpConfirmed,
  userByDni,
} from './helpers.js';

const NEW_PASSWORD = 'bicicleta-otono-2026';

describe('password recovery', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await signUpConfirmed(app, {
      dni: '12345678Z',
      phone: '612345678',
      email: 'maria.lopez@example.es',
    });
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(2 * 3600_000));

  const ask = (email: string, lang = 'es') =>
    app.json('/api/user/password-recovery', 'POST', { email }, { 'Accept-Language': lang });
  const confirm = (body: Record<string, unknown>) =>
    app.json('/api/user/password-recovery/verify', 'POST', body);
  /** The code of the recovery e-mail `send` makes, once it arrives (it leaves in the background). */
  async function codeSentBy(send: () => Promise<unknown>, email = 'maria.lopez@example.es') {
    const before = await outboxCount(app, email);
    await send();
    await expect.poll(() => outboxCount(app, email)).toBe(before + 1);
    return lastCode(app, email);
  }

  it('answers known and unknown addresses alike; only the known one gets a code by e-mail', async () => {
    const before = await outboxCount(app, 'maria.lopez@example.es');
    for (const lang of ['es', 'en', 'gl']) {
      app.clock.advance(2 * 3600_000);
      const known = await ask('Maria.Lopez@example.es', lang);
      const unknown = await ask('nadie@example.es', lang);
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      const body = await known.text();
      expect(await unknown.text()).toBe(body);
      expect(JSON.parse(body)).toEqual({
        detail: t(lang as 'es', 'recovery_email_sent'),
        code: 'recovery_email_sent',
      });
    }
    await expect.poll(() => outboxCount(app, 'maria.lopez@example.es')).toBe(before + 3);
    expect(await outboxCount(app, 'nadie@example.es')).toBe(0);
    app.clock.advance(2 * 3600_000);
    // the SDK checks the answer against the contract
    const { data } = await requestPasswordRecovery({
      client: app.api,
      throwOnError: true,
      body: { email: 'nadie@example.es' },
    });
    expect(data.code).toBe('recovery_email_sent');
  });

  it('limits requests the same way for known and unknown addresses', async () => {
    expect((await ask('maria.lopez@example.es')).status).toBe(202);
    expect((await ask('otra@example.es')).status).toBe(202);
    const known = await errorOf(await ask('maria.lopez@example.es'));
    const unknown = await errorOf(await ask('otra@example.es'));
    expect(known).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(unknown).toEqual(known);
  });

  it('sets the new password with the code, ends older sessions and uses the code once', async () => {
    const oldToken = await logIn(app, '12345678Z');
    const hashBefore = (await userByDni(app, '12345678Z'))?.password_hash;
    const code = await codeSentBy(async () => {
      const sent = await requestPasswordRecovery({
        client: app.api,
        throwOnError: true,
        body: { email: 'maria.lopez@example.es' },
      });
      expect(sent.response.status).toBe(202);
    });

    const { data, response } = await verifyPasswordRecovery({
      client: app.api,
      throwOnError: true,
      headers: { 'Accept-Language': 'gl' },
      body: {
        email: 'maria.lopez@example.es',
        recovery_code: code,
        new_password: NEW_PASSWORD,
        repeat_password: NEW_PASSWORD,
      },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ detail: t('gl', 'password_changed'), code: 'password_changed' });
    expect((await userByDni(app, '12345678Z'))?.password_hash).not.toBe(hashBefore);

    expect(
      await errorOf(await app.fetch('/api/user/me', { headers: bearer(oldToken) })),
    ).toMatchObject({ status: 401 });
    expect(
      (
        await app.fetch('/api/user/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: '12345678Z', password: PASSWORD }),
        })
      ).status,
    ).toBe(401);
    const fresh = await logIn(app, '12345678Z', NEW_PASSWORD);
    expect((await app.fetch('/api/user/me', { headers: bearer(fresh) })).status).toBe(200);

    const again = await confirm({
      email: 'maria.lopez@example.es',
      recovery_code: code,
      new_password: 'tercera-clave-2026',
      repeat_password: 'tercera-clave-2026',
    });
    expect(await errorOf(again)).toMatchObject({ status: 400, code: 'invalid_code' });
    await logIn(app, '12345678Z', NEW_PASSWORD);
    expect(await auditActions(app)).toContain('password_reset');

    // back to the shared password for the other tests
    await app.exec(sql`UPDATE users SET password_hash = ${hashBefore} WHERE dni = ${'12345678Z'}`);
  });

  it('refuses a weak or mismatched new password with 422 and keeps the code usable', async () => {
    const code = await codeSentBy(() => ask('maria.lopez@example.es'));
    const hash = (await userByDni(app, '12345678Z'))?.password_hash;
    for (const [body, field, key] of [
      [{ new_password: 'corta', repeat_password: 'corta' }, 'new_password', 'password_too_short'],
      [
        { new_password: 'password123', repeat_password: 'password123' },
        'new_password',
        'password_too_common',
      ],
      [
        { new_password: NEW_PASSWORD, repeat_password: 'otra-distinta-2026' },
        'repeat_password',
        'passwords_do_not_match',
      ],
    ] as const) {
      const res = await confirm({ email: 'maria.lopez@example.es', recovery_code: code, ...body });
      expect(res.status).toBe(422);
      const error = zError.parse(await res.json());
      expect(error.detail).toContainEqual(
        expect.objectContaining({ loc: ['body', field], msg: t('es', key) }),
      );
      expect((await userByDni(app, '12345678Z'))?.password_hash).toBe(hash);
    }
    const ok = await confirm({
      email: 'maria.lopez@example.es',
      recovery_code: code,
      new_password: NEW_PASSWORD,
      repeat_password: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    await app.exec(sql`UPDATE users SET password_hash = ${hash} WHERE dni = ${'12345678Z'}`);
  });

  it('refuses wrong, foreign and expired codes and changes nothing; 5 wrong tries burn the code', async () => {
    const hash = (await userByDni(app, '12345678Z'))?.password_hash;
    const body = (recovery_code: string, email = 'maria.lopez@example.es') => ({
      email,
      recovery_code,
      new_password: NEW_PASSWORD,
      repeat_password: NEW_PASSWORD,
    });
    const code = await codeSentBy(() => ask('maria.lopez@example.es'));

    // a code for an address without an account
    expect(await errorOf(await confirm(body(code, 'nadie@example.es')))).toMatchObject({
      status: 400,
      code: 'invalid_code',
    });

    // a registration code (another purpose) is not a recovery code
    await register({
      client: app.api,
      throwOnError: true,
      body: {
        dni: '44444444A',
        phone: '644444444',
        email: 'maria.lopez@example.es',
        password: PASSWORD,
        repeat_password: PASSWORD,
      },
    });
    const smsCode = await lastCode(app, '644444444');
    if (smsCode !== code) {
      expect(await errorOf(await confirm(body(smsCode)))).toMatchObject({
        status: 400,
        code: 'invalid_code',
      });
    }

    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await confirm(body(wrong))).status).toBe(400);
    expect((await userByDni(app, '12345678Z'))?.password_hash).toBe(hash);
    // the foreign tries did not count against this code, but now the fifth wrong one burns it
    expect((await confirm(body(wrong))).status).toBe(400);
    expect(await errorOf(await confirm(body(code)))).toMatchObject({
      status: 400,
      code: 'invalid_code',
    });
    expect((await userByDni(app, '12345678Z'))?.password_hash).toBe(hash);

    app.clock.advance(2 * 3600_000);
    const late = await codeSentBy(() => ask('maria.lopez@example.es'));
    app.clock.advance(10 * 60_000 + 1);
    expect(await errorOf(await confirm(body(late)))).toMatchObject({
      status: 400,
      code: 'invalid_code',
    });
    expect((await userByDni(app, '12345678Z'))?.password_hash).toBe(hash);
  });

  it('treats an unverified account as unknown', async () => {
    await register({
      client: app.api,
      throwOnError: true,
      body: {
        dni: '55555555K',
        phone: '655555555',
        email: 'pendiente@example.es',
        password: PASSWORD,
        repeat_password: PASSWORD,
      },
    });
    expect((await ask('pendiente@example.es')).status).toBe(202);
    expect(await outboxCount(app, 'pendiente@example.es')).toBe(0);
  });
});
