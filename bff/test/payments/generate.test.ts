import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zError } from '../../src/generated/zod.gen.js';
import { factory } from './factory.js';
import { generate, payInSandbox } from './helpers.js';
import {
  startTestApp as startPaymentsApp,
  type TestApp as PaymentsTestApp,
} from '../helpers/test-app.js';

describe('POST /payments/generate-multiple/ refusals', () => {
  let app: PaymentsTestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startPaymentsApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
  });
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  const post = (token: string, body: unknown, lang = 'es') =>
    app.json('/api/payments/generate-multiple/', 'POST', body, {
      Authorization: `Bearer ${token}`,
      'Accept-Language': lang,
    });

  /** Sends the request and checks the error, and that no payment, item or audit row appeared. */
  async function refused(
    token: string,
    body: unknown,
    status: number,
    code: string,
    detail?: string,
    lang = 'es',
  ) {
    const counts = () =>
      Promise.all(['payments', 'payment_items', 'audit_log'].map((t) => f.count(t)));
    const before = await counts();
    const res = await post(token, body, lang);
    expect(res.status).toBe(status);
    const error = zError.parse(await res.json());
    expect(error.code).toBe(code);
    if (detail) expect(error.detail).toBe(detail);
    expect(await counts()).toEqual(before);
    return error;
  }

  it('needs a valid session', async () => {
    const res = await app.json('/api/payments/generate-multiple/', 'POST', {
      person_activity_id: 1,
      activity_ids: [1],
      use_discount: false,
    });
    expect(res.status).toBe(401);
  });

  it('validates the body', async () => {
    const { user, person } = await f.household([1000]);
    const error = await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: [], use_discount: false },
      422,
      'validation_error',
    );
    expect(Array.isArray(error.detail)).toBe(true);
    await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: [1] },
      422,
      'validation_error',
    );
  });

  it("answers 404 for someone else's person, and for a person id that does not exist", async () => {
    const { person, activities } = await f.household([1000]);
    const stranger = await f.user();
    await refused(
      stranger.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: false },
      404,
      'not_found',
      'We could not find that person among the people you manage.',
      'en',
    );
    await refused(
      stranger.token,
      { person_activity_id: 999999, activity_ids: activities, use_discount: false },
      404,
      'not_found',
    );
  });

  it('refuses activities that are not this person’s (mixed_persons), in each language', async () => {
    const { user, person, activities } = await f.household([1000]);
    const sibling = await f.person('Uxía', 'López Pereira');
    await f.link(user.id, sibling.id);
    const siblingActivity = await f.activity('Ximnasia', 2000);
    await f.enrol(sibling.id, siblingActivity);
    const body = {
      person_activity_id: person.id,
      activity_ids: [activities[0]!, siblingActivity],
      use_discount: false,
    };
    for (const [lang, detail] of [
      ['es', 'Solo puedes pagar actividades de una persona cada vez.'],
      ['en', 'You can only pay for activities for one person at a time.'],
      ['gl', 'Só podes pagar actividades dunha persoa cada vez.'],
    ] as const) {
      await refused(user.token, body, 422, 'mixed_persons', detail, lang);
    }
    // an activity id that does not exist answers the same, telling nothing about the catalogue
    await refused(
      user.token,
      { ...body, activity_ids: [activities[0]!, 987654] },
      422,
      'mixed_persons',
    );
  });

  it('refuses on the deadline day itself (Madrid time) and accepts the day before', async () => {
    app.clock.set('2026-11-21T20:00:00Z'); // the session is issued now and lasts past midnight
    const { user, person, activities } = await f.household([1000]);
    const body = { person_activity_id: person.id, activity_ids: activities, use_discount: false };
    await f.settings({ deadline: '2026-11-22' });
    app.clock.set('2026-11-21T23:30:00Z'); // already the 22nd in Madrid
    await refused(user.token, body, 409, 'deadline_expired', 'The payment period has ended.', 'en');
    app.clock.set('2026-11-21T22:59:00Z'); // 23:59 on the 21st in Madrid
    const redirect = await generate(app, user.token, body);
    expect(redirect.order).toMatch(/^2611/);
  });

  it('refuses when payments are disabled', async () => {
    const { user, person, activities } = await f.household([1000]);
    await f.settings({ payments_enabled: false });
    await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: false },
      409,
      'payments_disabled',
      'Los pagos están desactivados en este momento.',
    );
  });

  it('refuses use_discount when the discount is 0', async () => {
    const { user, person, activities } = await f.household([1000]);
    await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: true },
      409,
      'discount_unavailable',
    );
  });

  it('refuses activities already paid, naming the activity', async () => {
    const { user, person, activities } = await f.household([1000, 2000]);
    const first = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: [activities[0]!],
      use_discount: false,
    });
    await payInSandbox(app, first);
    const name = (await app.value(
      sql`SELECT name FROM activities WHERE id = ${activities[0]}`,
    )) as string;
    await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: false },
      409,
      'already_paid',
      `La actividad «${name}» ya está pagada.`,
    );
  });

  it('refuses a payment of nothing (free activities)', async () => {
    const { user, person, activities } = await f.household([0]);
    await refused(
      user.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: false },
      409,
      'nothing_to_pay',
    );
  });

  it('counts a repeated activity id once', async () => {
    const { user, person, activities } = await f.household([1000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: [activities[0]!, activities[0]!],
      use_discount: false,
    });
    expect(redirect.amount).toBe(7.5);
  });
});

describe('generate-multiple rate limit', () => {
  let app: PaymentsTestApp;
  afterAll(() => app.close());

  it('answers 429 with Retry-After after 20 calls in 10 minutes, and frees up afterwards', async () => {
    app = await startPaymentsApp({ now: '2026-11-21T10:00:00Z' });
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
    const { user, person, activities } = await f.household([1000]);
    const body = { person_activity_id: person.id, activity_ids: activities, use_discount: false };
    for (let i = 0; i < 20; i++) await generate(app, user.token, body);
    const before = await f.count('payments');
    const res = await app.json('/api/payments/generate-multiple/', 'POST', body, user.auth);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(zError.parse(await res.json()).code).toBe('too_many_requests');
    expect(await f.count('payments')).toBe(before);
    app.clock.advance(10 * 60_000 + 1000);
    await generate(app, user.token, body);
  });
});
