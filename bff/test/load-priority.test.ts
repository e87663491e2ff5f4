import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nextDni, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { testEngine } from './helpers/test-database.js';

/**
 * Shedding goes by priority (issue 59, item 8): a flood of anonymous logins from rotating
 * addresses once made the server answer 503 `server_busy` to the administrator's login and to a
 * resident's login with a device token. Anonymous and unrecognised traffic is refused first;
 * staff's and known devices' logins and signed-in residents' calls last; the bank never. On the
 * real app over HTTP, both engines.
 */

let subnet = 0;
/** A client address of its own for every call (the proxy appends it; TRUST_PROXY=1). */
const rotating = () => `198.19.${Math.floor(++subnet / 250) % 250}.${(subnet % 250) + 1}`;

function login(app: TestApp, username: string, password: string, deviceToken?: string) {
  return app.fetch('/api/user/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': rotating() },
    body: JSON.stringify({
      username,
      password,
      ...(deviceToken ? { device_token: deviceToken } : {}),
    }),
  });
}

/** A resident's device token, from a first login on that device. */
async function deviceTokenOf(app: TestApp, account: Account): Promise<string> {
  const res = await login(app, account.dni, account.password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { device_token: string }).device_token;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a flood of anonymous logins does not turn the known away', () => {
  describe('while the password checks are full of anonymous logins', () => {
    let app: TestApp;
    let admin: Account;
    let resident: Account;
    let device: string;
    beforeAll(async () => {
      app = await startTestApp({
        env: { TRUST_PROXY: '1', SHED_PASSWORDS_WAITING: '2', SHED_DATABASE_WAITING: '0' },
      });
      admin = await createAccount(app, 'admin');
      resident = await createAccount(app, 'user');
      device = await deviceTokenOf(app, resident);
    });
    afterAll(() => app.close());

    it(
      'serves staff and a known device while anonymous logins are refused',
      { timeout: 60_000 },
      async () => {
        // attackers, each sending a login from a new address with a new DNI as soon as the last one answered
        let flooding = true;
        const answers: number[] = [];
        const attacker = async () => {
          while (flooding) {
            const res = await login(app, nextDni(), 'guess-the-password');
            answers.push(res.status);
            await res.body?.cancel();
          }
        };
        const attackers = Array.from({ length: 16 }, attacker);
        let staff: Response;
        let known: Response;
        try {
          // the flood has filled the password checks: anonymous logins are being refused
          await until(() => answers.includes(503), 20_000);
          staff = await login(app, admin.dni, admin.password);
          known = await login(app, resident.dni, resident.password, device);
        } finally {
          flooding = false;
          await Promise.allSettled(attackers);
        }

        expect(staff.status).toBe(200);
        expect(await staff.json()).toMatchObject({ token_type: 'bearer' });
        expect(known.status).toBe(200);
        expect(await known.json()).toMatchObject({ token_type: 'bearer' });
        // the anonymous ones were answered 401 (checked) or 503 (refused at once), nothing else
        expect(new Set(answers)).toEqual(new Set([401, 503]));
      },
    );
  });

  describe('past the anonymous share of the bound on calls waiting for the database', () => {
    let app: TestApp;
    let admin: Account;
    let resident: Account;
    let device: string;
    beforeAll(async () => {
      app = await startTestApp({
        env: { TRUST_PROXY: '1', SHED_DATABASE_WAITING: '10' },
      });
      admin = await createAccount(app, 'admin');
      resident = await createAccount(app, 'user');
      device = await deviceTokenOf(app, resident);
    });
    afterAll(() => app.close());

    /** Holds every database connection in an open transaction until the returned release. */
    async function holdDatabase(): Promise<() => Promise<void>> {
      const connections = testEngine === 'postgres' ? 10 : 1;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered = 0;
      const held = Array.from({ length: connections }, () =>
        app.db.transaction(async () => {
          entered++;
          await gate;
        }),
      );
      await until(() => entered === connections);
      return async () => {
        release();
        await Promise.all(held);
      };
    }

    it('refuses anonymous calls and logins at half the bound, not staff, known devices or signed-in residents', async () => {
      const read = () => app.fetch('/api/user/me', { headers: resident.headers });
      const release = await holdDatabase();
      // five signed-in residents' calls wait for the database: half the bound of ten
      const waiting = Array.from({ length: 5 }, read);
      await until(() => app.db.waiting() >= 5);

      // an anonymous call is refused at once
      const anonymous = await app.fetch('/api/catalogue');
      expect(anonymous.status).toBe(503);
      expect(((await anonymous.json()) as { code: string }).code).toBe('server_busy');
      expect(anonymous.headers.get('retry-after')).toBe('2');
      // a login is let in to say who logs in; a signed-in resident's call is admitted
      const stranger = login(app, nextDni(), 'guess-the-password');
      const staff = login(app, admin.dni, admin.password);
      const known = login(app, resident.dni, resident.password, device);
      const signedIn = read();
      await until(() => app.db.waiting() >= 9);
      await release();

      for (const res of await Promise.all([...waiting, signedIn])) expect(res.status).toBe(200);
      const refused = await stranger;
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe('server_busy');
      expect((await staff).status).toBe(200);
      expect((await known).status).toBe(200);
    });
  });
});
