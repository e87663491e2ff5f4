import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { parse } from 'yaml';
import { repoRoot } from '../../src/lib/paths.js';
import { councilDatabaseName } from '../../src/councils/council-database.js';
import { LOGIN_LIMITS } from '../../src/services/residents/login-throttle.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zError } from '../../src/generated/zod.gen.js';
import type { Deps } from '../../src/deps.js';
import {
  hiddenFields,
  notificationParams,
  signedNotification,
  TEST_CARD,
} from '../payments/helpers.js';
import { startTestDeployment, type TestDeployment } from '../helpers/test-deployment.js';
import { webBuild } from '../helpers/web-build.js';

/**
 * Two councils in one process (COUNCILS_DIR), as a province runs them: the same resident's DNI
 * registered in each, the same activity names, and every call of one council's resident and
 * staff tried at the other's host with the other's token. Nothing crosses: 401 for a token of the
 * other council, 404 for an id of the other council, and a bank notification is only ever taken
 * by the council whose key signed it and whose order it names.
 */
const suffix = randomBytes(3).toString('hex');
const A = `alfa-${suffix}`;
const B = `beta-${suffix}`;
const BROKEN = `rota-${suffix}`;
const BAD_DATABASE = `mala-${suffix}`;
const SANDBOX = `gama-${suffix}`;
const HOST_SANDBOX = `${SANDBOX}.localhost`;
const HOST_BAD_DATABASE = 'deportes.mala.test';
const HOST_A = 'deportes.alfa.test';
const HOST_B = 'deportes.beta.test';
const HOST_BROKEN = 'deportes.rota.test';
const KEY_A = randomBytes(24).toString('base64');
const KEY_B = randomBytes(24).toString('base64');
const MERCHANT_A = '111111111';
const MERCHANT_B = '222222222';

const ADMIN_DNI = '00000001R';
const ADMIN_PASSWORD = 'administra-os-concellos-2026';
const RESIDENT = { dni: '12345678Z', phone: '612345678', password: 'piscina-verano-2026' };
const STAFF = { dni: '87654321X', password: 'persoal-do-concello-2026' };
const ACTIVITY = 'Natación infantil';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const staffEdit = {
  dni: STAFF.dni,
  phone: '622334455',
  email: null,
  password: '',
  repeat_password: '',
};

describe('many councils in one deployment: each apart', () => {
  let d: TestDeployment;
  /** What each council holds of the test's people, by council id. */
  const seen: Record<
    string,
    { resident: string; admin: string; personId: number; activityId: number; order?: string }
  > = {};
  let staffA: { id: number; token: string };

  beforeAll(async () => {
    d = await startTestDeployment({
      councils: [
        {
          id: A,
          hosts: [HOST_A],
          name: 'Concello de Alfa',
          edit: (file) => {
            file.payments = {
              merchantCode: MERCHANT_A,
              terminal: '1',
              secret: { env: 'REDSYS_SECRET_ALFA_TEST' },
            };
          },
        },
        {
          id: B,
          hosts: [HOST_B, 'beta.localhost'],
          name: 'Concello de Beta',
          files: { 'redsys.key': `${KEY_B}\n` },
          edit: (file) => {
            file.payments = { merchantCode: MERCHANT_B, secret: { file: 'redsys.key' } };
          },
        },
        {
          id: BROKEN,
          hosts: [HOST_BROKEN],
          edit: (file) => {
            file.logo = 'no-such-logo.svg';
          },
        },
        { id: BAD_DATABASE, hosts: [HOST_BAD_DATABASE] },
        { id: SANDBOX, hosts: [HOST_SANDBOX], name: 'Concello de Gama' },
      ],
      // a council whose first migration fails: its database already has a table of that name
      prepare: ({ dataDir, cluster }) => tableInTheWay(BAD_DATABASE, dataDir, cluster),
      env: {
        ADMIN_DNI,
        ADMIN_PASSWORD,
        REDSYS_SECRET_ALFA_TEST: KEY_A,
        METRICS_TOKEN: 'metrics-token-0123456789',
        WEB_DIST: webBuild(
          '<!doctype html><html><head><title>Portal</title></head><body></body></html>',
        ),
      },
    });
    for (const [id, host] of [
      [A, HOST_A],
      [B, HOST_B],
    ] as const) {
      const deps = d.council(id);
      // the council that is set up first gets more rows, so its ids are ones the other lacks
      if (id === A) {
        for (let i = 0; i < 3; i++) {
          await deps.repos.enrolments.insert({
            first_name: 'Outra',
            last_name: `Persoa ${i}`,
            dni: null,
            email: null,
            phone: '699000000',
          });
        }
        await deps.repos.activities.insert({ name: 'Ioga', price_cents: 1000, start_date: null });
      }
      const resident = await signUp(host);
      const admin = await logIn(host, ADMIN_DNI, ADMIN_PASSWORD);
      const personId = await deps.repos.enrolments.insert({
        first_name: 'Uxía',
        last_name: 'Fernández Rial',
        dni: RESIDENT.dni,
        email: null,
        phone: RESIDENT.phone,
      });
      const activityId = await deps.repos.activities.insert({
        name: ACTIVITY,
        price_cents: 6000,
        start_date: '2026-10-01',
      });
      await deps.repos.enrolments.addLink(personId, activityId);
      const user = await deps.repos.users.findByDni(RESIDENT.dni);
      await deps.repos.persons.link(user!.id, personId);
      const settings = await deps.repos.config.get();
      await deps.repos.config.save({ ...settings, payments_enabled: true, deadline_date: null });
      seen[id] = { resident, admin, personId, activityId };
    }
    // a clerk of council A only
    const depsA = d.council(A);
    const staffId = await depsA.repos.users.insert({
      dni: STAFF.dni,
      phone: '622334455',
      email: null,
      password_hash: await depsA.passwords.hash(STAFF.password),
      role: 'admin',
      verified: true,
    });
    staffA = { id: staffId, token: await logIn(HOST_A, STAFF.dni, STAFF.password) };
  });
  afterAll(() => d?.close());

  async function signUp(host: string): Promise<string> {
    const registered = await d.call(host, 'POST', '/api/user/register', {
      json: {
        dni: RESIDENT.dni,
        phone: `34${RESIDENT.phone}`,
        email: null,
        password: RESIDENT.password,
        repeat_password: RESIDENT.password,
      },
    });
    expect(registered.status, registered.text).toBeLessThan(300);
    const outbox = await d.call(host, 'GET', `/api/dev/outbox?to=${RESIDENT.phone}`);
    const messages = outbox.json() as { body: string }[];
    expect(messages).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(messages[0]!.body)![1];
    const verified = await d.call(host, 'POST', '/api/user/verify', {
      json: { dni: RESIDENT.dni, otp_code: code },
    });
    expect(verified.status, verified.text).toBe(200);
    return (verified.json() as { access_token: string }).access_token;
  }

  async function logIn(host: string, dni: string, password: string): Promise<string> {
    const res = await d.call(host, 'POST', '/api/user/login', {
      json: { username: dni, password },
    });
    expect(res.status, res.text).toBe(200);
    return (res.json() as { access_token: string }).access_token;
  }

  /** The calls a resident makes, for a council's own ids. */
  const residentCalls = (id: string) => [
    ['GET', '/api/user/me'],
    ['GET', '/api/user/persons/'],
    ['GET', '/api/user/payments/'],
    ['GET', `/api/user/activities/${seen[id]!.personId}`],
  ];
  /** The calls staff make, for a council's own ids. */
  const staffCalls = [
    ['GET', '/api/admin/users/'],
    ['GET', '/api/admin/person-activities/'],
    ['GET', '/api/admin/activities-crud'],
    ['GET', '/api/admin/payments/'],
    ['GET', '/api/admin/audit/'],
    ['GET', '/api/admin/config'],
  ];

  it('serves each council on its own hosts, with its own name and its own data', async () => {
    for (const [host, name] of [
      [HOST_A, 'Concello de Alfa'],
      [HOST_B, 'Concello de Beta'],
      ['BETA.localhost:8080', 'Concello de Beta'],
    ] as const) {
      const me = await d.call(host, 'GET', '/api/user/me', {
        token: seen[host === HOST_A ? A : B]!.resident,
      });
      expect(me.status, me.text).toBe(200);
      expect(me.text).toContain(RESIDENT.dni);
      // its page carries its own council, never another's
      const page = await d.call(host, 'GET', '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain(name);
      expect(page.text).not.toContain(
        name === 'Concello de Alfa' ? 'Concello de Beta' : 'Concello de Alfa',
      );
    }
    // the same DNI is two accounts: one in each council, with nothing linking them
    const userA = await d.council(A).repos.users.findByDni(RESIDENT.dni);
    const userB = await d.council(B).repos.users.findByDni(RESIDENT.dni);
    expect(userA && userB).toBeTruthy();
    expect(await d.council(B).repos.users.findByDni(STAFF.dni)).toBeUndefined();
  });

  it("answers every resident's call made with the other council's token 401, and with its own 200", async () => {
    for (const [own, other, otherHost, ownHost] of [
      [A, B, HOST_B, HOST_A],
      [B, A, HOST_A, HOST_B],
    ] as const) {
      for (const [method, path] of residentCalls(own)) {
        const mine = await d.call(ownHost, method!, path!, { token: seen[own]!.resident });
        expect([200, 204], `${method} ${path} at its own council: ${mine.text}`).toContain(
          mine.status,
        );
        const there = await d.call(otherHost, method!, path!, { token: seen[own]!.resident });
        expect(there.status, `${method} ${path} at ${other}: ${there.text}`).toBe(401);
        expect(there.text).not.toContain('Uxía');
      }
      const generate = await d.call(otherHost, 'POST', '/api/payments/generate-multiple/', {
        token: seen[own]!.resident,
        json: {
          person_activity_id: seen[own]!.personId,
          activity_ids: [seen[own]!.activityId],
          use_discount: false,
        },
      });
      expect(generate.status).toBe(401);
    }
  });

  it("answers every staff call made with the other council's token 401; a clerk of one council cannot log in at the other", async () => {
    for (const [otherHost, ownHost, token] of [
      [HOST_B, HOST_A, staffA.token],
      [HOST_B, HOST_A, seen[A]!.admin],
      [HOST_A, HOST_B, seen[B]!.admin],
    ] as const) {
      for (const [method, path] of staffCalls) {
        const mine = await d.call(ownHost, method!, path!, { token });
        expect(mine.status, `${method} ${path} at its own council: ${mine.text}`).toBe(200);
        const there = await d.call(otherHost, method!, path!, { token });
        expect(there.status, `${method} ${path} at the other council: ${there.text}`).toBe(401);
        expect(zError.parse(there.json()).code).toBe('not_authenticated');
      }
    }
    // a change of council A's clerk, sent by council A's staff to council B, changes nothing
    const edit = await d.call(HOST_B, 'PUT', `/api/admin/users/${staffA.id}`, {
      token: seen[A]!.admin,
      json: staffEdit,
    });
    expect(edit.status).toBe(401);
    // council A's clerk is on council A's list of accounts, not on council B's
    const listA = await d.call(HOST_A, 'GET', '/api/admin/users/', { token: seen[A]!.admin });
    const listB = await d.call(HOST_B, 'GET', '/api/admin/users/', { token: seen[B]!.admin });
    expect(listA.text).toContain(STAFF.dni);
    expect(listB.text).not.toContain(STAFF.dni);
    const login = await d.call(HOST_B, 'POST', '/api/user/login', {
      json: { username: STAFF.dni, password: STAFF.password },
    });
    expect(login.status).toBe(401);
  });

  it("answers every call of the contract that needs a token 401 at the other council's host", async () => {
    const contract = parse(readFileSync(join(repoRoot, 'openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const guarded = Object.entries(contract.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(
          ([method, op]) =>
            METHODS.has(method) && (op.security === undefined || op.security.length > 0),
        )
        .map(([method]) => [method.toUpperCase(), path] as const),
    );
    expect(guarded.length).toBeGreaterThan(100);
    const answers: string[] = [];
    for (const token of [seen[A]!.resident, seen[A]!.admin, staffA.token]) {
      for (const [method, path] of guarded) {
        const concrete = `/api${path.replace(/\{[^}]+\}/g, String(seen[A]!.personId))}`;
        const res = await d.call(HOST_B, method, concrete, {
          token,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        });
        if (res.status !== 401)
          answers.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
        else expect(zError.parse(res.json()).code).toBe('not_authenticated');
      }
    }
    expect(answers).toEqual([]);
  });

  it("answers an id of the other council 404 with the council's own token", async () => {
    // council A has persons and a user council B does not
    const personOfA = seen[A]!.personId;
    expect(personOfA).toBeGreaterThan(seen[B]!.personId);
    const resident = await d.call(HOST_B, 'GET', `/api/user/activities/${personOfA}`, {
      token: seen[B]!.resident,
    });
    expect(resident.status, resident.text).toBe(404);
    const enrolment = await d.call(HOST_B, 'DELETE', `/api/admin/person-activities/${personOfA}`, {
      token: seen[B]!.admin,
    });
    expect(enrolment.status, enrolment.text).toBe(404);
    expect(await d.council(A).repos.enrolments.findById(personOfA)).toBeTruthy();
    const edit = await d.call(HOST_B, 'PUT', `/api/admin/users/${staffA.id}`, {
      token: seen[B]!.admin,
      json: staffEdit,
    });
    expect(edit.status, edit.text).toBe(404);
    expect(await d.council(B).repos.users.findByDni(STAFF.dni)).toBeUndefined();
  });

  it("keeps each council's development outbox its own", async () => {
    const outboxA = (
      await d.call(HOST_A, 'GET', `/api/dev/outbox?to=${RESIDENT.phone}`)
    ).json() as {
      body: string;
    }[];
    const outboxB = (
      await d.call(HOST_B, 'GET', `/api/dev/outbox?to=${RESIDENT.phone}`)
    ).json() as {
      body: string;
    }[];
    expect(outboxA).toHaveLength(1);
    expect(outboxB).toHaveLength(1);
    expect(outboxA[0]!.body).not.toBe(outboxB[0]!.body);
  });

  it('takes a bank notification only at the council whose key signed it and whose order it names', async () => {
    const generate = await d.call(HOST_B, 'POST', '/api/payments/generate-multiple/', {
      token: seen[B]!.resident,
      json: {
        person_activity_id: seen[B]!.personId,
        activity_ids: [seen[B]!.activityId],
        use_discount: false,
      },
    });
    expect(generate.status, generate.text).toBe(200);
    const redirect = generate.json() as {
      order: string;
      amount: number;
      fields: { Ds_MerchantParameters: string };
    };
    const params = JSON.parse(
      Buffer.from(redirect.fields.Ds_MerchantParameters, 'base64').toString('utf8'),
    ) as Record<string, string>;
    expect(params.DS_MERCHANT_MERCHANTCODE).toBe(MERCHANT_B);
    const order = redirect.order;
    const cents = Math.round(redirect.amount * 100);
    const pending = () => paymentStatus(d.council(B), order);

    // council A's key, council B's order, at council B's host: the signature does not verify
    const signedByA = signedNotification(
      notificationParams(order, cents, { Ds_MerchantCode: MERCHANT_A }),
      {
        secret: KEY_A,
      },
    );
    const atB = await d.call(HOST_B, 'POST', '/api/payments/notification', { form: signedByA });
    expect(atB.status).toBe(400);
    expect(zError.parse(atB.json()).code).toBe('bad_signature');
    // the same at council A's host: its signature verifies, but A has no such order
    const atA = await d.call(HOST_A, 'POST', '/api/payments/notification', { form: signedByA });
    expect(atA.status).toBe(400);
    expect(zError.parse(atA.json()).code).toBe('unknown_order');
    // council B's key but council A's merchant code: not B's merchant
    const otherMerchant = signedNotification(
      notificationParams(order, cents, { Ds_MerchantCode: MERCHANT_A }),
      { secret: KEY_B },
    );
    const mismatch = await d.call(HOST_B, 'POST', '/api/payments/notification', {
      form: otherMerchant,
    });
    expect(mismatch.status).toBe(400);
    expect(zError.parse(mismatch.json()).code).toBe('merchant_mismatch');
    expect(await pending()).toBe('pending');
    // the sandbox's public test key is no council's here
    const sandbox = signedNotification(
      notificationParams(order, cents, { Ds_MerchantCode: MERCHANT_B }),
    );
    expect(
      (await d.call(HOST_B, 'POST', '/api/payments/notification', { form: sandbox })).status,
    ).toBe(400);
    expect(await pending()).toBe('pending');

    // council B's own notification is taken
    const own = signedNotification(
      notificationParams(order, cents, { Ds_MerchantCode: MERCHANT_B }),
      {
        secret: KEY_B,
      },
    );
    const paid = await d.call(HOST_B, 'POST', '/api/payments/notification', { form: own });
    expect(paid.status, paid.text).toBe(200);
    expect(await pending()).toBe('paid');
    // and council B's own notification at council A's host is not
    const replay = await d.call(HOST_A, 'POST', '/api/payments/notification', { form: own });
    expect(replay.status).toBe(400);
    expect(zError.parse(replay.json()).code).toBe('bad_signature');
  });

  it('refuses an unsubscribe link of the other council', async () => {
    const userA = await d.council(A).repos.users.findByDni(RESIDENT.dni);
    const token = d.council(A).unsubscribe.make(userA!.id, Date.parse('2026-11-21T09:00:00Z'));
    const there = await d.call(HOST_B, 'POST', '/api/reminders/unsubscribe', { json: { token } });
    expect(there.status).toBe(404);
  });

  it('names its council in each token and on each log line of a council', async () => {
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
        council?: string;
      };
    expect(claims(seen[A]!.resident).council).toBe(A);
    expect(claims(seen[B]!.admin).council).toBe(B);
    const lines = d.logs.map((line) => JSON.parse(line) as { council?: string; msg: string });
    const ready = lines.filter((line) => line.msg === 'council ready');
    expect(ready.map((line) => line.council).sort()).toEqual([A, B, SANDBOX]);
    const payments = Object.fromEntries(
      ready.map((line) => [line.council, (line as { payments?: string }).payments]),
    );
    expect(payments).toEqual({
      [A]: `Redsys ${MERCHANT_A}`,
      [B]: `Redsys ${MERCHANT_B}`,
      [SANDBOX]: 'sandbox',
    });
  });

  it('answers an unknown host with a plain 404 page, and its API calls 404 unknown_council', async () => {
    const page = await d.call('portal.example.org', 'GET', '/');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/Alfa|Beta/);
    for (const [method, path] of [
      ['GET', '/api/config'],
      ['POST', '/api/user/login'],
    ]) {
      const api = await d.call('portal.example.org:443', method!, path!, {
        token: seen[A]!.resident,
        headers: { 'accept-language': 'gl' },
      });
      expect(api.status).toBe(404);
      const error = zError.parse(api.json());
      expect(error.code).toBe('unknown_council');
      expect(error.detail).toMatch(/Este enderezo non corresponde/);
    }
    // a load balancer's check by address still learns the process is alive
    expect((await d.call('127.0.0.1', 'GET', '/api/health')).status).toBe(200);
  });

  it("answers a refused council's hosts 503 while the others serve", async () => {
    const refused = d.deployment.councils.find((c) => c.id === BROKEN);
    expect(refused?.state).toBe('refused');
    const api = await d.call(HOST_BROKEN, 'GET', '/api/config');
    expect(api.status).toBe(503);
    expect(zError.parse(api.json()).code).toBe('council_unavailable');
    const page = await d.call(HOST_BROKEN, 'GET', '/');
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await d.call(HOST_A, 'GET', '/api/config')).status).toBe(200);
    const lines = d.logs.map(
      (line) => JSON.parse(line) as { council?: string; msg: string; problem?: string },
    );
    expect(
      lines.find((line) => line.msg === 'council refused' && line.council === BROKEN),
    ).toMatchObject({
      council: BROKEN,
      problem: expect.stringContaining('no-such-logo.svg'),
    });
  });

  it('refuses a council whose migration fails, and serves the others', async () => {
    const refused = d.deployment.councils.find((c) => c.id === BAD_DATABASE);
    expect(refused?.state).toBe('refused');
    const api = await d.call(HOST_BAD_DATABASE, 'GET', '/api/ready');
    expect(api.status).toBe(503);
    expect(zError.parse(api.json()).code).toBe('council_unavailable');
    expect((await d.call(HOST_B, 'GET', '/api/ready')).status).toBe(200);
    const lines = d.logs.map((line) => JSON.parse(line) as { council?: string; msg: string });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'council refused', council: BAD_DATABASE }),
    );
  });

  it('lets a council without payments take sandbox payments on its own *.localhost address', async () => {
    const deps = d.council(SANDBOX);
    expect(deps.config.redsys.sandbox).toBe(true);
    const userId = await deps.repos.users.insert({
      dni: RESIDENT.dni,
      phone: RESIDENT.phone,
      email: null,
      password_hash: 'not-used',
      role: 'user',
      verified: true,
    });
    const token = await deps.tokens.issue((await deps.repos.users.findById(userId))!);
    const personId = await deps.repos.enrolments.insert({
      first_name: 'Uxía',
      last_name: 'Fernández Rial',
      dni: RESIDENT.dni,
      email: null,
      phone: RESIDENT.phone,
    });
    const activityId = await deps.repos.activities.insert({
      name: ACTIVITY,
      price_cents: 6000,
      start_date: '2026-10-01',
    });
    await deps.repos.enrolments.addLink(personId, activityId);
    await deps.repos.persons.link(userId, personId);
    const settings = await deps.repos.config.get();
    await deps.repos.config.save({ ...settings, payments_enabled: true, deadline_date: null });

    const generate = await d.call(HOST_SANDBOX, 'POST', '/api/payments/generate-multiple/', {
      token,
      json: { person_activity_id: personId, activity_ids: [activityId], use_discount: false },
    });
    expect(generate.status, generate.text).toBe(200);
    const redirect = generate.json() as {
      action: string;
      order: string;
      fields: Record<string, string>;
    };
    // the browser goes to the council's own address (browsers take *.localhost as this machine)
    const action = new URL(redirect.action);
    expect(action.hostname).toBe(HOST_SANDBOX);
    const page = await d.call(HOST_SANDBOX, 'POST', action.pathname, { form: redirect.fields });
    expect(page.status, page.text).toBe(200);
    const confirm = await d.call(HOST_SANDBOX, 'POST', '/api/payments/sandbox/confirm', {
      form: { ...hiddenFields(page.text), ...TEST_CARD, decision: 'approve' },
    });
    expect(confirm.status, confirm.text).toBe(303);
    // the sandbox bank's notification reached this council over HTTP, by its *.localhost name
    expect(await paymentStatus(deps, redirect.order)).toBe('paid');
  });

  it('labels /metrics by council, with the process figures once', async () => {
    const res = await d.call(HOST_A, 'GET', '/metrics', {
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`council="${A}"`);
    expect(res.text).toContain(`council="${B}"`);
    expect(res.text.match(/^process_cpu_user_seconds_total /gm)).toHaveLength(1);
    expect(res.text.match(/^portal_build_info\{/gm)).toHaveLength(1);
    const refused = await d.call(HOST_A, 'GET', '/metrics');
    expect(refused.status).toBe(401);
  });

  // last: it leaves the resident throttled at council A
  it("counts one council's failed logins against its own limits only", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const wrong = await d.call(HOST_A, 'POST', '/api/user/login', {
        json: { username: RESIDENT.dni, password: 'not-the-password' },
      });
      expect(wrong.status).toBe(401);
    }
    const throttled = await d.call(HOST_A, 'POST', '/api/user/login', {
      json: { username: RESIDENT.dni, password: RESIDENT.password },
    });
    expect(throttled.status).toBe(429);
    const elsewhere = await d.call(HOST_B, 'POST', '/api/user/login', {
      json: { username: RESIDENT.dni, password: RESIDENT.password },
    });
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });
});

/** A `users` table of another shape where the council's first migration creates its own. */
async function tableInTheWay(id: string, dataDir: string, cluster: string | null): Promise<void> {
  if (!cluster) {
    mkdirSync(join(dataDir, 'councils', id), { recursive: true });
    const file = new BetterSqlite3(join(dataDir, 'councils', id, 'portal.sqlite'));
    file.exec('CREATE TABLE users (x INTEGER)');
    file.close();
    return;
  }
  const admin = new pg.Client({ connectionString: cluster });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${councilDatabaseName(id)}"`);
  await admin.end();
  const url = new URL(cluster);
  url.pathname = `/${councilDatabaseName(id)}`;
  const council = new pg.Client({ connectionString: url.toString() });
  await council.connect();
  await council.query('CREATE TABLE users (x integer)');
  await council.end();
}

async function paymentStatus(deps: Deps, order: string): Promise<string | undefined> {
  return (await deps.repos.payments.findByOrder(order))?.status;
}
