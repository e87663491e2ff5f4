import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, insertActivity, insertEnrolment, type Account } from './factory.js';
import { payFirstParts, setParts } from './fee-parts-rows.js';

interface ListedActivity {
  id: number;
  name: string;
  is_paid: boolean;
  paid: number;
  to_pay: number | null;
  parts: { paid: number; of: number } | null;
}
interface Listed {
  id: number;
  activities: ListedActivity[];
}

/**
 * Issue 51 item 7: staff's enrolment lists say per enrolment activity how much is paid and how
 * much is still to pay, a fee in parts with how many of its parts are paid. Over HTTP, every
 * answer checked against the contract (RESPONSE_VALIDATION strict).
 */
describe('staff enrolment lists: paid and still to pay, a fee in parts', () => {
  let app: TestApp;
  let admin: Account;
  let swimming: number;
  let judo: number;
  let yoga: number;
  let ana: number;
  let brais: number;
  let braisDni: string;
  let carme: number;

  const list = async (query: string): Promise<Listed[]> => {
    const res = await app.fetch(`/api/admin/person-activities/${query}`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Listed[];
  };
  const activitiesOf = (rows: Listed[], id: number) =>
    rows.find((row) => row.id === id)?.activities;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-25T10:00:00Z' });
    admin = await createAccount(app, 'admin');
    swimming = await insertActivity(app, 'Natación', 6000);
    judo = await insertActivity(app, 'Judo', 4000);
    yoga = await insertActivity(app, 'Yoga', 2000);
    await setParts(app, judo, [
      { percent: 50, due_date: '2026-12-15' },
      { percent: 50, due_date: '2027-01-15' },
    ]);
    await app.exec(
      sql`UPDATE activities SET fee_group = 'escolas' WHERE id IN (${swimming}, ${judo})`,
    );
    ana = (
      await insertEnrolment(app, { first_name: 'Ana', last_name: 'Souto' }, [{ id: swimming }])
    ).id;
    ({ id: brais, dni: braisDni } = await insertEnrolment(
      app,
      { first_name: 'Brais', last_name: 'Souto' },
      [{ id: judo }, { id: yoga, paid: true }],
    ));
    carme = (await insertEnrolment(app, { first_name: 'Carme', last_name: 'Rial' }, [{ id: judo }]))
      .id;
    // one account manages Ana and Brais: a family for the family discount
    const parent = await createAccount(app, 'user');
    await app.deps.repos.persons.link(parent.id, ana);
    await app.deps.repos.persons.link(parent.id, brais);
    // Brais paid the first half of Judo online (75 % of 40 € in the simple mode, halved)
    await payFirstParts(app, { enrolmentId: brais, activityId: judo }, 1, 1500);
  });
  afterAll(() => app.close());

  it('without fee rules: paid so far, 75 % of the price less it, and the parts paid, paged or whole', async () => {
    for (const query of ['?page=1&page_size=10', '']) {
      const rows = await list(query);
      expect(activitiesOf(rows, brais)).toEqual([
        { id: judo, name: 'Judo', is_paid: false, paid: 15, to_pay: 15, parts: { paid: 1, of: 2 } },
        // paid whole (4,500 cents on record): nothing left to pay
        { id: yoga, name: 'Yoga', is_paid: true, paid: 45, to_pay: 0, parts: null },
      ]);
      expect(activitiesOf(rows, carme)).toEqual([
        { id: judo, name: 'Judo', is_paid: false, paid: 0, to_pay: 30, parts: { paid: 0, of: 2 } },
      ]);
      expect(activitiesOf(rows, ana)).toEqual([
        { id: swimming, name: 'Natación', is_paid: false, paid: 0, to_pay: 45, parts: null },
      ]);
    }
  });

  it('a fee paid whole shows every part paid, and a paid fee without an amount on record 0 paid', async () => {
    const person = (
      await insertEnrolment(app, { first_name: 'Iria', last_name: 'Mato' }, [
        { id: judo, paid: true },
      ])
    ).id;
    await app.exec(
      sql`UPDATE enrolment_activities SET paid_amount_cents = NULL WHERE enrolment_id = ${person}`,
    );
    expect(activitiesOf(await list('?page=1&page_size=10&q=Mato'), person)).toEqual([
      { id: judo, name: 'Judo', is_paid: true, paid: 0, to_pay: 0, parts: { paid: 2, of: 2 } },
    ]);
  });

  it('under the council rules: each person of the page priced as the checkout would, the whole list leaves to_pay null', async () => {
    // the 2nd member of a family pays half in the group's activities
    await app.exec(sql`INSERT INTO family_discounts (from_member, percent_bp) VALUES (2, 5000)`);
    const page = await list('?page=1&page_size=10');
    // Brais: Judo is his family's cheaper fee of the group: 40 € at 50 %, 15 € of it paid
    expect(activitiesOf(page, brais)?.[0]).toEqual({
      id: judo,
      name: 'Judo',
      is_paid: false,
      paid: 15,
      to_pay: 5,
      parts: { paid: 1, of: 2 },
    });
    // Ana: the dearest fee, whole; Carme, whom no account manages, priced alone
    expect(activitiesOf(page, ana)?.[0]).toMatchObject({ to_pay: 60 });
    expect(activitiesOf(page, carme)?.[0]).toMatchObject({ to_pay: 40 });

    const whole = await list('');
    expect(activitiesOf(whole, brais)).toEqual([
      { id: judo, name: 'Judo', is_paid: false, paid: 15, to_pay: null, parts: { paid: 1, of: 2 } },
      { id: yoga, name: 'Yoga', is_paid: true, paid: 45, to_pay: 0, parts: null },
    ]);

    // the saved enrolment staff get back is priced too
    const res = await app.json(
      `/api/admin/person-activities/${brais}`,
      'PUT',
      {
        first_name: 'Brais',
        last_name: 'Souto',
        dni: braisDni,
        phone: '622334455',
        activity_ids: [judo, yoga],
      },
      admin.headers,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as Listed).activities[0]).toMatchObject({ paid: 15, to_pay: 5 });
    await app.exec(sql`DELETE FROM family_discounts`);
  });
});
