import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  auditActions,
  bearer,
  errorOf,
  lastCode,
  logIn,
  outboxCount,
  PASSWORD,
  signUp,
  userByDni,
} from './helpers.js';

/** A signed-in resident changes their e-mail or mobile: password first, then a code at the new one. */
describe('changing the e-mail and the mobile while signed in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (token: string, path: string, body: Record<string, string>, lang = 'es') =>
    app.json(`/api/user/me/${path}`, 'POST', body, { ...bearer(token), 'Accept-Language': lang });

  it('changes the e-mail only with the code sent to the new address, and tells the old one', async () => {
    const token = await signUp(app, {
      dni: '44444444A',
      phone: '644444444',
      email: 'antes@example.es',
    });
    // the code that would confirm the address it registered with
    await expect.poll(() => outboxCount(app, 'antes@example.es')).toBe(1);
    const wrong = await post(
      token,
      'email',
      { email: 'despues@example.es', password: 'adivinanza-1' },
      'gl',
    );
    expect(await errorOf(wrong)).toMatchObject({
      status: 403,
      code: 'wrong_password',
      detail: 'O contrasinal non é correcto.',
    });
    expect(await outboxCount(app, 'despues@example.es')).toBe(0);
    expect(await auditActions(app)).toContain('email_change_refused');

    const same = await post(
      token,
      'email',
      { email: 'ANTES@example.es', password: PASSWORD },
      'en',
    );
    expect(await errorOf(same)).toMatchObject({
      status: 409,
      code: 'unchanged',
      detail: 'That is what your account already has.',
    });

    const sent = await post(token, 'email', { email: 'Despues@Example.es', password: PASSWORD });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ code: 'email_code_sent', expires_in: 600 });
    const code = await lastCode(app, 'despues@example.es');
    // nothing changes before the code comes back
    expect((await userByDni(app, '44444444A'))?.email).toBe('antes@example.es');

    // the code is bound to the address it went to
    const elsewhere = await post(token, 'email/verify', { email: 'otra@example.es', code });
    expect(await errorOf(elsewhere)).toMatchObject({ status: 400, code: 'invalid_code' });
    const wrongCode = await post(token, 'email/verify', {
      email: 'despues@example.es',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(await errorOf(wrongCode)).toMatchObject({
      status: 400,
      code: 'invalid_code',
      detail: 'Código incorrecto o caducado.',
    });
    expect((await userByDni(app, '44444444A'))?.email).toBe('antes@example.es');

    const done = await post(token, 'email/verify', { email: 'despues@example.es', code });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ dni: '44444444A', email: 'despues@example.es' });
    expect((await userByDni(app, '44444444A'))?.email).toBe('despues@example.es');
    expect(await auditActions(app)).toEqual(
      expect.arrayContaining(['email_change_requested', 'email_changed']),
    );
    // single use
    const again = await post(token, 'email/verify', { email: 'despues@example.es', code });
    expect(again.status).toBe(400);

    // the old address hears of it; recovery now answers at the new one
    await expect.poll(() => outboxCount(app, 'antes@example.es')).toBe(2);
    const notice = await app.deps.repos.outbox.list();
    expect(notice.find((m) => m.recipient === 'antes@example.es')?.body).toContain(
      'despues@example.es',
    );
    expect(await app.deps.repos.users.findByConfirmedEmail('despues@example.es')).toMatchObject({
      dni: '44444444A',
    });
    // the session goes on
    expect((await app.fetch('/api/user/me', { headers: bearer(token) })).status).toBe(200);
  });

  it('changes the mobile with an SMS code to the new one; login and records are unaffected', async () => {
    const token = await signUp(app, { dni: '55555555K', phone: '655555555' });
    const landline = await post(token, 'phone', { phone: '986123456', password: PASSWORD });
    expect(landline.status).toBe(422);
    expect(await outboxCount(app, '986123456')).toBe(0);

    const same = await post(token, 'phone', { phone: '+34655555555', password: PASSWORD });
    expect(same.status).toBe(409);

    const sent = await post(token, 'phone', { phone: '34677777777', password: PASSWORD });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ code: 'otp_sent', expires_in: 600 });
    const code = await lastCode(app, '677777777');
    expect((await userByDni(app, '55555555K'))?.phone).toBe('655555555');

    const done = await post(token, 'phone/verify', { phone: '677777777', code });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ phone: '677777777' });
    expect((await userByDni(app, '55555555K'))?.phone).toBe('677777777');
    expect(await auditActions(app)).toContain('phone_changed');
    expect(await logIn(app, '55555555K')).toBeTruthy();
  });

  it('a code for one account does not change another', async () => {
    const first = await signUp(app, { dni: '66666666Q', phone: '666666666' });
    const second = await signUp(app, { dni: '77777777B', phone: '677777778' });
    await post(first, 'phone', { phone: '688888888', password: PASSWORD });
    const code = await lastCode(app, '688888888');
    const stolen = await post(second, 'phone/verify', { phone: '688888888', code });
    expect(stolen.status).toBe(400);
    expect((await userByDni(app, '77777777B'))?.phone).toBe('677777778');
    expect((await userByDni(app, '66666666Q'))?.phone).toBe('666666666');
  });

  it('stops at 5 wrong passwords across both changes, the right one included', async () => {
    const token = await signUp(app, { dni: '88888888Y', phone: '688888881' });
    for (let i = 0; i < 5; i++) {
      const path = i % 2 === 0 ? 'email' : 'phone';
      const body: Record<string, string> =
        path === 'email'
          ? { email: `nuevo${i}@example.es`, password: `adivinanza-${i}` }
          : { phone: `68888888${i + 2}`, password: `adivinanza-${i}` };
      expect((await post(token, path, body)).status).toBe(403);
    }
    const blocked = await post(token, 'email', { email: 'nuevo@example.es', password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxCount(app, 'nuevo@example.es')).toBe(0);
  });

  it('refuses unknown fields and calls without a session', async () => {
    const token = await signUp(app, { dni: '99999999R', phone: '699999999' });
    const extra = await post(token, 'email', {
      email: 'x@example.es',
      password: PASSWORD,
      dni: '12345678Z',
    });
    expect(extra.status).toBe(422);
    const anonymous = await app.json('/api/user/me/phone', 'POST', {
      phone: '612345678',
      password: PASSWORD,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a code e-mail that cannot leave', () => {
  let app: TestApp;
  let closedPort: number;
  beforeAll(async () => {
    // a port nothing listens on: the SMTP connection is refused at once
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    app = await startTestApp({
      env: { MAIL_ADAPTER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closedPort) },
    });
  });
  afterAll(() => app.close());

  it('answers 503 code_delivery_failed and changes nothing', async () => {
    const token = await signUp(app, { dni: '12345678Z', phone: '612345678' });
    const res = await app.json(
      '/api/user/me/email',
      'POST',
      { email: 'nuevo@example.es', password: PASSWORD },
      { ...bearer(token), 'Accept-Language': 'en' },
    );
    const error = await errorOf(res);
    expect(error).toMatchObject({ status: 503, code: 'code_delivery_failed' });
    expect(error.retryAfter).toBe('60');
    expect((await userByDni(app, '12345678Z'))?.email).toBeNull();
  });
});
