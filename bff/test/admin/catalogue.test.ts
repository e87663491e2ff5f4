import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createActivitySlash,
  createEnrolment,
  deleteActivity,
  deleteEnrolment,
  listActivities,
  listActivitiesSlash,
  listEnrolments,
  updateActivity,
  updateEnrolment,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { t } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createAccount,
  insertActivity,
  insertEnrolment,
  nextDni,
  snapshot,
  type Account,
} from './factory.js';

const CATALOGUE_TABLES = ['activities', 'enrolments', 'enrolment_activities', 'audit_log'];

describe('admin activities', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body?: unknown, lang = 'es') =>
    app.json(path, method, body, { ...admin.headers, 'Accept-Language': lang });

  it('creates with and without the trailing slash, price in euros stored in cents', async () => {
    const one = await createActivity({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      body: { name: '  Yoga   senior ', price: 40.5, start_date: '2027-01-10' },
    });
    expect(one.response.status).toBe(201);
    expect(one.data).toMatchObject({ name: 'Yoga senior', price: 40.5, start_date: '2027-01-10' });
    expect(
      await app.row(sql`SELECT price_cents FROM activities WHERE id = ${one.data.id}`),
    ).toEqual({ price_cents: 4050 });

    const two = await createActivitySlash({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      body: { name: 'Pádel adultos', price: 85.5 },
    });
    expect(two.data).toMatchObject({ name: 'Pádel adultos', price: 85.5, start_date: null });

    const a = await listActivities({ client: app.api, headers: admin.headers, throwOnError: true });
    const b = await listActivitiesSlash({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
    });
    expect(a.data).toEqual(b.data);
    expect(a.data.map((x) => x.name)).toEqual(['Pádel adultos', 'Yoga senior']);
  });

  it('refuses missing name/price, negative price and bad dates, changing nothing', async () => {
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const cases: [unknown, string][] = [
      [{ name: '', price: 10 }, 'complete_all_required_fields'],
      [{ name: 'Tenis' }, 'complete_all_required_fields'],
      [{ name: 'Tenis', price: -1 }, 'invalid_price'],
      [{ name: 'Tenis', price: 'diez' }, 'invalid_price'],
      [{ name: 'Tenis', price: 10, start_date: '2026-02-30' }, 'invalid_date'],
    ];
    for (const [body, key] of cases) {
      for (const lang of ['es', 'en', 'gl'] as const) {
        const res = await send('POST', '/api/admin/activities-crud/', body, lang);
        expect(res.status).toBe(422);
        const error = zError.parse(await res.json());
        expect((error.detail as { msg: string }[]).map((i) => i.msg)).toContain(t(lang, key));
      }
    }
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
  });

  it('answers 409 activity_exists for the same name (any case) and start date', async () => {
    await insertActivity(app, 'Natación infantil', 6000, '2026-10-01');
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const res = await send('POST', '/api/admin/activities-crud', {
      name: 'natación INFANTIL',
      price: 60,
      start_date: '2026-10-01',
    });
    // SQLite NOCASE folds ASCII only; "natación" matches because the accented letter has the same case
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Ya existe una actividad con ese nombre y fecha de inicio.',
      code: 'activity_exists',
    });
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
    // same name, another start date: a different edition
    expect(
      (
        await send('POST', '/api/admin/activities-crud', {
          name: 'Natación infantil',
          price: 60,
          start_date: '2027-02-01',
        })
      ).status,
    ).toBe(201);
  });

  it('edits an activity; a paid link keeps the amount it was paid at', async () => {
    const id = await insertActivity(app, 'Baloncesto alevín', 4500);
    const { id: enrolmentId } = await insertEnrolment(
      app,
      { first_name: 'Iago', last_name: 'Fernández Rial' },
      [{ id, paid: true }],
    );
    const { data } = await updateActivity({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      path: { id },
      body: { name: 'Baloncesto alevín', price: 50 },
    });
    expect(data).toMatchObject({ id, price: 50 });
    expect(
      await app.row(
        sql`SELECT paid_amount_cents FROM enrolment_activities WHERE enrolment_id = ${enrolmentId}`,
      ),
    ).toEqual({ paid_amount_cents: 4500 });
    const audit = (await app.row(
      sql`SELECT details FROM audit_log WHERE action = 'activity.update' ORDER BY id DESC`,
    )) as { details: string };
    expect(JSON.parse(audit.details)).toEqual({ before: { price: 45 }, after: { price: 50 } });
    expect(
      (await send('PUT', '/api/admin/activities-crud/999999', { name: 'X', price: 1 })).status,
    ).toBe(404);
    const clash = await send('PUT', `/api/admin/activities-crud/${id}`, {
      name: 'Pádel adultos',
      price: 50,
    });
    expect(clash.status).toBe(409);
  });

  it('refuses to delete an activity with paid enrolments (409 has_paid_items), changing nothing', async () => {
    const id = await insertActivity(app, 'Atletismo', 3000);
    await insertEnrolment(app, { first_name: 'Noa', last_name: 'Vázquez Lema' }, [
      { id, paid: true },
    ]);
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const res = await send('DELETE', `/api/admin/activities-crud/${id}`, undefined, 'en');
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'The activity has payments and cannot be deleted.',
      code: 'has_paid_items',
    });
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
  });

  it('deletes an activity with only unpaid links, and those links with it', async () => {
    const id = await insertActivity(app, 'Zumba', 2500);
    const keep = await insertActivity(app, 'Pilates', 3500);
    const person = await insertEnrolment(app, { first_name: 'Lucía', last_name: 'Otero Gil' }, [
      { id },
      { id: keep },
    ]);
    const { response } = await deleteActivity({
      client: app.api,
      headers: admin.headers,
      path: { id },
    });
    expect(response?.status).toBe(204);
    expect(
      await app.rows(
        sql`SELECT activity_id FROM enrolment_activities WHERE enrolment_id = ${person.id}`,
      ),
    ).toEqual([{ activity_id: keep }]);
    expect(await app.row(sql`SELECT COUNT(*) AS n FROM activities WHERE id = ${id}`)).toEqual({
      n: 0,
    });
    expect((await send('DELETE', `/api/admin/activities-crud/${id}`)).status).toBe(404);
  });
});

describe('admin enrolments', () => {
  let app: TestApp;
  let admin: Account;
  let swim: number;
  let padel: number;
  let yoga: number;
  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
    swim = await insertActivity(app, 'Natación infantil', 6000, '2026-10-01');
    padel = await insertActivity(app, 'Pádel adultos', 8550);
    yoga = await insertActivity(app, 'Yoga senior', 4000);
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body?: unknown, lang = 'es') =>
    app.json(path, method, body, { ...admin.headers, 'Accept-Language': lang });

  it('creates an enrolment with activities; empty e-mail stored as null; listed by last name', async () => {
    const dni = nextDni();
    const { data, response } = await createEnrolment({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      body: {
        first_name: 'Xoán',
        last_name: 'López Pereira',
        dni: dni.toLowerCase(),
        email: '',
        phone: '34622334455',
        activity_ids: [padel, swim, padel],
      },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: data.id,
      first_name: 'Xoán',
      last_name: 'López Pereira',
      dni,
      email: null,
      phone: '622334455',
      birth_date: null,
      activities: [
        { id: swim, name: 'Natación infantil', is_paid: false, paid: 0, to_pay: 45, parts: null },
        { id: padel, name: 'Pádel adultos', is_paid: false, paid: 0, to_pay: 64.13, parts: null },
      ],
      warnings: [],
    });
    await insertEnrolment(app, { first_name: 'Ana', last_name: 'Abad Souto' });
    await insertEnrolment(app, { first_name: 'Pablo', last_name: 'Zas Rey' });
    const list = await listEnrolments({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
    });
    expect(list.data.map((e) => e.last_name)).toEqual(['Abad Souto', 'López Pereira', 'Zas Rey']);
    expect(list.data[1]?.activities).toHaveLength(2);
  });

  it('refuses bad input with the form messages and changes nothing', async () => {
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const good = {
      first_name: 'Sabela',
      last_name: 'Castro Pena',
      dni: nextDni(),
      email: null,
      phone: '655443322',
      activity_ids: [yoga],
    };
    const cases: [unknown, string][] = [
      [{ ...good, first_name: ' ' }, 'complete_all_required_fields'],
      [{ ...good, last_name: undefined }, 'complete_all_required_fields'],
      [{ ...good, dni: '' }, 'complete_all_required_fields'],
      [{ ...good, dni: null }, 'complete_all_required_fields'],
      [{ ...good, phone: '' }, 'complete_all_required_fields'],
      [{ ...good, dni: '12345678A' }, 'invalid_dni'],
      [{ ...good, phone: '6554433' }, 'invalid_phone'],
      [{ ...good, email: 'sabela@@example' }, 'invalid_email'],
      [{ ...good, activity_ids: [yoga, 999_999] }, 'unknown_activity'],
    ];
    for (const [body, key] of cases) {
      for (const lang of ['es', 'en', 'gl'] as const) {
        const res = await send('POST', '/api/admin/person-activities/', body, lang);
        expect(res.status, JSON.stringify(body)).toBe(422);
        const error = zError.parse(await res.json());
        expect((error.detail as { msg: string }[]).map((i) => i.msg)).toContain(t(lang, key));
      }
    }
    expect(t('es', 'complete_all_required_fields')).toBe(
      'Por favor, completa todos los campos obligatorios.',
    );
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
  });

  it('answers 409 enrolment_exists for a DNI already enrolled', async () => {
    const existing = await insertEnrolment(app, { first_name: 'Brais', last_name: 'Mouriño Gil' });
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const res = await send('POST', '/api/admin/person-activities/', {
      first_name: 'Brais',
      last_name: 'Mouriño',
      dni: existing.dni,
      phone: '622334455',
      activity_ids: [],
    });
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Ya existe una inscripción con ese DNI.',
      code: 'enrolment_exists',
    });
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
  });

  it('edits data and activities, but never drops a paid activity', async () => {
    const person = await insertEnrolment(
      app,
      { first_name: 'Antía', last_name: 'Rey Castro', email: 'antia@example.gal' },
      [{ id: swim, paid: true }, { id: padel }],
    );
    const base = {
      first_name: 'Antía',
      last_name: 'Rey Castro',
      dni: person.dni,
      email: '',
      phone: '622334455',
    };
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const refused = await send('PUT', `/api/admin/person-activities/${person.id}`, {
      ...base,
      activity_ids: [padel],
    });
    expect(refused.status).toBe(409);
    expect(zError.parse(await refused.json())).toEqual({
      detail: 'No se puede quitar una actividad ya pagada.',
      code: 'has_paid_items',
    });
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);

    const { data } = await updateEnrolment({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      path: { id: person.id },
      body: { ...base, first_name: 'Antía María', activity_ids: [swim, yoga] },
    });
    expect(data).toMatchObject({ first_name: 'Antía María', email: null });
    expect(data.activities.map((a) => a.id)).toEqual([swim, yoga]);
    const paid = await app.row(
      sql`SELECT is_paid FROM enrolment_activities WHERE enrolment_id = ${person.id} AND activity_id = ${swim}`,
    );
    expect(paid).toEqual({ is_paid: 1 });

    const other = await insertEnrolment(app, { first_name: 'Martiño', last_name: 'Lema' });
    const clash = await send('PUT', `/api/admin/person-activities/${person.id}`, {
      ...base,
      dni: other.dni,
      activity_ids: [swim],
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).code).toBe('enrolment_exists');
    expect(
      (
        await send('PUT', '/api/admin/person-activities/999999', {
          ...base,
          dni: nextDni(),
          activity_ids: [],
        })
      ).status,
    ).toBe(404);
  });

  it('edits a person without a DNI, who stays without one until staff give it; a DNI on record is never removed', async () => {
    // a child a resident added: no DNI
    const child = await app.deps.repos.enrolments.insert({
      first_name: 'Uxía',
      last_name: 'Rey Castro',
      dni: null,
      email: null,
      phone: '622334455',
    });
    const base = { first_name: 'Uxía', last_name: 'Rey Castro', email: null, phone: '622334455' };
    const { data } = await updateEnrolment({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      path: { id: child },
      body: { ...base, dni: null, activity_ids: [swim] },
    });
    expect(data).toMatchObject({
      dni: null,
      activities: [{ id: swim, name: 'Natación infantil' }],
    });

    const dni = nextDni();
    const given = await send('PUT', `/api/admin/person-activities/${child}`, {
      ...base,
      dni: dni.toLowerCase(),
      activity_ids: [swim],
    });
    expect(given.status).toBe(200);
    expect(await app.row(sql`SELECT dni FROM enrolments WHERE id = ${child}`)).toEqual({ dni });

    const before = await snapshot(app, ...CATALOGUE_TABLES);
    for (const lang of ['es', 'en', 'gl'] as const) {
      const removed = await send(
        'PUT',
        `/api/admin/person-activities/${child}`,
        { ...base, dni: null, activity_ids: [swim] },
        lang,
      );
      expect(removed.status).toBe(422);
      expect(zError.parse(await removed.json()).detail).toEqual([
        { loc: ['body', 'dni'], msg: t(lang, 'complete_all_required_fields'), type: 'missing' },
      ]);
    }
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);
  });

  it('refuses to delete an enrolment with paid activities; deletes one without, with its links and account links', async () => {
    const paid = await insertEnrolment(app, { first_name: 'Olalla', last_name: 'Seoane' }, [
      { id: yoga, paid: true },
    ]);
    const before = await snapshot(app, ...CATALOGUE_TABLES);
    const refused = await send(
      'DELETE',
      `/api/admin/person-activities/${paid.id}`,
      undefined,
      'gl',
    );
    expect(refused.status).toBe(409);
    expect(zError.parse(await refused.json())).toEqual({
      detail: 'A inscrición ten actividades pagadas e non se pode eliminar.',
      code: 'has_paid_items',
    });
    expect(await snapshot(app, ...CATALOGUE_TABLES)).toEqual(before);

    const unpaid = await insertEnrolment(app, { first_name: 'Roi', last_name: 'Barreiro' }, [
      { id: yoga },
    ]);
    const resident = await createAccount(app, 'user');
    await app.exec(
      sql`INSERT INTO user_persons (user_id, enrolment_id) VALUES (${resident.id}, ${unpaid.id})`,
    );
    const { response } = await deleteEnrolment({
      client: app.api,
      headers: admin.headers,
      path: { id: unpaid.id },
    });
    expect(response?.status).toBe(204);
    expect(
      await app.row(
        sql`SELECT COUNT(*) AS n FROM enrolment_activities WHERE enrolment_id = ${unpaid.id}`,
      ),
    ).toEqual({ n: 0 });
    expect(
      await app.row(sql`SELECT COUNT(*) AS n FROM user_persons WHERE enrolment_id = ${unpaid.id}`),
    ).toEqual({ n: 0 });
    expect(await app.deps.repos.users.findById(resident.id)).toBeDefined();
    expect((await send('DELETE', `/api/admin/person-activities/${unpaid.id}`)).status).toBe(404);
  });
});
