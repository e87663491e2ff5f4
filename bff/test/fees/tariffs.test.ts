import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivities } from '../../src/generated/sdk.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, tables, type Auth } from './support.js';

const band = (min_age: number, max_age: number | null, price: number, isDefault = false) => ({
  min_age,
  max_age,
  price,
  default: isDefault,
});

describe('an activity’s prices by age, reference day, reductions and fee group', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  afterAll(() => app.close());

  const post = (body: Record<string, unknown>, lang = 'es') =>
    app.json('/api/admin/activities-crud/', 'POST', body, { ...admin, 'Accept-Language': lang });

  it('stores the bands in cents and answers them in euros, on create, update and in the list', async () => {
    const res = await post({
      name: 'Natación Tordoia',
      price: 80,
      start_date: '2026-10-01',
      tariffs: [band(66, null, 50), band(0, 17, 50.5), band(18, 65, 80, true)],
      age_on: '2026-12-31',
      reductions_apply: false,
      fee_group: '  Escolas   deportivas 2026-27 ',
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      tariffs: [band(0, 17, 50.5), band(18, 65, 80, true), band(66, null, 50)],
      age_on: '2026-12-31',
      reductions_apply: false,
      fee_group: 'Escolas deportivas 2026-27',
    });
    const row = await app.row<{ tariffs: string; reductions_apply: number }>(
      sql`SELECT tariffs, reductions_apply FROM activities WHERE id = ${created.id}`,
    );
    expect(JSON.parse(row!.tariffs)).toEqual([
      { min_age: 0, max_age: 17, price_cents: 5050, is_default: false },
      { min_age: 18, max_age: 65, price_cents: 8000, is_default: true },
      { min_age: 66, max_age: null, price_cents: 5000, is_default: false },
    ]);
    expect(row!.reductions_apply).toBe(0);

    // the list carries them too (every Activity the API answers)
    const { data } = await listActivities({
      client: app.api,
      headers: admin,
      query: { q: 'Natación Tordoia' },
      throwOnError: true,
    });
    expect(data[0]).toMatchObject({
      id: created.id,
      tariffs: created.tariffs,
      fee_group: created.fee_group,
    });

    // a PUT without them is the single price again, with reductions and no group
    const put = await app.json(
      `/api/admin/activities-crud/${created.id}`,
      'PUT',
      { name: 'Natación Tordoia', price: 80, start_date: '2026-10-01' },
      admin,
    );
    expect(await put.json()).toMatchObject({
      tariffs: [],
      age_on: null,
      reductions_apply: true,
      fee_group: null,
    });
    const audit = await app.value<string>(
      sql`SELECT details FROM audit_log WHERE action = 'activity.update' AND entity_id = ${String(created.id)} ORDER BY id DESC`,
    );
    expect(JSON.parse(audit!)).toMatchObject({
      before: { reductions_apply: false, fee_group: 'Escolas deportivas 2026-27' },
      after: { tariffs: [], reductions_apply: true, fee_group: null },
    });
  });

  it('refuses bands that leave an age without a price or put one in two bands, naming the ages, in three languages; nothing is stored', async () => {
    const before = await tables(app, 'activities', 'audit_log');
    const cases: [unknown[], (string | number)[], string, string, string][] = [
      [
        [band(0, 17, 50, true), band(21, null, 80)],
        ['body', 'tariffs', 1, 'min_age'],
        'Las edades de 18 a 20 años no tienen precio.',
        'Ages 18 to 20 have no price.',
        'As idades de 18 a 20 anos non teñen prezo.',
      ],
      [
        [band(0, 40, 50, true), band(30, null, 80)],
        ['body', 'tariffs', 1, 'min_age'],
        'Las edades de 30 a 40 años están en dos tramos.',
        'Ages 30 to 40 are in two bands.',
        'As idades de 30 a 40 anos están en dous tramos.',
      ],
      [
        [band(5, null, 50, true)],
        ['body', 'tariffs', 0, 'min_age'],
        'Las edades de 0 a 4 años no tienen precio.',
        'Ages 0 to 4 have no price.',
        'As idades de 0 a 4 anos non teñen prezo.',
      ],
      [
        [band(0, 17, 50, true), band(19, null, 80)],
        ['body', 'tariffs', 1, 'min_age'],
        'La edad de 18 años no tiene precio.',
        'Age 18 has no price.',
        'A idade de 18 anos non ten prezo.',
      ],
      [
        [band(0, 64, 50, true), band(65, 99, 30)],
        ['body', 'tariffs', 1, 'max_age'],
        'Las edades desde los 100 años no tienen precio: deja el último tramo sin edad final.',
        'Ages from 100 have no price: leave the last band without a last age.',
        'As idades desde os 100 anos non teñen prezo: deixa o último tramo sen idade final.',
      ],
      [
        [band(0, null, 50, true), band(65, null, 30)],
        ['body', 'tariffs', 1, 'min_age'],
        'Las edades desde los 65 años están en dos tramos.',
        'Ages from 65 are in two bands.',
        'As idades desde os 65 anos están en dous tramos.',
      ],
      [
        [band(0, 17, 50), band(18, null, 80)],
        ['body', 'tariffs', 0, 'default'],
        'Marca un tramo como el predeterminado: el que paga quien no tiene fecha de nacimiento.',
        'Mark one band as the default: the one a person without a birth date pays.',
        'Marca un tramo como o predeterminado: o que paga quen non ten data de nacemento.',
      ],
      [
        [band(0, 17, 50, true), band(18, null, 80, true)],
        ['body', 'tariffs', 1, 'default'],
        'Solo un tramo puede ser el predeterminado.',
        'Only one band can be the default.',
        'Só un tramo pode ser o predeterminado.',
      ],
      [
        [band(0, 17, 50, true), band(18, null, -1)],
        ['body', 'tariffs', 1, 'price'],
        'El precio desde los 18 años debe ser de 0 € o más.',
        'The price from age 18 must be €0 or more.',
        'O prezo desde os 18 anos debe ser de 0 € ou máis.',
      ],
      [
        [band(0, 17, -5, true), band(18, null, 80)],
        ['body', 'tariffs', 0, 'price'],
        'El precio de las edades de 0 a 17 años debe ser de 0 € o más.',
        'The price for ages 0 to 17 must be €0 or more.',
        'O prezo das idades de 0 a 17 anos debe ser de 0 € ou máis.',
      ],
      [
        [band(0, 17, 50, true), band(30, 20, 60), band(21, null, 80)],
        ['body', 'tariffs', 1, 'max_age'],
        'Un tramo no puede ir de los 30 a los 20 años: la edad final es menor que la inicial.',
        'A band cannot go from age 30 to 20: the last age is below the first.',
        'Un tramo non pode ir dos 30 aos 20 anos: a idade final é menor ca inicial.',
      ],
    ];
    for (const [tariffs, loc, es, en, gl] of cases) {
      for (const [lang, msg] of [
        ['es', es],
        ['en', en],
        ['gl', gl],
      ] as const) {
        const res = await post({ name: 'Mal prezo', price: 80, tariffs }, lang);
        expect(res.status, msg).toBe(422);
        expect((await res.json()).detail).toContainEqual(expect.objectContaining({ loc, msg }));
      }
    }
    // a reference day that is not a day
    const badDay = await post({ name: 'Mal día', price: 10, age_on: '2026-02-30' });
    expect(badDay.status).toBe(422);
    expect((await badDay.json()).detail[0]).toMatchObject({ loc: ['body', 'age_on'] });
    expect(await tables(app, 'activities', 'audit_log')).toEqual(before);
  });

  it('an update with wrong bands keeps the activity as it was', async () => {
    const id = await w.staffActivity(admin, {
      name: 'Ximnasio',
      price: 24,
      tariffs: [band(0, 64, 24, true), band(65, null, 19.2)],
    });
    const before = await tables(app, 'activities', 'audit_log');
    const res = await app.json(
      `/api/admin/activities-crud/${id}`,
      'PUT',
      { name: 'Ximnasio', price: 24, tariffs: [band(0, 64, 24, true), band(60, null, 19.2)] },
      admin,
    );
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0].msg).toBe(
      'Las edades de 60 a 64 años están en dos tramos.',
    );
    expect(await tables(app, 'activities', 'audit_log')).toEqual(before);
  });
});
