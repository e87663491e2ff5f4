import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, insertActivity, type Account } from './factory.js';
import { payFirstParts, setParts } from './fee-parts-rows.js';

/**
 * Issue 51: staff's merge of two records of one person carries the parts of a fee paid online
 * with the link, as it carries a whole fee's payment: the kept record's link takes the one paid
 * furthest, and a fee both records paid something of is named to refund.
 */
describe('person merge and a fee in parts', () => {
  let app: TestApp;
  let admin: Account;
  let run = 0;

  const person = (last: string) =>
    app.deps.repos.enrolments.insert({
      first_name: 'Carme',
      last_name: last,
      dni: null,
      email: null,
      phone: '655000111',
      birth_date: '2014-07-07',
    });
  const splitActivity = async (name: string) => {
    const id = await insertActivity(app, `${name} ${run}`, 4000);
    await setParts(app, id, [
      { percent: 50, due_date: '2026-12-15' },
      { percent: 50, due_date: '2027-01-15' },
    ]);
    return id;
  };
  const linksOf = (enrolmentId: number) =>
    app.rows<Record<string, unknown>>(
      sql`SELECT activity_id, is_paid, parts_paid, paid_amount_cents, paid_payment_id
          FROM enrolment_activities WHERE enrolment_id = ${enrolmentId} ORDER BY activity_id`,
    );
  const merge = (keep: number, gone: number) =>
    app.json('/api/admin/persons/merge', 'POST', { keep_id: keep, merge_id: gone }, admin.headers);

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  it('moves a part paid onto the kept record, over its unpaid link or with the link itself', async () => {
    run += 1;
    const keep = await person('Souto Rial');
    const gone = await person('Soutto Rial');
    const judo = await splitActivity('Judo');
    const chess = await splitActivity('Xadrez');
    for (const id of [keep, gone]) await app.deps.repos.enrolments.addLink(id, judo);
    await app.deps.repos.enrolments.addLink(gone, chess);
    const judoPayment = await payFirstParts(app, { enrolmentId: gone, activityId: judo }, 1, 1500);
    const chessPayment = await payFirstParts(
      app,
      { enrolmentId: gone, activityId: chess },
      1,
      1500,
    );

    const res = await merge(keep, gone);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ moved: { activities: 1 }, paid_twice: [] });
    expect(await linksOf(keep)).toEqual([
      {
        activity_id: judo,
        is_paid: 0,
        parts_paid: 1,
        paid_amount_cents: 1500,
        paid_payment_id: judoPayment,
      },
      {
        activity_id: chess,
        is_paid: 0,
        parts_paid: 1,
        paid_amount_cents: 1500,
        paid_payment_id: chessPayment,
      },
    ]);
    expect(await linksOf(gone)).toEqual([]);
  });

  it('keeps the link paid furthest and names a fee both records paid something of', async () => {
    run += 1;
    const keep = await person('Pereira Lago');
    const gone = await person('Pereira Lagos');
    const judo = await splitActivity('Judo');
    const yoga = await splitActivity('Yoga');
    for (const id of [keep, gone]) {
      await app.deps.repos.enrolments.addLink(id, judo);
      await app.deps.repos.enrolments.addLink(id, yoga);
    }
    // judo: the kept record paid part 1, the other both parts (the whole fee)
    await payFirstParts(app, { enrolmentId: keep, activityId: judo }, 1, 1500);
    const whole = await payFirstParts(app, { enrolmentId: gone, activityId: judo }, 2, 3000);
    await app.exec(
      sql`UPDATE enrolment_activities SET is_paid = 1 WHERE enrolment_id = ${gone} AND activity_id = ${judo}`,
    );
    // yoga: only the kept record paid part 1; the other's unpaid link leaves it as it is
    const kept = await payFirstParts(app, { enrolmentId: keep, activityId: yoga }, 1, 1500);

    const res = await merge(keep, gone);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid_twice: [`Judo ${run}`] });
    expect(await linksOf(keep)).toEqual([
      {
        activity_id: judo,
        is_paid: 1,
        parts_paid: 2,
        paid_amount_cents: 3000,
        paid_payment_id: whole,
      },
      {
        activity_id: yoga,
        is_paid: 0,
        parts_paid: 1,
        paid_amount_cents: 1500,
        paid_payment_id: kept,
      },
    ]);
  });
});
