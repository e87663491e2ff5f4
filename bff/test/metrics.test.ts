import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { signUp } from './residents/helpers.js';

const TOKEN = 'scraper-token-0123456789abcdef';

/** The value of one series in Prometheus' text format, or 0 when absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return 0;
}

describe('GET /metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const res = await app.fetch('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('is refused without the token or with a wrong one', async () => {
    expect((await app.fetch('/metrics')).status).toBe(401);
    const wrong = await app.fetch('/metrics', { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    await app.fetch('/api/config');
    await app.fetch('/api/config');
    await app.fetch('/api/user/activities/12345');
    const text = await scrape();
    expect(
      series(text, 'portal_http_requests_total', { route: '/api/config', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    // the pattern, never the id
    expect(
      series(text, 'portal_http_requests_total', {
        route: '/api/user/activities/:person_activity_id',
        status: '401',
      }),
    ).toBe(1);
    // no label carries the id (a process metric's value may happen to hold those digits)
    expect(text).not.toMatch(/="[^"]*12345[^"]*"/);
    expect(
      series(text, 'portal_http_request_duration_seconds_count', { route: '/api/config' }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts payments and notifications by outcome, and SMS sent', async () => {
    const f = factory(app);
    await f.settings({ payments_enabled: true, deadline: '2099-12-31' });
    const { user, person, activities } = await f.household([3000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    const fields = signedNotification(
      notificationParams(redirect.order, Math.round(redirect.amount * 100)),
    );
    const first = await app.form('/api/payments/notification', fields);
    expect(await first.json()).toMatchObject({ code: 'notification_applied' });
    expect((await app.form('/api/payments/notification', fields)).status).toBe(200);
    await signUp(app, { dni: '12345678Z', phone: '612345678' });
    const text = await scrape();
    expect(series(text, 'portal_payments_total', { outcome: 'created' })).toBe(1);
    expect(series(text, 'portal_payments_total', { outcome: 'paid' })).toBe(1);
    expect(
      series(text, 'portal_payment_notifications_total', { outcome: 'notification_applied' }),
    ).toBe(1);
    expect(
      series(text, 'portal_payment_notifications_total', { outcome: 'notification_repeated' }),
    ).toBe(1);
    expect(series(text, 'portal_sms_sent_total', { purpose: 'code' })).toBe(1);
  });
});

describe('metric names and what an alert needs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, PORTAL_COMMIT: '0123456789abcdef' } });
  });
  afterAll(() => app.close());
  const scrape = async () =>
    (await app.fetch('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

  it('follows Prometheus conventions: every counter ends in _total', async () => {
    const text = await scrape();
    const counters = [...text.matchAll(/^# TYPE (\S+) counter$/gm)].map((m) => m[1]);
    expect(counters).toContain('portal_db_transaction_retries_total');
    expect(counters.filter((name) => !name?.endsWith('_total'))).toEqual([]);
  });

  it('says which version and commit the process runs', async () => {
    const text = await scrape();
    expect(series(text, 'portal_build_info', { commit: '0123456789ab', version: '1.0.0' })).toBe(1);
  });

  it('tells when each job last succeeded, so an alert can fire when one stops', async () => {
    expect(
      series(await scrape(), 'portal_job_last_success_timestamp_seconds', { job: 'reminders' }),
    ).toBe(0);
    const turn = await app.deps.jobs.runNow('reminders');
    expect(turn.ran).toBe(true);
    const at = series(await scrape(), 'portal_job_last_success_timestamp_seconds', {
      job: 'reminders',
    });
    // the app's clock: 21 November 2026, 10:00 UTC
    expect(at).toBe(Date.parse('2026-11-21T10:00:00Z') / 1000);
    // a run that fails leaves the last success where it was
    await expect(
      app.deps.jobs.runNow('reminders', () => Promise.reject(new Error('SMS provider down'))),
    ).rejects.toThrow('SMS provider down');
    expect(
      series(await scrape(), 'portal_job_last_success_timestamp_seconds', { job: 'reminders' }),
    ).toBe(at);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const app = await startTestApp();
    try {
      expect((await app.fetch('/metrics')).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
