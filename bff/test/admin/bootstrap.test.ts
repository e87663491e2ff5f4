import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/services/bootstrap.js';
import { EmptyDatabaseRefused } from '../../src/services/earlier-use.js';
import { isValidDni } from '../../src/lib/identity.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { authHeaders } from './factory.js';

describe('first start', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('creates the admin from ADMIN_DNI / ADMIN_PASSWORD, prints nothing, seeds no demo when SEED_DEMO=0', async () => {
    app = await startTestApp({
      env: { ADMIN_DNI: ' 33445566r ', ADMIN_PASSWORD: 'concello-deportes-2026', SEED_DEMO: '0' },
    });
    const printed: string[] = [];
    await bootstrap(app.deps, (text) => printed.push(text));
    expect(printed).toEqual([]);
    const admin = await app.deps.repos.users.findByDni('33445566R');
    expect(admin).toMatchObject({ role: 'admin', verified: 1 });
    expect(
      await app.deps.passwords.verify(admin?.password_hash ?? '', 'concello-deportes-2026'),
    ).toBe(true);
    expect(await app.row(sql`SELECT COUNT(*) AS n FROM activities`)).toEqual({ n: 0 });
    // a second start changes nothing
    await bootstrap(app.deps, (text) => printed.push(text));
    expect(await app.deps.repos.users.count()).toBe(1);
    const res = await app.fetch('/api/admin/users/', {
      headers: await authHeaders(app, admin?.id ?? 0),
    });
    expect(res.status).toBe(200);
  });

  it('generates an admin printed once in a box, plus the demo catalogue outside production', async () => {
    app = await startTestApp({ env: { SEED_DEMO: '1' } });
    const printed: string[] = [];
    await bootstrap(app.deps, (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    const box = printed[0] ?? '';
    const dni = /DNI:\s+(\S+)/.exec(box)?.[1] ?? '';
    const password = /Password:\s+(\S+)/.exec(box)?.[1] ?? '';
    expect(box).toMatch(/^╔═+╗/);
    expect(isValidDni(dni)).toBe(true);
    expect(password).toHaveLength(20);
    // also in a file only its owner reads, which the box names
    const file = join(app.deps.config.dataDir, 'first-admin.txt');
    expect(box).toContain(file);
    expect(readFileSync(file, 'utf8')).toContain(`Password:   ${password}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const admin = await app.deps.repos.users.findByDni(dni);
    expect(await app.deps.passwords.verify(admin?.password_hash ?? '', password)).toBe(true);

    const headers = await authHeaders(app, admin?.id ?? 0);
    const activities = await (await app.fetch('/api/admin/activities-crud/', { headers })).json();
    expect(activities.length).toBeGreaterThanOrEqual(4);
    const enrolments = await (await app.fetch('/api/admin/person-activities/', { headers })).json();
    expect(enrolments.length).toBeGreaterThanOrEqual(3);
    for (const person of enrolments) {
      expect(isValidDni(person.dni)).toBe(true);
      expect(person.phone).toMatch(/^6\d{8}$/);
    }
    await bootstrap(app.deps, (text) => printed.push(text));
    expect(printed).toHaveLength(1);
  });

  it('never starts afresh in production (`npm run admin -- init` does), and refuses a bad ADMIN_DNI or a weak ADMIN_PASSWORD', async () => {
    app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: '1',
        PUBLIC_URL: 'https://deportes.example.gal',
        SMS_ADAPTER: 'outbox',
        MAIL_ADAPTER: 'outbox',
        ALLOW_OUTBOX_IN_PRODUCTION: 'true',
        // Redsys's public test merchant: the sandbox is refused on an https site, and Redsys's
        // test bank is taken there only when said explicitly
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        ALLOW_REDSYS_TEST_ON_HTTPS: 'true',
      },
    });
    const printed: string[] = [];
    const refused = bootstrap(app.deps, (text) => printed.push(text));
    await expect(refused).rejects.toBeInstanceOf(EmptyDatabaseRefused);
    await expect(refused).rejects.toThrow(/NODE_ENV=production.+npm run admin -- init/);
    expect(printed).toEqual([]);
    expect(await app.deps.repos.users.count()).toBe(0);
    expect(await app.row(sql`SELECT COUNT(*) AS n FROM activities`)).toEqual({ n: 0 });
    await app.close();

    app = await startTestApp({
      env: { ADMIN_DNI: '12345678A', ADMIN_PASSWORD: 'concello-deportes-2026' },
    });
    await expect(bootstrap(app.deps, () => undefined)).rejects.toThrow(/ADMIN_DNI/);
    await app.close();
    app = await startTestApp({ env: { ADMIN_DNI: '12345678Z', ADMIN_PASSWORD: 'password' } });
    await expect(bootstrap(app.deps, () => undefined)).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await app.deps.repos.users.count()).toBe(0);
  });
});
