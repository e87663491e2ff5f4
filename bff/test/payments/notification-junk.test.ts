import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTED_NOTIFICATIONS_PER_ADDRESS } from '../../src/routes/payments/notification-routes.js';
import {
  MAX_STORED_REJECTED,
  REJECTED_KEPT_DAYS,
} from '../../src/services/payments/notifications.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Public junk on the notification address: a short prefix kept, a limit per address, pruned. */
describe('notifications that fail their signature', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  const junk = (ip: string) =>
    app.form(
      '/api/payments/notification',
      {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: 'A'.repeat(7000),
        Ds_Signature: 'bm90LWEtc2lnbmF0dXJl',
      },
      { 'X-Forwarded-For': ip },
    );
  const stored = async () =>
    app.rows<{ parameters: string | null; ip: string | null }>(
      sql`SELECT parameters, ip FROM payment_notifications ORDER BY id`,
    );

  it('keeps a short prefix of each and stops an address after a few dozen', async () => {
    for (let i = 0; i < REJECTED_NOTIFICATIONS_PER_ADDRESS; i++)
      expect((await junk('203.0.113.40')).status).toBe(400);
    const rows = await stored();
    expect(rows).toHaveLength(REJECTED_NOTIFICATIONS_PER_ADDRESS);
    for (const row of rows)
      expect((row.parameters ?? '').length).toBeLessThanOrEqual(MAX_STORED_REJECTED);

    const refused = await junk('203.0.113.40');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(REJECTED_NOTIFICATIONS_PER_ADDRESS);
    // another address is heard
    expect((await junk('203.0.113.41')).status).toBe(400);
  });

  it('counts before it checks: 100 sent at once store no more than the limit', async () => {
    const before = (await stored()).length;
    const answers = await Promise.all(Array.from({ length: 100 }, () => junk('203.0.113.77')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(
      REJECTED_NOTIFICATIONS_PER_ADDRESS,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      100 - REJECTED_NOTIFICATIONS_PER_ADDRESS,
    );
    expect((await stored()).length - before).toBe(REJECTED_NOTIFICATIONS_PER_ADDRESS);
  });

  it('the housekeeping job prunes old rejected ones and ended throttling windows', async () => {
    const before = (await stored()).length;
    expect(before).toBeGreaterThan(0);
    app.clock.advance((REJECTED_KEPT_DAYS + 1) * 86_400_000);
    const turn = await app.deps.jobs.runNow('housekeeping');
    expect(turn.ran).toBe(true);
    expect(turn.result).toMatchObject({ rejected_notifications_pruned: before });
    expect(await stored()).toHaveLength(0);
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM rate_buckets`))).toBe(0);
  });
});
