import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, type Auth } from './support.js';

/** The amounts the portal's messages quote are the fees as the council's rules make them. */
describe('payment reminders and offered places under fee rules', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  let large: number;
  let phone = 690_000_000;
  beforeAll(async () => {
    // seven days before the deadline: a reminder day
    app = await startTestApp({ now: '2026-12-08T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await w.clearRules();
    await app.exec(sql`UPDATE enrolment_activities SET is_paid = 1`);
    await app.exec(sql`UPDATE config SET payments_enabled = 1, deadline_date = '2026-12-15',
      reminders_enabled = 1, reminder_days = '[7,1]', reminder_channel = 'sms',
      global_discount_bp = 0`);
    large = await w.circumstance('Familia numerosa');
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
    });
  });
  afterAll(() => app.close());

  /** A resident with a phone of their own managing one person of a large family. */
  async function largeFamily() {
    const person = await w.born('Iria', '2015-05-05');
    await w.approve(person, large);
    const user = await w.family(person);
    const own = String(++phone);
    await app.exec(sql`UPDATE users SET phone = ${own} WHERE id = ${user.id}`);
    return { person, user, phone: own };
  }
  const sms = (to: string) =>
    app.column<string>(
      sql`SELECT body FROM outbox WHERE channel = 'sms' AND recipient = ${to} ORDER BY id`,
    );

  it('a reminder quotes what the dashboard shows: each fee less its reduction', async () => {
    const { person, user, phone: to } = await largeFamily();
    const swimming = await w.staffActivity(admin, { name: 'Natación', price: 40 });
    const chess = await w.staffActivity(admin, { name: 'Xadrez', price: 25 });
    await w.enrol(person, swimming);
    await w.enrol(person, chess);
    const dues = await w.due(user, person);
    expect([dues.get(swimming)?.amount_due, dues.get(chess)?.amount_due]).toEqual([32, 20]);

    const res = await app.fetch('/api/admin/reminders/run', { method: 'POST', headers: admin });
    expect(res.status).toBe(200);
    const [body] = await sms(to);
    // 32.00 + 20.00, where the simple mode's 75 % would say 48.75
    expect(body).toContain('52,00\u00a0€');
    expect(
      await app.value(sql`SELECT pending_cents FROM reminders_sent WHERE user_id = ${user.id}`),
    ).toBe(5200);
  });

  it('an offered place’s message quotes its fee under the rules', async () => {
    const { person, user, phone: to } = await largeFamily();
    const now = Date.parse('2026-12-08T10:00:00Z');
    const padel = await w.staffActivity(admin, {
      name: 'Pádel',
      price: 40,
      allocation: 'first_come',
      capacity: 5,
      applications_open_at: new Date(now - 3_600_000).toISOString(),
      applications_close_at: new Date(now + 86_400_000).toISOString(),
    });
    const applied = await app.json(
      '/api/user/applications',
      'POST',
      { person_activity_id: person, activity_id: padel },
      user.auth,
    );
    expect(applied.status).toBe(201);
    // as after a draw or a move up the waitlist: the offer not told yet (a first-come applicant
    // sees it on the screen), then the messages' job tells it
    await app.exec(
      sql`UPDATE applications SET offer_notified_at = NULL WHERE activity_id = ${padel}`,
    );
    await app.deps.jobs.runNow('season-messages');
    const [body] = await sms(to);
    expect(body).toContain('paga 32,00\u00a0€');
  });
});
