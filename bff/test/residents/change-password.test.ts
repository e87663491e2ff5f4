import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { auditActions, bearer, errorOf, logIn, PASSWORD, signUp } from './helpers.js';

/** A resident changes their password while signed in: the current one first. */
describe('changing the password while signed in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const change = (token: string, body: Record<string, string>, lang = 'es') =>
    app.json('/api/user/me/password', 'POST', body, {
      ...bearer(token),
      'Accept-Language': lang,
    });
  const NEW = 'pista-de-atletismo-2027';

  it('asks for the current password, keeps this session and ends the others', async () => {
    const here = await signUp(app, { dni: '44444444A', phone: '644444444' });
    const elsewhere = await logIn(app, '44444444A');

    const wrong = await change(
      here,
      { current_password: 'adivinanza-1', new_password: NEW, repeat_password: NEW },
      'en',
    );
    expect(await errorOf(wrong)).toMatchObject({
      status: 403,
      code: 'wrong_password',
      detail: 'The password is not correct.',
    });
    expect((await auditActions(app)).filter((a) => a === 'password_change_refused')).toHaveLength(
      1,
    );
    for (const [body, msg] of [
      [
        { current_password: PASSWORD, new_password: 'corta', repeat_password: 'corta' },
        'new_password',
      ],
      [
        { current_password: PASSWORD, new_password: NEW, repeat_password: 'otra-cosa' },
        'repeat_password',
      ],
      [
        { current_password: PASSWORD, new_password: 'password123', repeat_password: 'password123' },
        'new_password',
      ],
    ] as const) {
      const refused = await change(here, body);
      expect(refused.status).toBe(422);
      expect(JSON.stringify((await errorOf(refused)).detail)).toContain(msg);
    }
    // nothing changed so far: both sessions and the old password work
    expect((await app.fetch('/api/user/me', { headers: bearer(elsewhere) })).status).toBe(200);

    const done = await change(here, {
      current_password: PASSWORD,
      new_password: NEW,
      repeat_password: NEW,
    });
    expect(done.status).toBe(200);
    const { access_token: fresh } = (await done.json()) as { access_token: string };
    expect((await app.fetch('/api/user/me', { headers: bearer(fresh) })).status).toBe(200);
    for (const old of [here, elsewhere])
      expect((await app.fetch('/api/user/me', { headers: bearer(old) })).status).toBe(401);
    const oldLogin = await app.form('/api/user/login', {
      username: '44444444A',
      password: PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    expect(await logIn(app, '44444444A', NEW)).toBeTruthy();
    expect(await auditActions(app)).toContain('password_changed');
  });

  it('stops at 5 wrong current passwords, the right one included after them', async () => {
    const token = await signUp(app, { dni: '55555555K', phone: '655555555' });
    for (let i = 0; i < 5; i++) {
      const res = await change(token, {
        current_password: `adivinanza-${i}`,
        new_password: NEW,
        repeat_password: NEW,
      });
      expect(res.status).toBe(403);
    }
    const blocked = await change(token, {
      current_password: PASSWORD,
      new_password: NEW,
      repeat_password: NEW,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.fetch('/api/user/me', { headers: bearer(token) })).status).toBe(200);
  });
});
