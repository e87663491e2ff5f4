import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { payInSandbox } from './helpers.js';

/**
 * Issue 59 item 6: part 1 of a fee in parts charged twice (the second a duplicate), then part 2
 * paid. The duplicate is always refundable in full, leaves what the other payments paid as it
 * is, and the resident's history shows it (both engines).
 */
describe('a duplicate charge of a part', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-01' });
  });
  afterAll(() => app.close());

  async function enrolledInParts() {
    const res = await app.json(
      '/api/admin/activities-crud/',
      'POST',
      {
        name: `Escola de natación ${Math.random()}`,
        price: 90,
        start_date: '2026-10-01',
        parts: [
          { percent: 50, due_date: '2026-12-15' },
          { percent: 50, due_date: '2027-01-15' },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(201);
    const activity = (await res.json()) as { id: number };
    const user = await f.user();
    const person = await f.person();
    await f.link(user.id, person.id);
    await f.enrol(person.id, activity.id);
    return { activity, user, person };
  }

  const order = async (who: Awaited<ReturnType<typeof enrolledInParts>>, number: number) => {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: who.person.id,
        use_discount: false,
        parts: [{ activity_id: who.activity.id, number }],
      },
      who.user.auth,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
      amount: number;
    };
  };

  const link = (who: { person: { id: number }; activity: { id: number } }) =>
    app.row<{ is_paid: number; parts_paid: number; paid_amount_cents: number | null }>(
      sql`SELECT is_paid, parts_paid, paid_amount_cents FROM enrolment_activities
          WHERE enrolment_id = ${who.person.id} AND activity_id = ${who.activity.id}`,
    );

  it('is refunded in full whatever was paid after it; the parts paid stay paid', async () => {
    const who = await enrolledInParts();
    // two orders for part 1: the newer supersedes the older, both are charged
    const older = await order(who, 1);
    const newer = await order(who, 1);
    await payInSandbox(app, newer);
    app.clock.advance(60_000);
    // the older one's card page was still open: the bank charges it too
    await payInSandbox(app, older);
    expect((await f.payment(older.order))?.status).toBe('duplicate');
    // then part 2
    app.clock.advance(60_000);
    const second = await order(who, 2);
    await payInSandbox(app, second);
    const paid = await link(who);
    expect(paid).toMatchObject({ is_paid: 1, parts_paid: 2 });

    // the resident's history shows all three, the duplicate as such and without a receipt
    const history = await app.json('/api/user/payments/', 'GET', undefined, who.user.auth);
    expect(history.status).toBe(200);
    const listed = (await history.json()) as {
      order: string;
      status: string;
      receipt_available: boolean;
    }[];
    expect(listed.map((p) => [p.order, p.status, p.receipt_available])).toEqual([
      [second.order, 'paid', true],
      [older.order, 'duplicate', false],
      [newer.order, 'paid', true],
    ]);

    const duplicate = (await f.payment(older.order))!;
    expect(duplicate.status).toBe('duplicate');
    const refunded = await app.json(
      `/api/admin/payments/${duplicate.id}/refund`,
      'POST',
      { reason: 'Cobro doble del primer plazo.' },
      admin.auth,
    );
    expect(refunded.status).toBe(200);
    expect(await f.payment(older.order)).toMatchObject({ refunded_cents: duplicate.amount_cents });
    // what part 1 and part 2 paid stays paid, with the payments that paid them
    expect(await link(who)).toEqual(paid);
    const after = (await (
      await app.json('/api/user/payments/', 'GET', undefined, who.user.auth)
    ).json()) as { order: string; status: string; refunded_amount: number }[];
    expect(after.find((p) => p.order === older.order)).toMatchObject({
      status: 'refunded',
      refunded_amount: older.amount,
    });
    // the duplicate has no receipt to download
    const receipt = await app.json(
      `/api/user/payments/${duplicate.id}/receipt`,
      'GET',
      undefined,
      who.user.auth,
    );
    expect(receipt.status).toBe(404);
  });
});
