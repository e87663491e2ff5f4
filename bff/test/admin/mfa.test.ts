import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, type Account } from './factory.js';

const PASSWORD = 'polideportivo-2026';

/** An administrator's app: the code for the test clock's current moment (or some periods off). */
function authenticator(app: TestApp, secret: string) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  });
  return (periods = 0) =>
    totp.generate({ timestamp: app.clock.now().getTime() + periods * 30_000 });
}

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

describe('administrators’ second factor (TOTP)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-25T10:00:00Z' });
  });
  afterAll(() => app.close());

  const passwordLogin = (dni: string, password = PASSWORD) =>
    app.form('/api/user/login', { username: dni, password });
  const secondStep = (mfaToken: string, code: string, lang = 'es') =>
    app.json(
      '/api/user/login/mfa',
      'POST',
      { mfa_token: mfaToken, code },
      { 'Accept-Language': lang },
    );

  /** An administrator who set up the app: their codes, recovery codes and session. */
  async function withMfa() {
    const admin = await createAccount(app, 'admin');
    const setup = await json(
      await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, admin.headers),
    );
    const code = authenticator(app, String(setup.secret));
    const confirmed = await json(
      await app.json('/api/admin/mfa/confirm', 'POST', { code: code() }, admin.headers),
    );
    return {
      ...admin,
      code,
      recovery: confirmed.recovery_codes as string[],
      token: String(confirmed.access_token),
    };
  }

  it('sets up: a secret as text, an otpauth address and its QR code; a code from the app turns it on', async () => {
    const admin = await createAccount(app, 'admin');
    expect(await json(await app.fetch('/api/admin/mfa', { headers: admin.headers }))).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = await json(
      await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, admin.headers),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(String(setup.otpauth_url));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe('Concello de Nigrán');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(String(setup.qr_svg)).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // nothing stored in the clear
    const stored = await app.row<{ mfa_pending_secret: string }>(
      sql`SELECT mfa_pending_secret FROM users WHERE id = ${admin.id}`,
    );
    expect(stored?.mfa_pending_secret).not.toContain(String(setup.secret));

    const code = authenticator(app, String(setup.secret));
    const wrong = await app.json(
      '/api/admin/mfa/confirm',
      'POST',
      { code: '000000' === code() ? '111111' : '000000' },
      {
        ...admin.headers,
        'Accept-Language': 'en',
      },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      detail: 'The code is not correct.',
      code: 'invalid_mfa_code',
    });

    const ok = await app.json('/api/admin/mfa/confirm', 'POST', { code: code() }, admin.headers);
    expect(ok.status).toBe(200);
    const confirmed = await json(ok);
    const codes = confirmed.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // the session it was set up in ends; the answer carries the new one
    expect((await app.fetch('/api/admin/mfa', { headers: admin.headers })).status).toBe(401);
    const fresh = { Authorization: `Bearer ${String(confirmed.access_token)}` };
    expect(await json(await app.fetch('/api/admin/mfa', { headers: fresh }))).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    // once on, setting up again is refused
    expect(
      (await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, fresh)).status,
    ).toBe(409);
  });

  it('the password alone gives no token; the code from the app does, once', async () => {
    const admin = await withMfa();
    const first = await json(await passwordLogin(admin.dni));
    expect(first).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.access_token).toBeUndefined();

    app.clock.advance(60_000); // a later period than the one that confirmed it
    const res = await secondStep(String(first.mfa_token), admin.code());
    expect(res.status).toBe(200);
    const token = String((await json(res)).access_token);
    expect(
      (await app.fetch('/api/admin/mfa', { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    // the challenge is used up
    expect(await json(await secondStep(String(first.mfa_token), admin.code()))).toMatchObject({
      code: 'mfa_token_invalid',
    });
    // the same code cannot open a second login in its period
    const again = await json(await passwordLogin(admin.dni));
    const replay = await secondStep(String(again.mfa_token), admin.code());
    expect(replay.status).toBe(401);
    expect(await json(replay)).toMatchObject({ code: 'invalid_mfa_code' });
    // the next period's code works
    app.clock.advance(30_000);
    expect((await secondStep(String(again.mfa_token), admin.code())).status).toBe(200);
  });

  it('the step expires after 5 minutes; wrong codes stop at 3 (429), audited and logged', async () => {
    const admin = await withMfa();
    app.clock.advance(60_000);
    const late = await json(await passwordLogin(admin.dni));
    app.clock.advance(5 * 60_000 + 1000);
    const expired = await secondStep(String(late.mfa_token), admin.code(), 'gl');
    expect(expired.status).toBe(401);
    expect(await json(expired)).toEqual({
      detail: 'O inicio de sesión caducou. Volve escribir o teu contrasinal.',
      code: 'mfa_token_invalid',
    });

    const guessed = await json(await passwordLogin(admin.dni));
    for (let i = 0; i < 3; i++) {
      const wrong = String((Number(admin.code()) + 1 + i) % 1_000_000).padStart(6, '0');
      expect(await json(await secondStep(String(guessed.mfa_token), wrong))).toMatchObject({
        code: 'invalid_mfa_code',
      });
    }
    // a tighter budget than passwords: even the right code waits now
    const blocked = await secondStep(String(guessed.mfa_token), admin.code());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    const repeated = await app.rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action = 'mfa.failures_repeated' AND entity_id = ${String(admin.id)}`,
    );
    expect(repeated).toHaveLength(1);
    expect(app.logs.some((line) => line.includes('second-step codes failing repeatedly'))).toBe(
      true,
    );
    app.clock.advance(16 * 60_000);
  });

  it('codes sent in parallel get no more tries than the budget', async () => {
    const admin = await withMfa();
    const step = await json(await passwordLogin(admin.dni));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        secondStep(
          String(step.mfa_token),
          String((Number(admin.code()) + 1 + i) % 1_000_000).padStart(6, '0'),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(17);
    app.clock.advance(16 * 60_000);
  });

  it('a recovery code works once, however it is typed', async () => {
    const admin = await withMfa();
    const [first] = admin.recovery;
    const step = await json(await passwordLogin(admin.dni));
    const typed = ` ${first!.toLowerCase().replace('-', '')} `;
    const res = await secondStep(String(step.mfa_token), typed);
    expect(res.status).toBe(200);
    const token = String((await json(res)).access_token);
    expect(
      await json(
        await app.fetch('/api/admin/mfa', { headers: { Authorization: `Bearer ${token}` } }),
      ),
    ).toMatchObject({ recovery_codes_left: 9 });
    const again = await json(await passwordLogin(admin.dni));
    expect(await json(await secondStep(String(again.mfa_token), first!))).toMatchObject({
      code: 'invalid_mfa_code',
    });
  });

  it('wrong codes count towards the login limits (429 with Retry-After)', async () => {
    const admin = await withMfa();
    let throttled: Response | null = null;
    for (let i = 0; i < 12 && !throttled; i++) {
      const step = await json(await passwordLogin(admin.dni));
      if (!step.mfa_token) break;
      const res = await secondStep(String(step.mfa_token), 'ZZZZ-ZZZZ');
      if (res.status === 429) throttled = res;
    }
    const last = throttled ?? (await passwordLogin(admin.dni));
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    app.clock.advance(16 * 60_000);
  });

  it('another administrator can reset it (audited), never their own; residents are not affected', async () => {
    const locked = await withMfa();
    const helper = await withMfa();
    const helperAuth = { Authorization: `Bearer ${helper.token}` };
    const own = await app.fetch(`/api/admin/users/${helper.id}/mfa`, {
      method: 'DELETE',
      headers: helperAuth,
    });
    expect(own.status).toBe(409);
    expect(await json(own)).toMatchObject({ code: 'cannot_reset_own_mfa' });
    const reset = await app.fetch(`/api/admin/users/${locked.id}/mfa`, {
      method: 'DELETE',
      headers: helperAuth,
    });
    expect(reset.status).toBe(204);
    // a second reset finds nothing to turn off: 409, no audit entry
    const again = await app.fetch(`/api/admin/users/${locked.id}/mfa`, {
      method: 'DELETE',
      headers: { ...helperAuth, 'Accept-Language': 'en' },
    });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({
      detail: 'This account has no second factor: there is nothing to remove.',
      code: 'mfa_not_enabled',
    });
    expect(
      (await app.fetch('/api/admin/mfa', { headers: { Authorization: `Bearer ${locked.token}` } }))
        .status,
    ).toBe(401);
    expect(await json(await passwordLogin(locked.dni))).toMatchObject({ token_type: 'bearer' });
    expect(
      Number(
        await app.value(
          sql`SELECT COUNT(*) FROM audit_log WHERE action = 'mfa.reset' AND entity_id = ${String(locked.id)}`,
        ),
      ),
    ).toBe(1);
    const resident = await createAccount(app, 'user');
    expect(await json(await passwordLogin(resident.dni))).toMatchObject({ token_type: 'bearer' });
  });
});

describe('MFA_FOR_ADMINS', () => {
  it('required: the password gives a 10-minute token that can only set one up, with the password again', async () => {
    const app = await startTestApp({ env: { MFA_FOR_ADMINS: 'required' } });
    try {
      const dni = (await createAccount(app, 'admin')).dni;
      const login = await json(
        await app.form('/api/user/login', { username: dni, password: PASSWORD }),
      );
      expect(login).toMatchObject({ token_type: 'bearer', scope: 'mfa_setup' });
      const setupOnly = { Authorization: `Bearer ${String(login.access_token)}` };
      const claims = JSON.parse(
        Buffer.from(String(login.access_token).split('.')[1] ?? '', 'base64url').toString(),
      ) as { iat: number; exp: number; scope: string };
      expect(claims.exp - claims.iat).toBe(600);
      // nothing else: neither the staff lists nor the resident's own pages
      const staff = await app.fetch('/api/admin/users/', { headers: setupOnly });
      expect(await json(staff)).toMatchObject({ code: 'mfa_setup_required' });
      expect(staff.status).toBe(403);
      expect((await app.fetch('/api/user/me', { headers: setupOnly })).status).toBe(401);
      expect((await app.fetch('/api/user/persons/', { headers: setupOnly })).status).toBe(401);
      // the password again, or no secret
      const wrong = await app.json(
        '/api/admin/mfa/setup',
        'POST',
        { password: 'not-the-password' },
        { ...setupOnly, 'Accept-Language': 'en' },
      );
      expect(wrong.status).toBe(403);
      expect(await json(wrong)).toEqual({
        detail: 'The password is not correct.',
        code: 'wrong_password',
      });
      expect(
        Number(
          await app.value(sql`SELECT COUNT(*) FROM audit_log WHERE action = 'mfa.setup_refused'`),
        ),
      ).toBe(1);
      const setup = await json(
        await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, setupOnly),
      );
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      const confirmed = await json(
        await app.json(
          '/api/admin/mfa/confirm',
          'POST',
          { code: authenticator(app, String(setup.secret))() },
          setupOnly,
        ),
      );
      const full = { Authorization: `Bearer ${String(confirmed.access_token)}` };
      expect((await app.fetch('/api/admin/users/', { headers: full })).status).toBe(200);
      // a setup-only token left unused ends after 10 minutes
      const other = await createAccount(app, 'admin');
      const second = await json(
        await app.form('/api/user/login', { username: other.dni, password: PASSWORD }),
      );
      app.clock.advance(601_000);
      const late = { Authorization: `Bearer ${String(second.access_token)}` };
      expect((await app.fetch('/api/admin/mfa', { headers: late })).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('the password is asked again before a secret, five wrong ones at most', async () => {
    const app = await startTestApp();
    const admin = await createAccount(app, 'admin');
    for (let i = 0; i < 5; i++) {
      const wrong = await app.json(
        '/api/admin/mfa/setup',
        'POST',
        { password: `guess-${i}` },
        admin.headers,
      );
      expect(wrong.status).toBe(403);
    }
    const blocked = await app.json(
      '/api/admin/mfa/setup',
      'POST',
      { password: PASSWORD },
      admin.headers,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    expect(await json(await app.fetch('/api/admin/mfa', { headers: admin.headers }))).toMatchObject(
      {
        enabled: false,
      },
    );
    await app.close();
  });

  it('required: an administrator without a second factor can only set one up', async () => {
    const app = await startTestApp({ env: { MFA_FOR_ADMINS: 'required' } });
    try {
      const admin: Account = await createAccount(app, 'admin');
      const blocked = await app.fetch('/api/admin/users/', {
        headers: { ...admin.headers, 'Accept-Language': 'en' },
      });
      expect(blocked.status).toBe(403);
      expect(await blocked.json()).toEqual({
        detail: 'Set up your second login factor first.',
        code: 'mfa_setup_required',
      });
      expect(
        await json(await app.fetch('/api/admin/mfa', { headers: admin.headers })),
      ).toMatchObject({
        enabled: false,
        required: true,
      });
      const setup = await json(
        await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, admin.headers),
      );
      const confirmed = await json(
        await app.json(
          '/api/admin/mfa/confirm',
          'POST',
          { code: authenticator(app, String(setup.secret))() },
          admin.headers,
        ),
      );
      const fresh = { Authorization: `Bearer ${String(confirmed.access_token)}` };
      expect((await app.fetch('/api/admin/users/', { headers: fresh })).status).toBe(200);
      // residents do not notice
      const resident = await createAccount(app, 'user');
      expect((await app.fetch('/api/user/me', { headers: resident.headers })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('off: the password is enough even for an administrator who set up the app', async () => {
    const app = await startTestApp({ env: { MFA_FOR_ADMINS: 'off' } });
    try {
      const admin = await createAccount(app, 'admin');
      const setup = await json(
        await app.json('/api/admin/mfa/setup', 'POST', { password: PASSWORD }, admin.headers),
      );
      await app.json(
        '/api/admin/mfa/confirm',
        'POST',
        { code: authenticator(app, String(setup.secret))() },
        admin.headers,
      );
      const login = await app.form('/api/user/login', { username: admin.dni, password: PASSWORD });
      expect(await json(login)).toMatchObject({ token_type: 'bearer' });
    } finally {
      await app.close();
    }
  });
});
