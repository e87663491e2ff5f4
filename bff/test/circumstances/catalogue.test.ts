import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zAdminCircumstance, zCircumstance } from '../../src/generated/zod.gen.js';
import { createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { askWithPdf, circumstanceBody, createCircumstance, resident } from './helpers.js';

const TABLES = ['circumstances', 'reduction_rules', 'audit_log'];

describe("the council's list of circumstances", () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM circumstance_requests`);
    await app.exec(sql`DELETE FROM circumstances`);
  });

  const list = async (lang: string) => {
    const res = await app.fetch('/api/circumstances', { headers: { 'Accept-Language': lang } });
    expect(res.status).toBe(200);
    return zCircumstance.array().parse(await res.json());
  };

  it('is public, in the caller’s language, by name there (ñ after n)', async () => {
    await createCircumstance(app, admin, {
      name: { es: 'Pensionista', en: 'Pensioner', gl: 'Pensionista' },
      proof: { es: 'Declaración.', en: 'Declaration.', gl: 'Declaración.' },
      validity_months: 12,
      review: 'declaration',
    });
    await createCircumstance(app, admin, {
      name: { es: 'Familia numerosa', en: 'Large family', gl: 'Familia numerosa' },
      proof: { es: 'Título.', en: 'Card.', gl: 'Título.' },
      validity_months: null,
      review: 'staff',
    });
    await createCircumstance(app, admin, {
      name: { es: 'Niños de acogida', en: 'Foster children', gl: 'Nenos de acollida' },
      proof: { es: 'Resolución.', en: 'Ruling.', gl: 'Resolución.' },
      validity_months: 6,
      review: 'staff',
    });
    await createCircumstance(app, admin, {
      name: { es: 'Ninguna otra', en: 'None other', gl: 'Ningunha outra' },
      proof: { es: 'Nada.', en: 'Nothing.', gl: 'Nada.' },
      validity_months: 6,
      review: 'staff',
    });
    expect((await list('es')).map((c) => c.name)).toEqual([
      'Familia numerosa',
      'Ninguna otra',
      'Niños de acogida',
      'Pensionista',
    ]);
    const english = await list('en');
    expect(english.map((c) => c.name)).toEqual([
      'Foster children',
      'Large family',
      'None other',
      'Pensioner',
    ]);
    expect(english[1]).toMatchObject({ proof: 'Card.', validity_months: null, review: 'staff' });
    expect((await list('gl')).map((c) => c.proof)).toContain('Resolución.');
  });

  it('is empty where the council defines none (the simple mode)', async () => {
    expect(await list('es')).toEqual([]);
  });

  it('lets staff add, change and remove one, each audited, and counts approvals and requests', async () => {
    const res = await app.json(
      '/api/admin/circumstances',
      'POST',
      circumstanceBody('Familia numerosa general', { validity_months: null }),
      admin.headers,
    );
    expect(res.status).toBe(201);
    const created = zAdminCircumstance.parse(await res.json());
    expect(created).toMatchObject({
      name: { es: 'Familia numerosa general', gl: 'Familia numerosa general (gl)' },
      validity_months: null,
      review: 'staff',
      approved: 0,
      pending: 0,
    });

    // one pending request, one approval in force, one expired: 1 and 1
    const family = await resident(app, { count: 3 });
    await askWithPdf(app, family, family.people[0]!, created.id);
    for (const [person, until] of [
      [family.people[1]!, '2027-06-30'],
      [family.people[2]!, '2026-11-20'],
    ] as const) {
      await app.db
        .q()
        .insertInto('circumstance_requests')
        .values({
          enrolment_id: person,
          circumstance_id: created.id,
          user_id: null,
          source: 'counter',
          status: 'approved',
          valid_until: until,
          created_at: '2026-01-01T10:00:00.000Z',
          decided_at: '2026-01-01T10:00:00.000Z',
          updated_at: '2026-01-01T10:00:00.000Z',
        })
        .execute();
    }

    const changed = await app.json(
      `/api/admin/circumstances/${created.id}`,
      'PUT',
      circumstanceBody('Familia numerosa xeral', { validity_months: 24 }),
      admin.headers,
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(zAdminCircumstance.parse(await changed.json())).toMatchObject({
      name: { es: 'Familia numerosa xeral' },
      validity_months: 24,
      approved: 1,
      pending: 1,
    });
    const all = await app.fetch('/api/admin/circumstances', { headers: admin.headers });
    expect(zAdminCircumstance.array().parse(await all.json())).toEqual([
      expect.objectContaining({ id: created.id, approved: 1, pending: 1 }),
    ]);

    const other = await createCircumstance(app, admin, circumstanceBody('Carné Xove'));
    await app.db
      .q()
      .insertInto('reduction_rules')
      .values({ circumstance_id: other, activity_id: null, percent_bp: 5000, price_cents: null })
      .execute();
    const removed = await app.fetch(`/api/admin/circumstances/${other}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(removed.status).toBe(204);
    // its reduction went with it
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM reduction_rules`))).toBe(0);

    const actions = await app.column<string>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'circumstance.%' ORDER BY id`,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['circumstance.create', 'circumstance.update', 'circumstance.delete']),
    );
    const update = await app.row<{ details: string; actor_user_id: number }>(
      sql`SELECT details, actor_user_id FROM audit_log WHERE action = 'circumstance.update'`,
    );
    expect(update?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(update?.details ?? '{}')).toMatchObject({
      before: { validity_months: null },
      after: { validity_months: 24, name: { es: 'Familia numerosa xeral' } },
    });
  });

  it('refuses a Spanish name already used, in any case or accent form, and changes nothing', async () => {
    const first = await createCircumstance(app, admin, circumstanceBody('Estudiante'));
    await createCircumstance(app, admin, circumstanceBody('Jubilación anticipada'));
    const before = await snapshot(app, ...TABLES);
    for (const name of ['ESTUDIANTE', ' estudiante ', 'JUBILACIÓN ANTICIPADA']) {
      const res = await app.json('/api/admin/circumstances', 'POST', circumstanceBody(name), {
        ...admin.headers,
        'Accept-Language': 'gl',
      });
      expect(await errorOf(res)).toMatchObject({
        status: 409,
        code: 'circumstance_exists',
        detail: 'Xa existe unha circunstancia con ese nome.',
      });
    }
    const renamed = await app.json(
      `/api/admin/circumstances/${first}`,
      'PUT',
      circumstanceBody('Jubilación Anticipada'),
      admin.headers,
    );
    expect((await errorOf(renamed)).code).toBe('circumstance_exists');
    expect(await snapshot(app, ...TABLES)).toEqual(before);
    // its own name in another case is no conflict
    const same = await app.json(
      `/api/admin/circumstances/${first}`,
      'PUT',
      circumstanceBody('ESTUDIANTE'),
      admin.headers,
    );
    expect(same.status).toBe(200);
  });

  it('refuses wrong input with a localised message, and changes nothing', async () => {
    const id = await createCircumstance(app, admin, circumstanceBody('Desempleo'));
    const before = await snapshot(app, ...TABLES);
    const good = circumstanceBody('Otra');
    const bodies: [unknown, string][] = [
      [{ ...good, name: { ...good.name, gl: '   ' } }, 'name.gl'],
      [{ ...good, proof: { es: 'x', en: 'y' } }, 'proof.gl'],
      [{ ...good, validity_months: 0 }, 'validity_months'],
      [{ ...good, validity_months: 61 }, 'validity_months'],
      [{ ...good, review: 'nobody' }, 'review'],
      [{ ...good, name: { ...good.name, es: 'Otra\u200b' } }, 'name.es'],
      [{ ...good, name: { ...good.name, en: 'x'.repeat(121) } }, 'name.en'],
      [{ ...good, price: 10 }, 'price'],
    ];
    for (const [body, field] of bodies) {
      for (const [method, path] of [
        ['POST', '/api/admin/circumstances'],
        ['PUT', `/api/admin/circumstances/${id}`],
      ] as const) {
        const res = await app.json(path, method, body, {
          ...admin.headers,
          'Accept-Language': 'en',
        });
        const error = await errorOf(res);
        expect(error.status, `${method} ${field}`).toBe(422);
        const locs = (error.detail as { loc: string[]; msg: string }[]).map((d) =>
          d.loc.slice(1).join('.'),
        );
        expect(locs, `${method} ${field}`).toContain(field);
        expect(JSON.stringify(error.detail)).not.toMatch(/Campo|obligatorio/);
      }
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses to remove one that requests refer to (409) and an unknown one (404)', async () => {
    const id = await createCircumstance(app, admin, circumstanceBody('Discapacidad'));
    const family = await resident(app);
    const request = await askWithPdf(app, family, family.people[0]!, id);
    // refused requests too: the history keeps its circumstance
    await app.exec(sql`UPDATE circumstance_requests SET status = 'refused' WHERE id = ${request}`);
    const before = await snapshot(app, ...TABLES);
    const res = await app.fetch(`/api/admin/circumstances/${id}`, {
      method: 'DELETE',
      headers: { ...admin.headers, 'Accept-Language': 'en' },
    });
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      code: 'circumstance_in_use',
      detail: 'There are requests or approvals of this circumstance; it cannot be deleted.',
    });
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', JSON.stringify(circumstanceBody('Nueva'))],
    ] as const) {
      const missing = await app.fetch(`/api/admin/circumstances/999999`, {
        method,
        headers: { ...admin.headers, 'Content-Type': 'application/json' },
        body,
      });
      expect(missing.status).toBe(404);
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('is staff’s alone to see in every language and to change', async () => {
    const family = await resident(app);
    const before = await snapshot(app, ...TABLES);
    for (const [method, path, body] of [
      ['GET', '/api/admin/circumstances', undefined],
      ['POST', '/api/admin/circumstances', JSON.stringify(circumstanceBody('Intrusa'))],
    ] as const) {
      const res = await app.fetch(path, {
        method,
        headers: { ...family.account.headers, 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status).toBe(403);
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });
});
