import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTED_NOTIFICATIONS_PER_ADDRESS } from '../../src/routes/payments/notification-routes.js';
import { factory } from './factory.js';
import { generate, notificationParams, signedNotification } from './helpers.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Issue 59 item 9: a notification whose signature verifies is always processed. */
describe('the bank’s signed notifications are never throttled', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z', env: { TRUST_PROXY: '1' } });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
  });
  afterAll(() => app.close());

  const ADDRESS = '198.51.100.9';
  const post = (fields: Record<string, string>) =>
    app.form('/api/payments/notification', fields, { 'X-Forwarded-For': ADDRESS });
  const junk = () =>
    post({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'A'.repeat(100),
      Ds_Signature: 'bm90LWEtc2lnbmF0dXJl',
    });

  async function pendingOrder() {
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    return { order: redirect.order, amountCents: Math.round(redirect.amount * 100) };
  }

  it('after the limit of refused ones from an address, a signed one from it is applied', async () => {
    const { order, amountCents } = await pendingOrder();
    for (let i = 0; i < REJECTED_NOTIFICATIONS_PER_ADDRESS; i++)
      expect((await junk()).status).toBe(400);
    expect((await junk()).status).toBe(429);

    const signed = await post(signedNotification(notificationParams(order, amountCents)));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ status: 'paid', code: 'notification_applied' });
    expect(await f.payment(order)).toMatchObject({ status: 'paid' });

    // a signed one for an unknown order is refused (400) but still heard, and not counted
    const unknown = await post(signedNotification(notificationParams('9999ZZZZ0001', 100)));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'unknown_order' });
    // a forged signature from that address is still stopped
    const forged = await post(
      signedNotification(notificationParams(order, amountCents), {
        secret: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev',
      }),
    );
    expect(forged.status).toBe(429);
  });

  it('signed notifications never fill the bucket: junk still gets its full allowance after them', async () => {
    app.clock.advance(11 * 60_000);
    for (let i = 0; i < REJECTED_NOTIFICATIONS_PER_ADDRESS + 5; i++) {
      const { order, amountCents } = await pendingOrder();
      expect((await post(signedNotification(notificationParams(order, amountCents)))).status).toBe(
        200,
      );
    }
    for (let i = 0; i < REJECTED_NOTIFICATIONS_PER_ADDRESS; i++)
      expect((await junk()).status).toBe(400);
    expect((await junk()).status).toBe(429);
  });
});
