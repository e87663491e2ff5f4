import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { register, verifyRegistration } from '../../src/generated/sdk.gen.js';
import { LOGIN_LIMITS } from '../../src/services/residents/login-throttle.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { nextDni } from '../admin/factory.js';
import { errorOf, lastCode, PASSWORD, userByDni } from './helpers.js';

/**
 * POST /user/verify answers a device token as the login does (issue 47, item 6): a resident who
 * has just registered is protected from a stranger's targeted lockout from the first moment.
 */
describe('device token at registration', () => {
  let app: TestApp;
  let subnet = 0;
  let phone = 600_000_000;
  const fresh = () => ({ 'X-Forwarded-For': `198.19.${++subnet}.1` });

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(2 * 3600_000));

  /** Registers a new DNI and verifies it; answers what /user/verify answered. */
  async function registerAndVerify(dni: string) {
    const mobile = String(++phone);
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni, phone: `34${mobile}`, password: PASSWORD, repeat_password: PASSWORD },
    });
    const { data } = await verifyRegistration({
      client: app.api,
      throwOnError: true,
      body: { dni, otp_code: await lastCode(app, mobile) },
    });
    return data;
  }

  const login = (dni: string, password: string, deviceToken?: string) =>
    app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...fresh() },
      body: new URLSearchParams({
        username: dni,
        password,
        ...(deviceToken ? { device_token: deviceToken } : {}),
      }),
    });

  it('answers a device token bound to the new account', async () => {
    const dni = nextDni();
    const answer = await registerAndVerify(dni);
    expect(answer.token_type).toBe('bearer');
    const user = await userByDni(app, dni);
    expect(user?.verified).toBe(1);
    expect(answer.device_token).toMatch(new RegExp(`^d1\\.${user!.id}\\.`));
    expect(app.deps.devices.check(answer.device_token, user!.id)).not.toBeNull();
    expect(app.deps.devices.check(answer.device_token, user!.id + 1)).toBeNull();
  });

  it('lets its owner log in with it while strangers have locked the account out for everyone else', async () => {
    const dni = nextDni();
    const { device_token: deviceToken } = await registerAndVerify(dni);
    // a stranger fails from ten addresses: the account is closed to logins without its token
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect((await login(dni, `ataque-${i}`)).status).toBe(401);
    expect(await errorOf(await login(dni, PASSWORD))).toMatchObject({
      status: 429,
      code: 'too_many_requests',
    });
    // the owner's browser kept the registration's token: checked on the device's own budget
    const back = await login(dni, PASSWORD, deviceToken);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { device_token?: string }).device_token).toMatch(/^d1\./);

    // another account's registration token counts as none here
    const other = await registerAndVerify(nextDni());
    expect((await login(dni, PASSWORD, other.device_token)).status).toBe(429);
  });

  it('answers no token for a wrong code', async () => {
    const dni = nextDni();
    const mobile = String(++phone);
    await register({
      client: app.api,
      throwOnError: true,
      body: { dni, phone: `34${mobile}`, password: PASSWORD, repeat_password: PASSWORD },
    });
    const code = await lastCode(app, mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await app.json('/api/user/verify', 'POST', { dni, otp_code: wrong });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe('invalid_code');
    expect(body).not.toHaveProperty('device_token');
    expect((await userByDni(app, dni))?.verified).toBe(0);
  });
});
