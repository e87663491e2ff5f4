import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, insertActivity, insertEnrolment, type Account } from './factory.js';
import { payFirstParts, setParts } from './fee-parts-rows.js';

/**
 * Issue 51 item 7: the overview's "pending" counts the parts due: each unpaid part of a fee in
 * parts is one pending item, priced at its share of the fee (75 % of the price, the last part
 * taking the rounding); a whole fee counts one, as before.
 */
describe('admin overview: pending parts of fees in parts', () => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-25T10:00:00Z' });
    admin = await createAccount(app, 'admin');
    // 75 % of 40 € = 30 €: two parts of 15 €
    const swimming = await insertActivity(app, 'Natación infantil', 4000);
    await setParts(app, swimming, [
      { percent: 50, due_date: '2026-12-15' },
      { percent: 50, due_date: '2027-01-15' },
    ]);
    // 75 % of 10.01 € = 7.51 €: parts of 2.50, 2.50 and 2.51 €
    const chess = await insertActivity(app, 'Xadrez', 1001);
    await setParts(app, chess, [
      { percent: 33.33, due_date: '2026-12-01' },
      { percent: 33.33, due_date: '2027-01-01' },
      { percent: 33.34, due_date: '2027-02-01' },
    ]);
    // one payment: 75 % of 25 € = 18.75 €
    const padel = await insertActivity(app, 'Pádel adultos', 2500);

    // nothing paid yet
    await insertEnrolment(app, { first_name: 'Uxía', last_name: 'Núñez' }, [
      { id: swimming },
      { id: padel },
    ]);
    const firstPaid = await insertEnrolment(app, { first_name: 'Brais', last_name: 'Otero' }, [
      { id: swimming },
      { id: chess },
    ]);
    await payFirstParts(app, { enrolmentId: firstPaid.id, activityId: swimming }, 1, 1500);
    await payFirstParts(app, { enrolmentId: firstPaid.id, activityId: chess }, 1, 250);
    // paid whole: nothing pending
    await insertEnrolment(app, { first_name: 'Iria', last_name: 'Mato' }, [
      { id: swimming, paid: true },
      { id: chess, paid: true },
    ]);
    const resident = await createAccount(app, 'user');
    await app.deps.repos.persons.link(resident.id, firstPaid.id);
  });
  afterAll(() => app.close());

  it('counts each part still due as one item, at its share of the fee', async () => {
    const res = await app.fetch('/api/admin/summary', { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      // swimming: 2 parts (Uxía) + 1 (Brais); chess: parts 2 and 3 (Brais); padel: 1
      pending_items: 3 + 2 + 1,
      pending_cents: 3000 + 1500 + (250 + 251) + 1875,
      people_pending: 2,
      accounts_pending: 1,
      top_pending: [
        { name: 'Natación infantil', pending_items: 3, pending_cents: 4500 },
        { name: 'Xadrez', pending_items: 2, pending_cents: 501 },
        { name: 'Pádel adultos', pending_items: 1, pending_cents: 1875 },
      ],
    });
  });
});
