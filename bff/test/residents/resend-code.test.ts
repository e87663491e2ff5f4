import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf, lastCode, outboxCount, PASSWORD, signUp } from './helpers.js';

/** A lost SMS at registration: a new code, without starting over, and nothing for anyone else. */
describe('resending the registration code', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(2 * 3600_000));

  const register = (dni: string, phone: string) =>
    app.json('/api/user/register', 'POST', {
      dni,
      phone,
      email: null,
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
  const resend = (dni: string, lang = 'es') =>
    app.json('/api/user/register/resend', 'POST', { dni }, { 'Accept-Language': lang });

  it('sends a new code to the phone the registration started with; the old one stops working', async () => {
    expect((await register('11111111H', '611111111')).status).toBe(201);
    const first = await lastCode(app, '611111111');
    // within the minute: the same limit as a second registration
    const early = await resend('11111111H', 'en');
    expect(await errorOf(early)).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxCount(app, '611111111')).toBe(1);

    app.clock.advance(61_000);
    const again = await resend(' 11111111h ', 'gl');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      detail: 'Código enviado por SMS.',
      code: 'otp_sent',
      expires_in: 600,
    });
    expect(await outboxCount(app, '611111111')).toBe(2);
    const second = await lastCode(app, '611111111');
    const old = await app.json('/api/user/verify', 'POST', { dni: '11111111H', otp_code: first });
    if (first !== second) expect(old.status).toBe(400);
    const verified = await app.json('/api/user/verify', 'POST', {
      dni: '11111111H',
      otp_code: second,
    });
    expect(verified.status).toBe(200);
  });

  it('answers alike for a DNI with nothing pending, and sends nothing', async () => {
    await signUp(app, { dni: '22222222J', phone: '622222222' });
    const before = await outboxCount(app, '622222222');
    for (const dni of ['22222222J', '33333333P']) {
      const res = await resend(dni);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        detail: 'Código enviado por SMS.',
        code: 'otp_sent',
        expires_in: 600,
      });
    }
    expect(await outboxCount(app, '622222222')).toBe(before);
    const invalid = await resend('12345678A', 'en');
    expect(await errorOf(invalid)).toMatchObject({ status: 422, code: 'validation_error' });
  });
});
