import type { TestApp } from '../helpers/test-app.js';

/**
 * Fees in parts written straight into the test database (migration 410's columns), for the
 * staff-side tests: an activity's parts, and a link with its first parts paid online.
 */

/** Splits an activity's fee: shares in percent with their last days. */
export async function setParts(
  app: TestApp,
  activityId: number,
  parts: readonly { percent: number; due_date: string }[],
): Promise<void> {
  await app.db
    .q()
    .updateTable('activities')
    .set({
      parts: JSON.stringify(
        parts.map((p) => ({ percent_bp: Math.round(p.percent * 100), due_date: p.due_date })),
      ),
    })
    .where('id', '=', activityId)
    .execute();
}

let orders = 0;

/** A paid card payment of a person (what a part paid online leaves), its id. */
export async function paidPayment(app: TestApp, enrolmentId: number, cents: number) {
  orders += 1;
  const at = '2026-11-20T10:00:00.000Z';
  const row = await app.db
    .q()
    .insertInto('payments')
    .values({
      order_code: `2611PRT${String(orders).padStart(5, '0')}`,
      user_id: null,
      enrolment_id: enrolmentId,
      person_name: 'Uxía Núñez',
      person_dni: '12345678Z',
      person_key: 'uxia nunez',
      amount_cents: cents,
      use_discount: 0,
      status: 'paid',
      gateway: 'sandbox',
      merchant_code: '999008881',
      terminal: '1',
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The first `partsPaid` parts of a person's fee paid online, `cents` in all, by one payment. */
export async function payFirstParts(
  app: TestApp,
  link: { enrolmentId: number; activityId: number },
  partsPaid: number,
  cents: number,
): Promise<number> {
  const paymentId = await paidPayment(app, link.enrolmentId, cents);
  await app.db
    .q()
    .updateTable('enrolment_activities')
    .set({
      parts_paid: partsPaid,
      paid_amount_cents: cents,
      paid_payment_id: paymentId,
      paid_at: '2026-11-20T10:00:00.000Z',
    })
    .where('enrolment_id', '=', link.enrolmentId)
    .where('activity_id', '=', link.activityId)
    .execute();
  return paymentId;
}
