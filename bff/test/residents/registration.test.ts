import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getMe,
  listPersons,
  login,
  register,
  verifyRegistration,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { t } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  auditActions,
  bearer,
  errorOf,
  lastCode,
  outboxCount,
  PASSWORD,
  seedPerson,
  signUp,
  userByDni,
} from './helpers.js';

const users = async (app: TestApp) =>
  await app.rows(sql`SELECT dni, phone, email, verified FROM users ORDER BY id`);

describe('registration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  // every test starts in a fresh hour: earlier tests' sends and failures no longer count
  beforeEach(() => app.clock.advance(2 * 3600_000));

  it('creates an unverified account, sends a code by SMS and verifies it into a session', async () => {
    const { data, response } = await register({
      client: app.api,
      throwOnError: true,
      headers: { 'Accept-Language': 'en' },
      body: {
        dni: ' 12345678z ',
        phone: '34612345678',
        email: 'Maria.Lopez@Example.ES',
        password: PASSWORD,
        repeat_password: PASSWORD,
      },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({ detail: 'Code sent by SMS.', code: 'otp_sent', expires_in: 600 });
    expect(await userByDni(app, '12345678Z')).toMatchObject({
      phone: '612345678',
      email: 'maria.lopez@example.es',
      verified: 0,
      role: 'user',
    });
    expect((await userByDni(app, '12345678Z'))?.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );

    const code = await lastCode(app, '612345678');
    const stored = (await app.column(sql`SELECT code_hash FROM one_time_codes`)) as string[];
    expect(stored.join(' ')).not.toContain(code);
    // the SMS was logged (outbox adapter), without its text or its number
    expect(app.logs.some((line) => line.includes('sms stored in outbox'))).toBe(true);
    expect(app.logs.join('\n')).not.toContain(code);
    expect(app.logs.join('\n')).not.toContain('612345678');

    const verified = await verifyRegistration({
      client: app.api,
      throwOnError: true,
      body: { dni: '12345678Z', otp_code: code },
    });
    expect(verified.data.token_type).toBe('bearer');
    const me = await getMe({
      client: app.api,
      throwOnError: true,
      headers: bearer(verified.data.access_token),
    });
    expect(me.data).toMatchObject({
      dni: '12345678Z',
      phone: '612345678',
      email: 'maria.lopez@example.es',
      role: 'user',
      is_admin: false,
    });
    expect(await auditActions(app)).toEqual(
      expect.arrayContaining(['register', 'registration_verified']),
    );
  });

  it('links the enrolment with the same DNI and phone at once', async () => {
    const personId = await seedPerson(app, {
      first: 'Xoán',
      last: 'López Pereira',
      dni: '87654321X',
      phone: '622334455',
    });
    const token = await signUp(app, { dni: '87654321x', phone: '622334455' });
    const { data } = await listPersons({
      client: app.api,
      throwOnError: true,
      headers: bearer(token),
    });
    expect(data).toEqual([
      {
        person_activity_id: personId,
        full_name: 'Xoán López Pereira',
        dni: '87654321X',
        birth_date: null,
      },
    ]);
  });

  it('refuses a DNI on the records with another mobile (409 phone_mismatch, in each language) and creates nothing', async () => {
    await seedPerson(app, { first: 'Ana', last: 'Pérez', dni: '00000000T', phone: '633000000' });
    const expected = {
      es: /figura en las inscripciones del Concello con otro teléfono móvil/,
      en: /on the council's enrolment records with another mobile phone/,
      gl: /figura nas inscricións do Concello con outro teléfono móbil/,
    };
    for (const [lang, message] of Object.entries(expected)) {
      const res = await app.json(
        '/api/user/register',
        'POST',
        { dni: '00000000t', phone: '633000001', password: PASSWORD, repeat_password: PASSWORD },
        { 'Accept-Language': lang },
      );
      const body = await errorOf(res);
      expect(body).toMatchObject({ status: 409, code: 'phone_mismatch' });
      expect(String(body.detail)).toMatch(message);
      app.clock.advance(61_000);
    }
    expect(await userByDni(app, '00000000T')).toBeUndefined();
    expect(await outboxCount(app, '633000001')).toBe(0);
    // the owner, with the mobile on record, registers and is linked at once
    const token = await signUp(app, { dni: '00000000T', phone: '633000000' });
    const { data } = await listPersons({
      client: app.api,
      throwOnError: true,
      headers: bearer(token),
    });
    expect(data.map((person) => person.dni)).toEqual(['00000000T']);
  });

  it('a DNI on the records with a landline can register with any mobile (nothing to match), and is not linked', async () => {
    await seedPerson(app, { first: 'Luis', last: 'Rey', dni: '45454545J', phone: '981000000' });
    const token = await signUp(app, { dni: '45454545J', phone: '633000002' });
    const { data } = await listPersons({
      client: app.api,
      throwOnError: true,
      headers: bearer(token),
    });
    expect(data).toEqual([]);
  });

  it.each([
    ['a DNI with a wrong letter', { dni: '12345678A' }, ['body', 'dni'], 'invalid_dni'],
    ['a landline', { phone: '981123456' }, ['body', 'phone'], 'invalid_mobile'],
    ['a 70x number (not a mobile)', { phone: '34701234567' }, ['body', 'phone'], 'invalid_mobile'],
    [
      'a short phone (a mobile is asked for)',
      { phone: '61234567' },
      ['body', 'phone'],
      'invalid_mobile',
    ],
    [
      'a short password',
      { password: 'corto', repeat_password: 'corto' },
      ['body', 'password'],
      'password_too_short',
    ],
    [
      'a password over 128',
      { password: 'x'.repeat(129), repeat_password: 'x'.repeat(129) },
      ['body', 'password'],
      'password_too_long',
    ],
    [
      'different passwords',
      { repeat_password: 'otra-cosa-distinta' },
      ['body', 'repeat_password'],
      'passwords_do_not_match',
    ],
    [
      'a common password',
      { password: 'password123', repeat_password: 'password123' },
      ['body', 'password'],
      'password_too_common',
    ],
    ['a bad e-mail', { email: 'no-es-correo' }, ['body', 'email'], 'invalid_email'],
  ])('refuses %s with 422 and changes nothing', async (_name, change, loc, msgKey) => {
    const before = await users(app);
    const res = await app.json(
      '/api/user/register',
      'POST',
      {
        dni: '11111111H',
        phone: '34611111111',
        password: PASSWORD,
        repeat_password: PASSWORD,
        ...change,
      },
      { 'Accept-Language': 'en' },
    );
    expect(res.status).toBe(422);
    const body = zError.parse(await res.json());
    expect(body.code).toBe('validation_error');
    expect(Array.isArray(body.detail)).toBe(true);
    const items = body.detail as { loc: unknown[]; msg: string; type: string }[];
    expect(items.map((i) => i.loc)).toContainEqual(loc);
    expect(items.find((i) => i.loc.join('.') === loc.join('.'))?.msg).toBe(t('en', msgKey));
    expect(await users(app)).toEqual(before);
    expect(await outboxCount(app, '611111111')).toBe(0);
  });

  it('accepts a 64-character password and a NIE', async () => {
    const long = 'una frase de paso bastante larga para la piscina municipal 2026!';
    expect(long.length).toBe(64);
    const token = await signUp(app, { dni: 'x1234567l', phone: '712345678', password: long });
    expect(token).toBeTruthy();
    expect(
      await (async () =>
        (await login({ client: app.api, body: { username: 'X1234567L', password: long } })).response
          ?.status)(),
    ).toBe(200);
  });

  it('answers 409 account_exists for a verified DNI and leaves the account untouched', async () => {
    await signUp(app, { dni: 'Y1234567X', phone: '655000001', email: 'y@example.es' });
    const before = await users(app);
    const hash = (await userByDni(app, 'Y1234567X'))?.password_hash;
    const sent = await outboxCount(app, '655000002');
    const res = await app.json(
      '/api/user/register',
      'POST',
      {
        dni: 'y1234567x',
        phone: '655000002',
        password: 'otra-clave-segura-1',
        repeat_password: 'otra-clave-segura-1',
      },
      { 'Accept-Language': 'gl' },
    );
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      code: 'account_exists',
      detail: expect.stringContaining('Xa existe'),
    });
    expect(await users(app)).toEqual(before);
    expect((await userByDni(app, 'Y1234567X'))?.password_hash).toBe(hash);
    expect(await outboxCount(app, '655000002')).toBe(sent);
  });

  it('replaces the pending data of an unverified account; the old code dies', async () => {
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni: 'Z1234567R', phone: '666000001', password: PASSWORD, repeat_password: PASSWORD },
    });
    const oldCode = await lastCode(app, '666000001');
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni: 'Z1234567R', phone: '666000002', password: PASSWORD, repeat_password: PASSWORD },
    });
    expect(await userByDni(app, 'Z1234567R')).toMatchObject({ phone: '666000002', verified: 0 });
    expect(await app.value(sql`SELECT COUNT(*) FROM users WHERE dni = 'Z1234567R'`)).toBe(1);
    const newCode = await lastCode(app, '666000002');
    if (oldCode !== newCode) {
      const res = await app.json('/api/user/verify', 'POST', {
        dni: 'Z1234567R',
        otp_code: oldCode,
      });
      expect(await errorOf(res)).toMatchObject({ status: 400, code: 'invalid_code' });
      expect((await userByDni(app, 'Z1234567R'))?.verified).toBe(0);
    }
    const ok = await verifyRegistration({
      client: app.api,
      body: { dni: 'Z1234567R', otp_code: newCode },
    });
    expect(ok.response?.status).toBe(200);
  });

  it('keeps unverified accounts out of login with the same 401 as a wrong password', async () => {
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni: '22222222J', phone: '622222222', password: PASSWORD, repeat_password: PASSWORD },
    });
    const unverified = await app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: '22222222J', password: PASSWORD }),
    });
    const unknown = await app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: '33333333P', password: PASSWORD }),
    });
    expect(unverified.status).toBe(401);
    expect(await unverified.text()).toBe(await unknown.text());
  });

  describe('codes', () => {
    async function pending(dni: string, phone: string) {
      await register({
        client: app.api,
        throwOnError: true,
        body: { dni, phone, password: PASSWORD, repeat_password: PASSWORD },
      });
      return lastCode(app, phone);
    }
    const verify = (dni: string, otp_code: string) =>
      app.json('/api/user/verify', 'POST', { dni, otp_code });

    it('works once only', async () => {
      const code = await pending('44444444A', '644444444');
      expect((await verify('44444444A', code)).status).toBe(200);
      expect(await errorOf(await verify('44444444A', code))).toMatchObject({
        status: 400,
        code: 'invalid_code',
      });
    });

    it('expires after 10 minutes', async () => {
      const code = await pending('55555555K', '655555555');
      app.clock.advance(10 * 60_000 + 1000);
      expect(await errorOf(await verify('55555555K', code))).toMatchObject({
        status: 400,
        code: 'invalid_code',
      });
      expect((await userByDni(app, '55555555K'))?.verified).toBe(0);
    });

    it('burns after 5 wrong tries: the right code then fails too', async () => {
      const code = await pending('66666666Q', '666666666');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect(await errorOf(await verify('66666666Q', wrong))).toMatchObject({
          status: 400,
          code: 'invalid_code',
        });
      }
      expect(await errorOf(await verify('66666666Q', code))).toMatchObject({
        status: 400,
        code: 'invalid_code',
      });
      expect((await userByDni(app, '66666666Q'))?.verified).toBe(0);
      // repeated from one address, the failures are counted in one audit row (its repeats)
      const failures = await app.value(
        sql`SELECT SUM(repeats) FROM audit_log WHERE action = 'code_failed'`,
      );
      expect(Number(failures)).toBeGreaterThanOrEqual(6);
    });

    it('is bound to its DNI', async () => {
      const code = await pending('77777777B', '677777777');
      await pending('88888888Y', '688888888');
      expect(await errorOf(await verify('88888888Y', code))).toMatchObject({
        status: 400,
        code: 'invalid_code',
      });
      expect((await userByDni(app, '88888888Y'))?.verified).toBe(0);
    });

    it('limits resends: 60 s cooldown with Retry-After, then a cap per phone', async () => {
      await pending('99999999R', '699999999');
      const again = await app.json('/api/user/register', 'POST', {
        dni: '99999999R',
        phone: '699999999',
        password: PASSWORD,
        repeat_password: PASSWORD,
      });
      const error = await errorOf(again);
      expect(error).toMatchObject({ status: 429, code: 'too_many_requests' });
      expect(Number(error.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(error.retryAfter)).toBeLessThanOrEqual(60);
      expect(await outboxCount(app, '699999999')).toBe(1);

      // 8 sends per phone per hour, whatever the DNI
      const dnis = [
        '10000000Z',
        '10000001S',
        '10000002Q',
        '10000003V',
        '10000004H',
        '10000005L',
        '10000006C',
      ];
      for (const dni of dnis) {
        app.clock.advance(61_000);
        const res = await app.json('/api/user/register', 'POST', {
          dni,
          phone: '699999999',
          password: PASSWORD,
          repeat_password: PASSWORD,
        });
        expect(res.status).toBe(201);
      }
      app.clock.advance(61_000);
      const capped = await app.json('/api/user/register', 'POST', {
        dni: '10000007K',
        phone: '699999999',
        password: PASSWORD,
        repeat_password: PASSWORD,
      });
      expect(await errorOf(capped)).toMatchObject({ status: 429, code: 'too_many_requests' });
      expect(await userByDni(app, '10000007K')).toBeUndefined();
      expect(await outboxCount(app, '699999999')).toBe(8);
    });
  });

  it('caps code sends per client address at 20 an hour', async () => {
    for (let i = 0; i < 20; i++) {
      const n = 20000000 + i;
      const dni = `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
      const res = await app.json('/api/user/register', 'POST', {
        dni,
        phone: `6100000${String(i).padStart(2, '0')}`,
        password: PASSWORD,
        repeat_password: PASSWORD,
      });
      expect(res.status).toBe(201);
    }
    const before = await users(app);
    const capped = await errorOf(
      await app.json('/api/user/register', 'POST', {
        dni: '30000000L',
        phone: '610000099',
        password: PASSWORD,
        repeat_password: PASSWORD,
      }),
    );
    expect(capped).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(capped.retryAfter)).toBeGreaterThan(0);
    expect(await users(app)).toEqual(before);
    expect(await outboxCount(app, '610000099')).toBe(0);
  });

  it('answers 429 after 30 wrong codes from one address in 15 minutes', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await app.json('/api/user/verify', 'POST', {
        dni: '12345678Z',
        otp_code: String(100000 + i),
      });
      expect(res.status).toBe(400);
    }
    const blocked = await errorOf(
      await app.json('/api/user/verify', 'POST', { dni: '12345678Z', otp_code: '123456' }),
    );
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(15 * 60);
  });

  it('ignores role fields in the body', async () => {
    const res = await app.json('/api/user/register', 'POST', {
      dni: '12121212M',
      phone: '612121212',
      password: PASSWORD,
      repeat_password: PASSWORD,
      role: 'admin',
      is_admin: true,
    });
    expect(res.status).toBe(201);
    const code = await lastCode(app, '612121212');
    const verified = await verifyRegistration({
      client: app.api,
      throwOnError: true,
      body: { dni: '12121212M', otp_code: code },
    });
    const me = await getMe({
      client: app.api,
      throwOnError: true,
      headers: bearer(verified.data.access_token),
    });
    expect(me.data).toMatchObject({ role: 'user', is_admin: false });
    expect((await userByDni(app, '12121212M'))?.role).toBe('user');
  });
});
