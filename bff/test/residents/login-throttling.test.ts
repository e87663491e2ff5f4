import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/services/residents/login-throttle.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { nextDni } from '../admin/factory.js';
import { errorOf, PASSWORD } from './helpers.js';

/**
 * The login's limits (services/residents/login-throttle.ts): counted before the password is
 * checked, per DNI and address, per address (distinct DNIs, and every try), per DNI from
 * anywhere with device tokens.
 */
describe('login throttling', () => {
  let app: TestApp;
  let hash: string;
  let subnet = 0;
  /** A client address of its own for each test (the proxy appends it; see TRUST_PROXY=1). */
  const fresh = () => `198.18.${++subnet}.1`;
  const from = (ip: string, extra: Record<string, string> = {}) => ({
    'X-Forwarded-For': ip,
    ...extra,
  });

  const login = (
    dni: string,
    password: string,
    headers: Record<string, string>,
    deviceToken?: string,
  ) =>
    app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        username: dni,
        password,
        ...(deviceToken ? { device_token: deviceToken } : {}),
      }),
    });

  /** A verified account written straight through the repository (one password hash for all). */
  async function account(): Promise<{ id: number; dni: string }> {
    const dni = nextDni();
    const id = await app.deps.repos.users.insert({
      dni,
      phone: '612345678',
      email: null,
      password_hash: hash,
      role: 'user',
      verified: true,
    });
    return { id, dni };
  }

  /** The audit log keeps a DNI's last five characters only. */
  const masked = (dni: string) => `****${dni.slice(-5)}`;
  /** How many times the password was actually checked (each check is audited, repeats counted). */
  const checks = async (dni: string) =>
    Number(
      await app.value(
        sql`SELECT COALESCE(SUM(repeats), 0) FROM audit_log WHERE actor_dni = ${masked(dni)} AND action IN ('login_failed', 'login_success')`,
      ),
    );

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    hash = await app.deps.passwords.hash(PASSWORD);
  });
  afterAll(() => app.close());
  beforeEach(() => app.clock.advance(LOGIN_LIMITS.windowMs + 60_000));

  /**
   * The tests that check a hundred passwords or more one after another: argon2 takes tens of
   * milliseconds each on an idle machine and several times that beside other CPU-heavy work. They
   * assert counts, never time, so they get the time their work needs.
   */
  const MANY_CHECKS = { timeout: 180_000 };

  it('one DNI from one address: 5 failures, then 429 even for the right password, for 15 minutes; its owner elsewhere goes on', async () => {
    const { dni } = await account();
    const attacker = fresh();
    for (let i = 0; i < 5; i++)
      expect((await login(dni, `mala-${i}`, from(attacker))).status).toBe(401);
    const locked = await errorOf(await login(dni, PASSWORD, from(attacker)));
    expect(locked).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(locked.retryAfter)).toBeGreaterThan(800);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(900);
    expect((await login(dni, PASSWORD, from(fresh()))).status).toBe(200);
    app.clock.advance(Number(locked.retryAfter) * 1000);
    expect((await login(dni, PASSWORD, from(attacker))).status).toBe(200);
  });

  it('100 wrong passwords in flight check at most the limit, and the right one among them is refused', async () => {
    const { dni } = await account();
    const ip = fresh();
    const attempts = Array.from({ length: 100 }, (_, i) =>
      login(dni, i === 60 ? PASSWORD : `adivina-${i}`, from(ip)),
    );
    const statuses = (await Promise.all(attempts)).map((res) => res.status);
    expect(await checks(dni)).toBe(LOGIN_LIMITS.perAccountAndAddress);
    expect(
      statuses.filter((status) => status === 401 || status === 200).length,
    ).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    // the right password was one of the refused: the limit was already reached when it came
    if (statuses[60] !== 200) expect(statuses[60]).toBe(429);
    // the same burst from 100 addresses: at most the per-DNI ceiling is checked
    const { dni: other } = await account();
    const spread = Array.from({ length: 100 }, () => login(other, 'otra-mala', from(fresh())));
    await Promise.all(spread);
    expect(await checks(other)).toBe(LOGIN_LIMITS.perAccount);
  });

  it(
    "50 accounts behind one address (a carrier's CGNAT), each with two typos and then the right password, all log in",
    MANY_CHECKS,
    async () => {
      const carrier = fresh();
      const people = await Promise.all(Array.from({ length: 50 }, account));
      for (const person of people) {
        expect((await login(person.dni, 'typo-1', from(carrier))).status).toBe(401);
        expect((await login(person.dni, 'typo-2', from(carrier))).status).toBe(401);
        expect((await login(person.dni, PASSWORD, from(carrier))).status).toBe(200);
      }
    },
  );

  it(
    'an address failing on 30 different DNIs answers 429 for the next wrong passwords; behind it, the right password, a device token and a typo then the right password all get in',
    MANY_CHECKS,
    async () => {
      const sprayer = fresh();
      const resident = await account();
      const withDevice = await account();
      const home = await login(withDevice.dni, PASSWORD, from(fresh()));
      const deviceToken = String(((await home.json()) as { device_token?: string }).device_token);

      // first tries on distinct random valid DNIs, one password each, one after another
      const SPRAYED = 500;
      const statuses: number[] = [];
      let lastRefusal: Response | null = null;
      for (let i = 0; i < SPRAYED; i++) {
        const res = await login(nextDni(), 'verano2026', from(sprayer));
        statuses.push(res.status);
        if (res.status === 429) lastRefusal = res;
        else await res.body?.cancel();
      }
      const ceiling = LOGIN_LIMITS.perAddressDistinctDnis;
      expect(statuses.slice(0, ceiling).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(ceiling).every((status) => status === 429)).toBe(true);
      const refused = await errorOf(lastRefusal!);
      expect(refused.code).toBe('too_many_requests');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);

      // past the ceiling the password is still checked: a resident who types it right gets in
      expect((await login(resident.dni, PASSWORD, from(sprayer))).status).toBe(200);
      // one typo answers 429 (no different from the sprayer's), and the right password then works
      const other = await account();
      expect((await login(other.dni, 'typo-verano', from(sprayer))).status).toBe(429);
      expect((await login(other.dni, PASSWORD, from(sprayer))).status).toBe(200);
      // a resident whose browser has a device token is checked on the device's own budget
      const device = await login(withDevice.dni, PASSWORD, from(sprayer), deviceToken);
      expect(device.status).toBe(200);
      // and another address is not affected at all
      expect((await login(nextDni(), 'verano2026', from(fresh()))).status).toBe(401);
      // the sprayer's wrong passwords were checked (written as refused), never told apart
      const answeredThrottled = Number(
        await app.value(
          sql`SELECT SUM(repeats) FROM audit_log WHERE ip = ${sprayer} AND action = 'login_throttled'`,
        ),
      );
      expect(answeredThrottled).toBe(SPRAYED - ceiling + 1);
    },
  );

  it('an address past 1,000 tries in 15 minutes gets no password checked without a device token', async () => {
    const ip = fresh();
    const owner = await account();
    const first = await login(owner.dni, PASSWORD, from(fresh()));
    const deviceToken = String(((await first.json()) as { device_token?: string }).device_token);
    // the window as a sprayer would leave it, without checking a thousand passwords here
    const resetAt = app.clock.now().getTime() + LOGIN_LIMITS.windowMs;
    await app.exec(
      sql`INSERT INTO rate_buckets (bucket, hits, reset_at) VALUES (${`login:address:${ip}`}, ${LOGIN_LIMITS.perAddress}, ${resetAt})`,
    );
    const before = await checks(owner.dni);
    const refused = await errorOf(await login(owner.dni, PASSWORD, from(ip)));
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(await checks(owner.dni)).toBe(before);
    expect((await login(owner.dni, PASSWORD, from(ip), deviceToken)).status).toBe(200);
  });

  it('10 failures for a DNI from ten addresses stop logins without a device token; its owner with one logs in', async () => {
    const owner = await account();
    const home = fresh();
    const first = await login(owner.dni, PASSWORD, from(home));
    expect(first.status).toBe(200);
    const deviceToken = String(((await first.json()) as { device_token?: string }).device_token);
    expect(deviceToken).toMatch(/^d1\./);

    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect((await login(owner.dni, `ataque-${i}`, from(fresh()))).status).toBe(401);
    // the right password from a new device (or a new attacker address) waits
    const stranger = await errorOf(await login(owner.dni, PASSWORD, from(fresh())));
    expect(stranger).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect((await login(owner.dni, PASSWORD, from(home))).status).toBe(429);
    // the owner's device is checked on its own budget
    const back = await login(owner.dni, PASSWORD, from(home), deviceToken);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { device_token?: string }).device_token).toMatch(/^d1\./);

    // a device token of another account, or a forged one, counts as none
    const other = await account();
    const otherToken = String(
      ((await (await login(other.dni, PASSWORD, from(fresh()))).json()) as { device_token: string })
        .device_token,
    );
    expect((await login(owner.dni, PASSWORD, from(home), otherToken)).status).toBe(429);
    const forged = deviceToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login(owner.dni, PASSWORD, from(home), forged)).status).toBe(429);

    // a stolen device token gets 5 tries of its own, no more
    for (let i = 0; i < LOGIN_LIMITS.perDevice; i++)
      expect((await login(owner.dni, `robada-${i}`, from(fresh()), deviceToken)).status).toBe(401);
    expect((await login(owner.dni, PASSWORD, from(home), deviceToken)).status).toBe(429);
  });

  it('a success clears its own count: four typos, the right password, four typos more are all checked', async () => {
    const { dni } = await account();
    const ip = fresh();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect((await login(dni, `typo-${i}`, from(ip))).status).toBe(401);
      expect((await login(dni, PASSWORD, from(ip))).status).toBe(200);
    }
  });

  it('with TRUST_PROXY=1 an address the client writes into X-Forwarded-For changes nothing', async () => {
    const { dni } = await account();
    const real = fresh();
    for (let i = 0; i < 5; i++) {
      // the client writes an invented address first; the proxy appends the real one
      const forged = `10.${i}.0.1, ${real}`;
      expect((await login(dni, `mala-${i}`, from(forged))).status).toBe(401);
    }
    expect((await login(dni, PASSWORD, from(`203.0.113.99, ${real}`))).status).toBe(429);
    const ips = await app.column<string>(
      sql`SELECT DISTINCT ip FROM audit_log WHERE actor_dni = ${masked(dni)}`,
    );
    expect(ips).toEqual([real]);
  });

  it('the addresses of one IPv6 /64 count as one', async () => {
    const { dni } = await account();
    for (let i = 1; i <= 5; i++)
      expect((await login(dni, `mala-${i}`, from(`2001:db8:aa:${subnet}::${i}`))).status).toBe(401);
    const next = await login(dni, PASSWORD, from(`2001:db8:aa:${subnet}:ffff::12`));
    expect(next.status).toBe(429);
    // the next /64 is another household
    expect((await login(dni, PASSWORD, from(`2001:db8:aa:${subnet + 1}::1`))).status).toBe(200);
  });
});
