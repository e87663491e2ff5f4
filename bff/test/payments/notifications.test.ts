import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivePaymentNotification } from '../../src/generated/sdk.gen.js';
import { zError, zNotificationResult } from '../../src/generated/zod.gen.js';
import { factory } from './factory.js';
import { generate, notificationParams, payInSandbox, signedNotification } from './helpers.js';
import {
  startTestApp as startPaymentsApp,
  type TestApp as PaymentsTestApp,
} from '../helpers/test-app.js';

describe('Redsys notifications', () => {
  let app: PaymentsTestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startPaymentsApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
  });
  afterAll(() => app.close());

  /** A household with a pending order for all its activities. */
  async function pendingOrder(prices = [4000, 2000]) {
    const household = await f.household(prices);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    const amountCents = Math.round(redirect.amount * 100);
    return { ...household, redirect, order: redirect.order, amountCents };
  }

  const notify = (fields: Record<string, string>, lang = 'es') =>
    app.form('/api/payments/notification', fields, { 'Accept-Language': lang });

  /** Everything a refused notification must leave as it was. */
  async function snapshot(order: string, personId: number, activities: number[]) {
    const items = [];
    for (const id of activities) items.push(await f.enrolment(personId, id));
    return {
      payment: await f.payment(order),
      items,
      audit: await f.count('audit_log'),
    };
  }

  async function lastNotification() {
    return (await app.row(sql`SELECT * FROM payment_notifications ORDER BY id DESC LIMIT 1`)) as {
      payment_id: number | null;
      order_code: string | null;
      signature_ok: number;
      outcome: string;
      parameters: string | null;
      amount_cents: number | null;
    };
  }

  it('applies a correct notification (terminal "1" or "001"), and a repeat changes nothing', async () => {
    const { order, amountCents, person, activities } = await pendingOrder();
    const fields = signedNotification(notificationParams(order, amountCents, { Ds_Terminal: '1' }));
    const { data, response } = await receivePaymentNotification({
      client: app.api,
      body: fields as never,
    });
    expect(response?.status).toBe(200);
    expect(data).toEqual({ status: 'paid', code: 'notification_applied' });
    expect(await f.payment(order)).toMatchObject({ status: 'paid', authorisation_code: '082150' });
    const paidAudit = (await app.value(
      sql`SELECT details FROM audit_log WHERE action = 'payment.paid' AND entity_id = ${String((await f.payment(order))!.id)}`,
    )) as string;
    // Ds_Date / Ds_Hour arrive URL-encoded inside the JSON and are decoded for the record
    expect(JSON.parse(paidAudit)).toMatchObject({
      from: 'pending',
      to: 'paid',
      bank_time: '21/11/2026 11:00',
    });
    const before = await snapshot(order, person.id, activities);
    expect(before.items.every((item) => item.is_paid === 1)).toBe(true);

    app.clock.advance(60_000);
    for (const again of [
      fields,
      signedNotification(notificationParams(order, amountCents, { Ds_Terminal: '001' })),
    ]) {
      const res = await notify(again);
      expect(res.status).toBe(200);
      expect(zNotificationResult.parse(await res.json())).toEqual({
        status: 'paid',
        code: 'notification_repeated',
      });
    }
    expect(await snapshot(order, person.id, activities)).toEqual(before);
    expect(await lastNotification()).toMatchObject({ outcome: 'repeated', signature_ok: 1 });
    // a late denial for a paid order does not undo it
    const late = await notify(
      signedNotification(notificationParams(order, amountCents, { Ds_Response: '0190' })),
    );
    expect(await late.json()).toEqual({ status: 'ignored', code: 'notification_ignored' });
    expect(await snapshot(order, person.id, activities)).toEqual(before);
  });

  it('refuses a forged signature, records it, and changes nothing', async () => {
    const { order, amountCents, person, activities } = await pendingOrder();
    const before = await snapshot(order, person.id, activities);
    const forged = signedNotification(notificationParams(order, amountCents), {
      secret: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
    });
    const res = await notify(forged, 'gl');
    expect(res.status).toBe(400);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Sinatura non válida.',
      code: 'bad_signature',
    });
    expect(await snapshot(order, person.id, activities)).toEqual(before);
    expect(await lastNotification()).toMatchObject({
      order_code: order,
      signature_ok: 0,
      outcome: 'bad_signature',
      payment_id: null,
    });

    // a signature computed for another order does not fit either
    const otherOrder = signedNotification(notificationParams(order, amountCents), {
      signOrder: '0000AAAAAAAA',
    });
    expect((await notify(otherOrder)).status).toBe(400);
    // parameters swapped under a valid signature
    const valid = signedNotification(notificationParams(order, amountCents));
    const swapped = {
      ...valid,
      Ds_MerchantParameters: signedNotification(notificationParams(order, 1)).Ds_MerchantParameters,
    };
    expect((await notify(swapped)).status).toBe(400);
    expect(await snapshot(order, person.id, activities)).toEqual(before);
  });

  it('refuses a wrong amount, currency, merchant or terminal and an unknown order', async () => {
    const { order, amountCents, person, activities } = await pendingOrder();
    const before = await snapshot(order, person.id, activities);
    const cases: [Record<string, string>, string, string][] = [
      [
        { Ds_Amount: String(amountCents - 1) },
        'amount_mismatch',
        'The notified amount does not match the payment.',
      ],
      [{ Ds_Currency: '840' }, 'currency_mismatch', 'The notified currency is not the euro.'],
      [
        { Ds_MerchantCode: '999008882' },
        'merchant_mismatch',
        'The notified merchant code does not match the payment.',
      ],
      [
        { Ds_Terminal: '2' },
        'terminal_mismatch',
        'The notified terminal does not match the payment.',
      ],
      [
        { Ds_Order: '2611ZZZZZZZZ' },
        'unknown_order',
        'There is no payment with that order number.',
      ],
    ];
    for (const [override, code, detail] of cases) {
      const res = await notify(
        signedNotification(notificationParams(order, amountCents, override)),
        'en',
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail, code });
      expect(await lastNotification()).toMatchObject({ signature_ok: 1, outcome: code });
    }
    expect(await snapshot(order, person.id, activities)).toEqual(before);
  });

  it('records malformed notifications and keeps card-number-like text out of the database', async () => {
    const before = await f.count('payment_notifications');
    const bodies: Record<string, string>[] = [
      {},
      { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: '%%%', Ds_Signature: 'x' },
      { Ds_SignatureVersion: 'HMAC_SHA512_V2', Ds_MerchantParameters: 'e30=', Ds_Signature: 'x' },
      {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: Buffer.from(
          '{"Ds_Order":"12","Ds_Card_Number":"4548810000000003"}',
        ).toString('base64'),
        Ds_Signature: 'x',
      },
    ];
    for (const body of bodies) {
      const res = await notify(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('malformed_notification');
    }
    // signed but without a response code
    const { order, amountCents } = await pendingOrder();
    const noResponse = notificationParams(order, amountCents);
    delete (noResponse as Record<string, string>).Ds_Response;
    expect((await notify(signedNotification(noResponse))).status).toBe(400);
    expect(await lastNotification()).toMatchObject({ signature_ok: 1, outcome: 'malformed' });

    expect(await f.count('payment_notifications')).toBe(before + bodies.length + 1);
    const stored = JSON.stringify(
      await app.rows(sql`SELECT parameters FROM payment_notifications`),
    );
    expect(stored).not.toContain('4548810000000003');
  });

  it('a denial marks the payment failed once; a later authorisation is kept as a duplicate to refund', async () => {
    const { order, amountCents, person, activities, user } = await pendingOrder();
    const denied = signedNotification(
      notificationParams(order, amountCents, { Ds_Response: '0184', Ds_AuthorisationCode: '' }),
    );
    expect(await (await notify(denied)).json()).toEqual({
      status: 'failed',
      code: 'notification_failed',
    });
    expect(await (await notify(denied)).json()).toEqual({
      status: 'failed',
      code: 'notification_repeated',
    });
    expect(await f.payment(order)).toMatchObject({ status: 'failed', response_code: '0184' });
    expect(
      (await Promise.all(activities.map((id) => f.enrolment(person.id, id)))).every(
        (e) => e.is_paid === 0,
      ),
    ).toBe(true);

    const paid = await notify(signedNotification(notificationParams(order, amountCents)));
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: 'duplicate', code: 'notification_duplicate' });
    expect((await f.payment(order))?.status).toBe('duplicate');
    expect(
      (await Promise.all(activities.map((id) => f.enrolment(person.id, id)))).every(
        (e) => e.is_paid === 0,
      ),
    ).toBe(true);
    const audit = (await app.rows(
      sql`SELECT action, details FROM audit_log WHERE entity = 'payment' AND entity_id = ${String((await f.payment(order))!.id)} ORDER BY id`,
    )) as { action: string; details: string }[];
    expect(audit.map((a) => a.action)).toEqual([
      'payment.create',
      'payment.failed',
      'payment.duplicate',
    ]);
    expect(JSON.parse(audit[2]!.details)).toMatchObject({
      from: 'failed',
      to: 'duplicate',
      reason: 'paid_after_failed',
    });
    void user;
  });

  it('a newer order supersedes the pending one; paying the old one is a duplicate, never dropped', async () => {
    const { user, person, activities } = await f.household([3000, 1000]);
    const body = { person_activity_id: person.id, activity_ids: activities, use_discount: false };
    const first = await generate(app, user.token, body);
    const second = await generate(app, user.token, { ...body, activity_ids: [activities[0]!] });
    expect((await f.payment(first.order))?.status).toBe('superseded');
    expect((await f.payment(second.order))?.status).toBe('pending');
    const supersededAudit = (await app.row(
      sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'payment.superseded' AND entity_id = ${String((await f.payment(first.order))!.id)}`,
    )) as { n: number };
    expect(supersededAudit.n).toBe(1);

    // the old order's denial is only recorded
    const deniedOld = await notify(
      signedNotification(notificationParams(first.order, 3000, { Ds_Response: '0190' })),
    );
    expect(await deniedOld.json()).toEqual({ status: 'ignored', code: 'notification_ignored' });
    expect((await f.payment(first.order))?.status).toBe('superseded');

    await payInSandbox(app, second);
    expect((await f.payment(second.order))?.status).toBe('paid');

    const late = await notify(signedNotification(notificationParams(first.order, 3000)));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ status: 'duplicate', code: 'notification_duplicate' });
    expect(await f.payment(first.order)).toMatchObject({
      status: 'duplicate',
      response_code: '0000',
    });
    expect(await f.enrolment(person.id, activities[0]!)).toMatchObject({
      is_paid: 1,
      paid_payment_id: (await f.payment(second.order))!.id,
    });
    expect((await f.enrolment(person.id, activities[1]!)).is_paid).toBe(0);
  });

  it('an authorisation for items another payment already paid is a duplicate', async () => {
    const { user, person, activities } = await f.household([2500]);
    const other = await f.user();
    await f.link(other.id, person.id);
    const body = { person_activity_id: person.id, activity_ids: activities, use_discount: false };
    const mine = await generate(app, user.token, body);
    const theirs = await generate(app, other.token, body);
    // different accounts: the first order is not superseded
    expect((await f.payment(mine.order))?.status).toBe('pending');
    await payInSandbox(app, theirs);
    await payInSandbox(app, mine);
    expect((await f.payment(theirs.order))?.status).toBe('paid');
    expect((await f.payment(mine.order))?.status).toBe('duplicate');
    expect(await f.enrolment(person.id, activities[0]!)).toMatchObject({
      is_paid: 1,
      paid_payment_id: (await f.payment(theirs.order))!.id,
    });
    const audit = (await app.value(
      sql`SELECT details FROM audit_log WHERE action = 'payment.duplicate' AND entity_id = ${String((await f.payment(mine.order))!.id)}`,
    )) as string;
    expect(JSON.parse(audit)).toMatchObject({
      reason: 'items_already_paid',
      activity_ids: activities,
    });
  });
});
