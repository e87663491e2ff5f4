import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factory } from './factory.js';
import { generate, notificationParams, signedNotification } from './helpers.js';
import {
  startTestApp as startPaymentsApp,
  type TestApp as PaymentsTestApp,
} from '../helpers/test-app.js';

describe('racing payments for the same items', () => {
  let app: PaymentsTestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startPaymentsApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
  });
  afterAll(() => app.close());

  const notify = (order: string, amountCents: number) =>
    app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(order, amountCents)),
    );

  /** Each enrolled activity is paid by at most one payment in state 'paid'; every other authorised one is a duplicate. */
  async function assertConsistent(personId: number, activities: number[], orders: string[]) {
    const payments = [];
    for (const order of orders) payments.push((await f.payment(order))!);
    for (const activity of activities) {
      const enrolment = await f.enrolment(personId, activity);
      const paidCovering =
        (await app.column(sql`SELECT p.id FROM payments p JOIN payment_items i ON i.payment_id = p.id
            WHERE p.status = 'paid' AND i.enrolment_id = ${personId} AND i.activity_id = ${activity}`)) as number[];
      expect(paidCovering.length).toBeLessThanOrEqual(1);
      if (enrolment.is_paid) expect(paidCovering).toEqual([enrolment.paid_payment_id]);
      else expect(paidCovering).toEqual([]);
    }
    return payments;
  }

  it('two generate calls race: one order stays pending, the other is superseded; both paid → one paid, one duplicate', async () => {
    const { user, person, activities } = await f.household([3000, 5000]);
    const body = { person_activity_id: person.id, activity_ids: activities, use_discount: false };
    const [a, b] = await Promise.all([
      generate(app, user.token, body),
      generate(app, user.token, body),
    ]);
    expect(a.order).not.toBe(b.order);
    const statuses = [
      (await f.payment(a.order))!.status,
      (await f.payment(b.order))!.status,
    ].sort();
    expect(statuses).toEqual(['pending', 'superseded']);

    const results = await Promise.all([notify(a.order, 6000), notify(b.order, 6000)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { status: string }[];
    expect(bodies.map((x) => x.status).sort()).toEqual(['duplicate', 'paid']);
    const payments = await assertConsistent(person.id, activities, [a.order, b.order]);
    expect(payments.map((p) => p.status).sort()).toEqual(['duplicate', 'paid']);
    expect(
      (await Promise.all(activities.map((id) => f.enrolment(person.id, id)))).every(
        (e) => e.is_paid === 1,
      ),
    ).toBe(true);
  });

  it('the same notification delivered many times at once is applied exactly once', async () => {
    const { user, person, activities } = await f.household([4000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => notify(redirect.order, 3000)),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as {
      status: string;
      code: string;
    }[];
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((x) => x.code === 'notification_applied')).toHaveLength(1);
    expect(bodies.filter((x) => x.code === 'notification_repeated')).toHaveLength(7);
    const paidAudit = await app.value(
      sql`SELECT COUNT(*) FROM audit_log WHERE action = 'payment.paid' AND entity_id = ${String((await f.payment(redirect.order))!.id)}`,
    );
    expect(paidAudit).toBe(1);
    await assertConsistent(person.id, activities, [redirect.order]);
  });

  it('several accounts racing to pay overlapping items never pay an item twice without a duplicate flag', async () => {
    const { user, person, activities } = await f.household([1000, 2000, 3000]);
    const others = await Promise.all([f.user(), f.user()]);
    for (const other of others) await f.link(other.id, person.id);
    const tokens = [user.token, ...others.map((o) => o.token)];
    const selections = [
      activities,
      [activities[0]!],
      [activities[1]!, activities[2]!],
      [activities[2]!],
      activities,
    ];
    const redirects = await Promise.all(
      selections.map((ids, i) =>
        generate(app, tokens[i % tokens.length]!, {
          person_activity_id: person.id,
          activity_ids: ids,
          use_discount: false,
        }),
      ),
    );
    const results = await Promise.all(
      redirects.map((r) => notify(r.order, Math.round(r.amount * 100))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const payments = await assertConsistent(
      person.id,
      activities,
      redirects.map((r) => r.order),
    );
    expect(payments.every((p) => p.status === 'paid' || p.status === 'duplicate')).toBe(true);
    expect(payments.some((p) => p.status === 'paid')).toBe(true);
    // every authorised payment is either applied or flagged for refund: the money is accounted for
    const flagged = payments.filter((p) => p.status === 'duplicate').length;
    const applied = payments.filter((p) => p.status === 'paid').length;
    expect(flagged + applied).toBe(redirects.length);
  });
});
