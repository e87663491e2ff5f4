import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { dniWithLetter } from '../admin/factory.js';
import { SPANISH_HEADERS, xlsx } from '../admin/xlsx-fixtures.js';
import { feesWorld, tables, type Auth } from './support.js';

const ANA = dniWithLetter(41112223);
const BRAIS = dniWithLetter(41112224);
const CARME = dniWithLetter(41112225);

/** The upload's optional birth-date column: it sets the person's age band (docs/fees.md). */
describe('the upload’s birth-date column', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM enrolment_activities`);
    await app.exec(sql`DELETE FROM enrolments`);
    await app.exec(sql`DELETE FROM activities`);
  });
  afterAll(() => app.close());

  const upload = (file: Buffer, lang = 'es') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'inscricions.xlsx');
    return app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: { ...admin, 'Accept-Language': lang },
      body: form,
    });
  };
  const row = (first: string, dni: string, born: unknown) => [
    first,
    'Proba Rial',
    dni,
    '',
    '612345678',
    'Natación',
    40,
    '01/10/2026',
    'no',
    born,
  ];
  const births = () => app.rows(sql`SELECT dni, birth_date FROM enrolments ORDER BY dni`);

  it('reads an Excel date, DD/MM/YYYY or YYYY-MM-DD under its header in any language; an empty cell keeps the date on record', async () => {
    for (const header of ['Fecha de nacimiento', 'BIRTH DATE', 'Data de nacemento (dd/mm/aaaa)']) {
      await app.exec(sql`DELETE FROM enrolments`);
      const res = await upload(
        await xlsx(
          [
            row('Ana', ANA, new Date(Date.UTC(2015, 4, 9))),
            row('Brais', BRAIS, '31/12/1950'),
            row('Carme', CARME, '2008-10-01'),
          ],
          [...SPANISH_HEADERS, header],
        ),
      );
      expect(res.status, header).toBe(200);
      expect(await births()).toEqual(
        [
          { dni: ANA, birth_date: '2015-05-09' },
          { dni: BRAIS, birth_date: '1950-12-31' },
          { dni: CARME, birth_date: '2008-10-01' },
        ].sort((a, b) => a.dni.localeCompare(b.dni)),
      );
    }
    // again: an empty cell keeps the date, a new one changes it (and counts as an update)
    const again = await upload(
      await xlsx(
        [
          row('Ana', ANA, null),
          row('Brais', BRAIS, '01/01/1951'),
          row('Carme', CARME, '2008-10-01'),
        ],
        [...SPANISH_HEADERS, 'Fecha de nacimiento'],
      ),
    );
    expect(await again.json()).toMatchObject({ added: 0, updated: 1 });
    expect(await births()).toContainEqual({ dni: ANA, birth_date: '2015-05-09' });
    expect(await births()).toContainEqual({ dni: BRAIS, birth_date: '1951-01-01' });
  });

  it('refuses a birth date that is not a date, one in the future, or two for one person; nothing is imported', async () => {
    const before = await tables(app, 'enrolments', 'enrolment_activities', 'activities');
    const res = await upload(
      await xlsx(
        [
          row('Ana', ANA, '31/02/2015'),
          row('Brais', BRAIS, '2027-01-01'),
          row('Carme', CARME, '2008-10-01'),
          [...row('Carme', CARME, '2008-10-02').slice(0, 5), 'Pádel', 30, null, 'no', '2008-10-02'],
        ],
        [...SPANISH_HEADERS, 'Fecha de nacimiento'],
      ),
      'gl',
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('invalid_rows');
    expect(body.detail).toEqual([
      {
        loc: [2, 'Fecha de nacimiento'],
        msg: 'Data non válida: usa unha data de Excel, AAAA-MM-DD ou DD/MM/AAAA.',
        type: 'upload_invalid_date',
      },
      {
        loc: [3, 'Fecha de nacimiento'],
        msg: 'A data de nacemento non pode ser posterior a hoxe.',
        type: 'upload_birth_date_future',
      },
      expect.objectContaining({ loc: [5, 'Fecha de nacimiento'], type: 'conflicting_person' }),
    ]);
    expect(await tables(app, 'enrolments', 'enrolment_activities', 'activities')).toEqual(before);
  });

  it('the birth date picks the age band; a person without one pays the default band', async () => {
    const res = await upload(
      await xlsx(
        [row('Ana', ANA, '09/05/2015'), row('Brais', BRAIS, null)],
        [...SPANISH_HEADERS, 'Fecha de nacimiento'],
      ),
    );
    expect(res.status).toBe(200);
    const swimming = Number(await app.value(sql`SELECT id FROM activities`));
    const put = await app.json(
      `/api/admin/activities-crud/${swimming}`,
      'PUT',
      {
        name: 'Natación',
        price: 40,
        start_date: '2026-10-01',
        tariffs: [
          { min_age: 0, max_age: 17, price: 25, default: false },
          { min_age: 18, max_age: null, price: 40, default: true },
        ],
      },
      admin,
    );
    expect(put.status).toBe(200);
    const idOf = async (dni: string) =>
      Number(await app.value(sql`SELECT id FROM enrolments WHERE dni = ${dni}`));
    const ana = await idOf(ANA);
    const brais = await idOf(BRAIS);
    const user = await w.family(ana, brais);
    expect(await w.amountDue(user, ana, swimming)).toBe(25);
    expect((await w.due(user, brais)).get(swimming)).toMatchObject({
      amount_due: 40,
      breakdown: { tariff: { min_age: 18, max_age: null, age: null, default: true } },
    });
  });
});
