import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  listPersonActivities,
  listPersons,
  removePerson,
  requestAssociation,
  verifyAssociation,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { t } from '../../src/i18n/index.js';
import { createOneTimeCodesRepo } from '../../src/data/one-time-codes-repo.js';
import { createOneTimeCodes } from '../../src/services/one-time-codes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  auditActions,
  bearer,
  errorOf,
  lastCode,
  links,
  logIn,
  outboxCount,
  PASSWORD,
  seedPerson,
  signUp,
  userByDni,
} from './helpers.js';

describe('managed people and their activities', () => {
  let app: TestApp;
  let ana: string; // token of the account that manages people
  let bea: string; // another account
  let anaId: number;
  let xoan: number;
  let lucia: number;
  let pablo: number;

  beforeAll(async () => {
    app = await startTestApp();
    xoan = await seedPerson(app, {
      first: 'Xoán',
      last: 'López Pereira',
      dni: '87654321X',
      phone: '622334455',
      activities: [
        { name: 'Natación infantil', priceCents: 6000, start: '2026-10-01' },
        { name: 'Pádel adultos', priceCents: 8550, paid: true },
      ],
    });
    lucia = await seedPerson(app, {
      first: 'Lucía',
      last: 'López Pereira',
      dni: '44444444A',
      phone: '622334455',
      activities: [{ name: 'Natación infantil', priceCents: 6000 }],
    });
    pablo = await seedPerson(app, {
      first: 'Pablo',
      last: 'Iglesias',
      dni: '55555555K',
      phone: '633445566',
    });
    ana = await signUp(app, { dni: '12345678Z', phone: '612345678' });
    bea = await signUp(app, { dni: '00000000T', phone: '698765432' });
    anaId = (await userByDni(app, '12345678Z'))?.id ?? 0;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    app.clock.advance(2 * 3600_000);
    // tokens last 8 h: log in again as the clock moves on
    ana = await logIn(app, '12345678Z');
    bea = await logIn(app, '00000000T');
  });

  async function associate(token: string, dni: string, phone: string): Promise<void> {
    await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(token),
      body: { dni, phone: `34${phone}` },
    });
    const code = await lastCode(app, phone);
    await verifyAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(token),
      body: { dni, otp_code: code },
    });
  }

  it('links a person with the code sent to the phone on record', async () => {
    const before = await outboxCount(app, '622334455');
    const requested = await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: { ...bearer(ana), 'Accept-Language': 'en' },
      body: { dni: ' 87654321x', phone: '34622334455' },
    });
    expect(requested.data).toEqual({
      detail: 'Code sent by SMS.',
      code: 'otp_sent',
      expires_in: 600,
    });
    expect(await outboxCount(app, '622334455')).toBe(before + 1);
    expect(await links(app, anaId)).toEqual([]);

    const code = await lastCode(app, '622334455');
    const { data } = await verifyAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      body: { dni: '87654321X', otp_code: code },
    });
    expect(data).toEqual({
      detail: t('es', 'person_associated_success'),
      code: 'person_associated_success',
      person: {
        person_activity_id: xoan,
        full_name: 'Xoán López Pereira',
        dni: '87654321X',
        birth_date: null,
      },
    });
    const list = await listPersons({ client: app.api, throwOnError: true, headers: bearer(ana) });
    expect(list.data).toEqual([
      {
        person_activity_id: xoan,
        full_name: 'Xoán López Pereira',
        dni: '87654321X',
        birth_date: null,
      },
    ]);
    expect(await auditActions(app)).toContain('person_associated');

    // the code is single use
    const reuse = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '87654321X', otp_code: code },
      bearer(ana),
    );
    expect(await errorOf(reuse)).toMatchObject({ status: 400, code: 'invalid_code' });
  });

  it('answers an unknown DNI and a wrong phone with the same 404, sending nothing', async () => {
    const sent = await outboxCount(app, '633445566');
    const unknown = await app.json(
      '/api/user/persons/request-association',
      'POST',
      { dni: '11111111H', phone: '633445566' },
      bearer(ana),
    );
    const wrongPhone = await app.json(
      '/api/user/persons/request-association',
      'POST',
      { dni: '55555555K', phone: '633445567' },
      bearer(ana),
    );
    expect(unknown.status).toBe(404);
    expect(wrongPhone.status).toBe(404);
    const body = await unknown.text();
    expect(await wrongPhone.text()).toBe(body);
    expect(zError.parse(JSON.parse(body))).toEqual({
      detail: t('es', 'person_not_found'),
      code: 'person_not_found',
    });
    expect(await outboxCount(app, '633445566')).toBe(sent);
    expect((await links(app, anaId)).map((l) => l.enrolment_id)).not.toContain(pablo);
  });

  it('stops an account probing DNI and phone pairs after 10 misses an hour', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await app.json(
        '/api/user/persons/request-association',
        'POST',
        { dni: '55555555K', phone: `6000000${String(i).padStart(2, '0')}` },
        bearer(bea),
      );
      expect(res.status).toBe(404);
    }
    const blocked = await errorOf(
      await app.json(
        '/api/user/persons/request-association',
        'POST',
        { dni: '55555555K', phone: '633445566' },
        bearer(bea),
      ),
    );
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  });

  it('refuses invalid input with 422: DNI letter, landline, missing fields', async () => {
    for (const [body, field, key] of [
      [{ dni: '87654321A', phone: '622334455' }, 'dni', 'invalid_dni'],
      [{ dni: '87654321X', phone: '981223344' }, 'phone', 'invalid_mobile'],
      [{ dni: '87654321X' }, 'phone', 'field_required'],
    ] as const) {
      const res = await app.json('/api/user/persons/request-association', 'POST', body, {
        ...bearer(ana),
        'Accept-Language': 'gl',
      });
      expect(res.status).toBe(422);
      const error = zError.parse(await res.json());
      expect(error.detail).toContainEqual(
        expect.objectContaining({ loc: ['body', field], msg: t('gl', key) }),
      );
    }
  });

  it('answers 409 already_associated for a person already linked', async () => {
    const res = await app.json(
      '/api/user/persons/request-association',
      'POST',
      { dni: '87654321X', phone: '622334455' },
      { ...bearer(ana), 'Accept-Language': 'en' },
    );
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      code: 'already_associated',
      detail: 'This person is already linked to your account.',
    });
  });

  it('binds the code to the account that asked: another account cannot use it', async () => {
    await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      body: { dni: '44444444A', phone: '622334455' },
    });
    const code = await lastCode(app, '622334455');
    const stolen = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '44444444A', otp_code: code },
      bearer(bea),
    );
    expect(await errorOf(stolen)).toMatchObject({ status: 400, code: 'invalid_code' });
    expect((await links(app)).filter((l) => l.enrolment_id === lucia)).toEqual([]);
    // and it was not spent by the other account's attempt
    const ok = await verifyAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      body: { dni: '44444444A', otp_code: code },
    });
    expect(ok.data.person.person_activity_id).toBe(lucia);
  });

  it('a registration code cannot link a family member', async () => {
    // someone registers the family member's DNI with their own phone: refused before any code
    // is sent (the DNI is on the records with another mobile)
    const squat = await app.json('/api/user/register', 'POST', {
      dni: '55555555K',
      phone: '677000111',
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(await errorOf(squat)).toMatchObject({ status: 409, code: 'phone_mismatch' });
    expect(await outboxCount(app, '677000111')).toBe(0);
    // and a registration code, made for that DNI anyway, does not link it to another account
    const codes = createOneTimeCodes({
      repo: createOneTimeCodesRepo(app.db),
      limiter: app.deps.limiter,
      clock: app.clock,
      key: app.deps.derivedKey('one-time-codes/v1'),
    });
    const { code: registrationCode } = await codes.issue({
      purpose: 'register',
      subject: '55555555K',
      userId: null,
      channel: 'sms',
      destination: '677000111',
      ip: null,
    });
    const res = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '55555555K', otp_code: registrationCode },
      bearer(bea),
    );
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'invalid_code' });
    expect((await links(app)).filter((l) => l.enrolment_id === pablo)).toEqual([]);
  });

  it('burns an association code after 5 wrong tries', async () => {
    await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(bea),
      body: { dni: '55555555K', phone: '633445566' },
    });
    const code = await lastCode(app, '633445566');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await app.json(
        '/api/user/persons/verify-association',
        'POST',
        { dni: '55555555K', otp_code: wrong },
        bearer(bea),
      );
      expect(res.status).toBe(400);
    }
    const late = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '55555555K', otp_code: code },
      bearer(bea),
    );
    expect(await errorOf(late)).toMatchObject({ status: 400, code: 'invalid_code' });
    expect((await links(app)).filter((l) => l.enrolment_id === pablo)).toEqual([]);
  });

  it('expires association codes after 10 minutes', async () => {
    await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(bea),
      body: { dni: '55555555K', phone: '633445566' },
    });
    const code = await lastCode(app, '633445566');
    app.clock.advance(10 * 60_000 + 1);
    const res = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '55555555K', otp_code: code },
      bearer(bea),
    );
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'invalid_code' });
    expect((await links(app)).filter((l) => l.enrolment_id === pablo)).toEqual([]);
  });

  it('answers 409 when the person got linked while the code was on its way, spending the code', async () => {
    await requestAssociation({
      client: app.api,
      throwOnError: true,
      headers: bearer(bea),
      body: { dni: '55555555K', phone: '633445566' },
    });
    const code = await lastCode(app, '633445566');
    const beaId = (await userByDni(app, '00000000T'))?.id ?? 0;
    await app.exec(
      sql`INSERT INTO user_persons (user_id, enrolment_id) VALUES (${beaId}, ${pablo})`,
    );
    const res = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '55555555K', otp_code: code },
      bearer(bea),
    );
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'already_associated' });
    expect((await links(app, beaId)).filter((l) => l.enrolment_id === pablo)).toHaveLength(1);
    await app.exec(
      sql`DELETE FROM user_persons WHERE user_id = ${beaId} AND enrolment_id = ${pablo}`,
    );
    const again = await app.json(
      '/api/user/persons/verify-association',
      'POST',
      { dni: '55555555K', otp_code: code },
      bearer(bea),
    );
    expect(await errorOf(again)).toMatchObject({ status: 400, code: 'invalid_code' });
  });

  it("lists a person's activities with the server's amounts", async () => {
    await app.exec(sql`UPDATE config SET global_discount_bp = 0`);
    const plain = await listPersonActivities({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      path: { person_activity_id: xoan },
    });
    expect(plain.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Natación infantil',
        price: 60,
        start_date: '2026-10-01',
        is_paid: false,
        amount_due: 45,
        breakdown: null,
        amount: 45,
        amount_with_discount: null,
        dni: '87654321X',
        person_activity_id: xoan,
        registration_fee: 0,
      },
      {
        id: expect.any(Number),
        name: 'Pádel adultos',
        price: 85.5,
        start_date: null,
        is_paid: true,
        amount_due: null,
        breakdown: null,
        amount: 64.13,
        amount_with_discount: null,
        dni: '87654321X',
        person_activity_id: xoan,
        registration_fee: 0,
      },
    ]);
    await app.exec(sql`UPDATE config SET global_discount_bp = 5000`);
    const reduced = await listPersonActivities({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      path: { person_activity_id: xoan },
    });
    expect(reduced.data.map((a) => [a.amount, a.amount_with_discount])).toEqual([
      [45, 30],
      [64.13, 42.75],
    ]);
    await app.exec(sql`UPDATE config SET global_discount_bp = 0`);
  });

  it("answers 404 on every id route for another account's person or a missing one", async () => {
    const before = await links(app);
    for (const id of [xoan, 999999]) {
      const activities = await app.fetch(`/api/user/activities/${id}`, { headers: bearer(bea) });
      expect(await errorOf(activities)).toMatchObject({ status: 404, code: 'not_found' });
      const removed = await app.fetch(`/api/user/persons/${id}`, {
        method: 'DELETE',
        headers: bearer(bea),
      });
      expect(await errorOf(removed)).toMatchObject({ status: 404, code: 'not_found' });
    }
    // an enrolled person not linked to anyone is not reachable either
    expect(
      (await app.fetch(`/api/user/activities/${pablo}`, { headers: bearer(ana) })).status,
    ).toBe(404);
    expect(await links(app)).toEqual(before);
    expect((await app.fetch('/api/user/activities/abc', { headers: bearer(ana) })).status).toBe(
      422,
    );
    expect(
      (await app.fetch('/api/user/persons/0', { method: 'DELETE', headers: bearer(ana) })).status,
    ).toBe(422);
  });

  it('needs a token on every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/persons/'],
      ['POST', '/api/user/persons/request-association'],
      ['POST', '/api/user/persons/verify-association'],
      ['DELETE', `/api/user/persons/${xoan}`],
      ['GET', `/api/user/activities/${xoan}`],
      ['GET', '/api/user/me'],
    ] as const) {
      const res = await app.fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'not_authenticated' });
    }
    expect((await links(app, anaId)).map((l) => l.enrolment_id)).toContain(xoan);
  });

  it('unlinks without deleting the enrolment', async () => {
    const res = await removePerson({
      client: app.api,
      throwOnError: true,
      headers: bearer(ana),
      path: { id: xoan },
    });
    expect(res.response.status).toBe(204);
    expect((await links(app, anaId)).map((l) => l.enrolment_id)).not.toContain(xoan);
    expect(await app.value(sql`SELECT dni FROM enrolments WHERE id = ${xoan}`)).toBe('87654321X');
    expect(
      await app.value(sql`SELECT COUNT(*) FROM enrolment_activities WHERE enrolment_id = ${xoan}`),
    ).toBe(2);
    const again = await app.fetch(`/api/user/persons/${xoan}`, {
      method: 'DELETE',
      headers: bearer(ana),
    });
    expect(await errorOf(again)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await auditActions(app)).toContain('person_unlinked');
    // and it can be linked again
    await associate(ana, '87654321X', '622334455');
    expect((await links(app, anaId)).map((l) => l.enrolment_id)).toContain(xoan);
  });
});
