import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';

interface OutboxRow {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  sender: string | null;
}

interface RunResult {
  sent: number;
  skipped: number;
  sms: number;
  emails: number;
  date: string;
  reason: string | null;
  next_date: string | null;
}

describe('payment reminders', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  let phoneSequence = 600_000_000;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-08T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
  });
  beforeEach(async () => {
    app.clock.set('2026-12-08T10:00:00Z');
    // each test starts from households of its own: earlier tests' people have paid
    await app.exec(sql`UPDATE enrolment_activities SET is_paid = 1`);
    await configure({
      reminders_enabled: true,
      reminder_days: [7, 1],
      reminder_channel: 'both',
      deadline_date: '2026-12-15',
      payments_enabled: true,
    });
  });
  afterAll(() => app.close());

  /** A token issued now: tests move the clock by days, past a session's life. */
  async function staff() {
    const user = (await app.deps.repos.users.findById(admin.id))!;
    return { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
  }

  async function configure(values: Record<string, unknown>) {
    const current = (await (
      await app.fetch('/api/admin/config/', { headers: await staff() })
    ).json()) as Record<string, unknown>;
    // the row's id and direct_debit_available are the server's to say, not the body's
    const { id: _id, direct_debit_available: _available, ...body } = { ...current, ...values };
    const res = await app.json('/api/admin/config/', 'PUT', body, await staff());
    expect(res.status).toBe(200);
  }

  /** An account with its own phone (and e-mail), managing one person with these fees pending. */
  async function household(
    prices: number[],
    options: { email?: string | null; locale?: 'es' | 'en' | 'gl'; name?: [string, string] } = {},
  ) {
    const user = await f.user();
    const person = await f.person(...(options.name ?? ['Xoán', 'López Pereira']));
    await f.link(user.id, person.id);
    for (const [i, price] of prices.entries()) {
      await f.enrol(person.id, await f.activity(`Actividade ${i + 1}`, price));
    }
    const phone = String(++phoneSequence);
    await app.exec(
      sql`UPDATE users SET phone = ${phone}, email = ${options.email ?? null} WHERE id = ${user.id}`,
    );
    if (options.locale) {
      // the language the resident last used is the one of their last call
      await app.fetch('/api/user/me', {
        headers: { ...user.auth, 'Accept-Language': options.locale },
      });
    }
    return { ...user, phone, email: options.email ?? null, person };
  }

  async function run(): Promise<RunResult> {
    const res = await app.fetch('/api/admin/reminders/run', {
      method: 'POST',
      headers: await staff(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RunResult;
  }

  const outboxTo = (to: string) =>
    app.rows<OutboxRow>(
      sql`SELECT channel, recipient, subject, body, sender FROM outbox WHERE recipient = ${to} ORDER BY id`,
    );

  it('staff configure reminders in the settings; bad values are refused in the caller’s language and change nothing', async () => {
    const before = await (await app.fetch('/api/admin/config', { headers: await staff() })).json();
    expect(before).toMatchObject({
      reminders_enabled: true,
      reminder_days: [7, 1],
      reminder_channel: 'both',
    });
    const base = {
      maintenance_mode: false,
      payments_enabled: true,
      global_discount: 0,
      deadline_date: '2026-12-15',
    };
    for (const [field, value] of [
      ['reminder_days', [0]],
      ['reminder_days', [7, 7]],
      ['reminder_days', [61]],
      ['reminder_days', [1.5]],
      ['reminder_channel', 'fax'],
      ['reminders_enabled', 'yes'],
    ] as const) {
      const res = await app.json(
        '/api/admin/config/',
        'PUT',
        { ...base, [field]: value },
        { ...(await staff()), 'Accept-Language': 'gl' },
      );
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
      expect(body.detail[0]?.loc.slice(0, 2)).toEqual(['body', field]);
      expect(body.detail[0]?.msg).not.toMatch(/_/);
    }
    const res = await app.json(
      '/api/admin/config/',
      'PUT',
      { ...base, reminder_days: [3] },
      {
        ...(await staff()),
        'Accept-Language': 'gl',
      },
    );
    expect(res.status).toBe(200);
    expect(await (await app.fetch('/api/admin/config', { headers: await staff() })).json()).toEqual(
      {
        ...before,
        reminder_days: [3],
      },
    );
  });

  it('reminds each account with something pending once, in its language, naming the people, the total and the last day', async () => {
    const galician = await household([4000, 2500], {
      email: 'maria@example.gal',
      locale: 'gl',
      name: ['Uxía', 'Núñez Castro'],
    });
    const english = await household([1999], { locale: 'en', name: ['Brais', 'Otero'] });
    const paidUp = await household([3000]);
    await app.exec(
      sql`UPDATE enrolment_activities SET is_paid = 1 WHERE enrolment_id = ${paidUp.person.id}`,
    );

    expect(await run()).toEqual({
      sent: 2,
      skipped: 0,
      sms: 2,
      emails: 1,
      date: '2026-12-08',
      reason: null,
      next_date: '2026-12-14',
    });

    const [sms] = await outboxTo(galician.phone);
    expect(sms?.channel).toBe('sms');
    expect(sms?.sender).toBe('Nigran');
    expect(sms?.body).toContain('Concello de Nigrán');
    expect(sms?.body).toContain('Uxía Núñez Castro');
    expect(sms?.body).toContain('48,75\u00a0€');
    expect(sms?.body).toContain('14 de decembro de 2026');
    expect(sms?.body).toContain(`${app.baseUrl}/dashboard`);
    const [mail] = await outboxTo(galician.email!);
    expect(mail?.sender).toBe('Concello de Nigrán');
    expect(mail?.subject).toBe('Recordatorio: pagamentos pendentes ata o 14 de decembro de 2026');
    expect(mail?.body).toContain('- Uxía Núñez Castro: 48,75\u00a0€');
    expect(mail?.body).toContain('15 de decembro de 2026');
    expect(mail?.body).toMatch(/\/recordatorios\/baja\?token=\d+\.\d+\.[\w-]{22}/);

    const [englishSms, ...more] = await outboxTo(english.phone);
    expect(more).toEqual([]);
    expect(englishSms?.body).toBe(
      `Concello de Nigrán: €14.99 is still due for the activities of Brais Otero. You can pay until 14 December 2026 at ${app.baseUrl}/dashboard`,
    );
    expect(await outboxTo(paidUp.phone)).toEqual([]);

    // a second run the same day sends nothing
    expect(await run()).toMatchObject({ sent: 0, skipped: 2, sms: 0, emails: 0 });
    expect(await outboxTo(galician.phone)).toHaveLength(1);
  });

  it('two runs at once, from staff and from the job, still send one message per account', async () => {
    const households = await Promise.all([household([1000]), household([2000]), household([3000])]);
    const [staff, job, again] = await Promise.all([
      run(),
      app.deps.jobs.runNow('reminders'),
      run(),
    ]);
    const jobSent = job.ran ? ((job.result as RunResult | null)?.sent ?? 0) : 0;
    expect(staff.sent + again.sent + jobSent).toBe(3);
    for (const h of households) expect(await outboxTo(h.phone)).toHaveLength(1);
    // whatever runs, the database refuses a second claim of the same account and day
    const claim = () =>
      app.deps.repos.reminders.claim({
        user_id: households[0]!.id,
        reminder_date: '2026-12-08',
        deadline_date: '2026-12-15',
        run_id: 1,
        locale: 'es',
        pending_cents: 1000,
        persons: 1,
        created_at: new Date().toISOString(),
      });
    expect(await claim()).toBeNull();
  });

  it('the reminder day is a Europe/Madrid calendar day, also on the night the clocks go back', async () => {
    // 2026-10-25: summer time ends at 03:00 (CEST, UTC+2) → 02:00 (CET, UTC+1)
    await configure({ deadline_date: '2026-11-01', reminder_days: [7] });
    const h = await household([1500]);
    app.clock.set('2026-10-24T21:59:00Z'); // 23:59 on the 24th in Madrid
    expect(await run()).toMatchObject({
      sent: 0,
      date: '2026-10-24',
      reason: 'not_a_reminder_day',
      next_date: '2026-10-25',
    });
    app.clock.set('2026-10-24T22:00:00Z'); // 00:00 on the 25th in Madrid
    expect(await run()).toMatchObject({ sent: 1, date: '2026-10-25', reason: null });
    app.clock.set('2026-10-25T22:59:00Z'); // 23:59 on the 25th (CET): the same day, 25 hours long
    expect(await run()).toMatchObject({ sent: 0, skipped: 1, date: '2026-10-25' });
    app.clock.set('2026-10-25T23:00:00Z'); // 00:00 on the 26th
    expect(await run()).toMatchObject({
      sent: 0,
      date: '2026-10-26',
      reason: 'not_a_reminder_day',
    });
    expect(await outboxTo(h.phone)).toHaveLength(1);
  });

  it('the job sends only from nine in the morning; staff can send earlier', async () => {
    const h = await household([1500]);
    app.clock.set('2026-12-08T07:30:00Z'); // 08:30 in Madrid
    expect(await app.deps.jobs.runNow('reminders')).toEqual({ ran: true, result: null });
    expect(await outboxTo(h.phone)).toEqual([]);
    app.clock.set('2026-12-08T08:05:00Z'); // 09:05
    expect(await app.deps.jobs.runNow('reminders')).toMatchObject({
      ran: true,
      result: { sent: 1 },
    });
    expect(await outboxTo(h.phone)).toHaveLength(1);
  });

  it('sends nothing when reminders are off, payments are disabled, or the deadline has come', async () => {
    const h = await household([1500]);
    await configure({ reminders_enabled: false });
    expect(await run()).toMatchObject({ sent: 0, reason: 'reminders_disabled', next_date: null });
    await configure({ reminders_enabled: true, payments_enabled: false });
    expect(await run()).toMatchObject({ sent: 0, reason: 'payments_disabled' });
    await configure({ payments_enabled: true, deadline_date: null });
    expect(await run()).toMatchObject({ sent: 0, reason: 'no_deadline' });
    await configure({ deadline_date: '2026-12-08', reminder_days: [7, 1] });
    expect(await run()).toMatchObject({ sent: 0, reason: 'deadline_expired', next_date: null });
    app.clock.set('2026-12-20T10:00:00Z');
    await configure({ deadline_date: '2026-12-15' });
    expect(await run()).toMatchObject({ sent: 0, reason: 'deadline_expired' });
    expect(await outboxTo(h.phone)).toEqual([]);
  });

  it('an account that paid everything gets nothing; one still owing part of it hears about that part only', async () => {
    const paid = await household([1500]);
    await app.exec(
      sql`UPDATE enrolment_activities SET is_paid = 1 WHERE enrolment_id = ${paid.person.id}`,
    );
    const partly = await household([1500, 700]);
    await app.exec(sql`UPDATE enrolment_activities SET is_paid = 1
      WHERE enrolment_id = ${partly.person.id} AND activity_id = (
        SELECT MIN(activity_id) FROM enrolment_activities WHERE enrolment_id = ${partly.person.id})`);
    expect(await run()).toMatchObject({ sent: 1 });
    expect(await outboxTo(paid.phone)).toEqual([]);
    expect((await outboxTo(partly.phone))[0]?.body).toContain('5,25\u00a0€');
  });

  it('a resident can stop reminders from the dashboard setting or the e-mail link', async () => {
    const fromSetting = await household([1000]);
    const patched = await app.json('/api/user/me', 'PATCH', { reminders: false }, fromSetting.auth);
    expect(await patched.json()).toMatchObject({ reminders: false });
    const bad = await app.json('/api/user/me', 'PATCH', { reminders: 'no' }, fromSetting.auth);
    expect(bad.status).toBe(422);

    const fromLink = await household([1000], { email: 'link@example.es' });
    await configure({ reminder_days: [7, 6, 1] });
    expect(await run()).toMatchObject({ sent: 1, skipped: 1 });
    expect(await outboxTo(fromSetting.phone)).toEqual([]);
    const mail = (await outboxTo('link@example.es'))[0]!;
    const token = /token=([\w.-]+)/.exec(mail.body)![1]!;

    const [, issued, mac] = token.split('.');
    const forged = `${fromSetting.id}.${issued}.${mac}`;
    const refused = await app.json(
      '/api/reminders/unsubscribe',
      'POST',
      { token: forged },
      { 'Accept-Language': 'en' },
    );
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      detail: 'This link is not valid.',
      code: 'invalid_unsubscribe_link',
    });
    const ok = await app.json('/api/reminders/unsubscribe', 'POST', { token });
    expect(await ok.json()).toMatchObject({ code: 'reminders_stopped' });

    app.clock.set('2026-12-09T10:00:00Z'); // six days before: the next reminder day
    expect(await run()).toMatchObject({ sent: 0, skipped: 2 });
    expect(await outboxTo('link@example.es')).toHaveLength(1);
    app.clock.set('2026-12-08T12:00:00Z'); // within the resident's session again
    const again = await app.json('/api/user/me', 'PATCH', { reminders: true }, fromLink.auth);
    expect(await again.json()).toMatchObject({ reminders: true });
    // the old e-mail's link does nothing now: the resident's newer choice wins
    const stale = await app.json('/api/reminders/unsubscribe', 'POST', { token });
    expect(stale.status).toBe(404);
    const me = await app.fetch('/api/user/me', { headers: fromLink.auth });
    expect(await me.json()).toMatchObject({ reminders: true });
    // a link made now works, and expires after 90 days
    const fresh = app.deps.unsubscribe.make(fromLink.id, app.clock.now().getTime());
    app.clock.advance(91 * 86_400_000);
    expect((await app.json('/api/reminders/unsubscribe', 'POST', { token: fresh })).status).toBe(
      404,
    );
    const fresher = app.deps.unsubscribe.make(fromLink.id, app.clock.now().getTime());
    expect((await app.json('/api/reminders/unsubscribe', 'POST', { token: fresher })).status).toBe(
      200,
    );
  });

  it('e-mail alone never falls back to SMS; staff see the SMS each run and the season cost', async () => {
    const withMail = await household([1000], { email: 'solo@example.es' });
    const without = await household([1000]);
    await configure({ reminder_channel: 'email', reminder_days: [7, 5, 1] });
    app.clock.set('2026-12-10T10:00:00Z');
    expect(await run()).toMatchObject({ sent: 1, skipped: 1, sms: 0, emails: 1 });
    expect(await outboxTo(without.phone)).toEqual([]);
    expect(await outboxTo(withMail.phone)).toEqual([]);

    const summary = (await (
      await app.fetch('/api/admin/reminders', { headers: await staff() })
    ).json()) as {
      next_date: string;
      season: { deadline_date: string; messages: number; sms: number; emails: number };
      runs: { date: string; trigger: string; sent: number; sms: number; emails: number }[];
    };
    expect(summary.next_date).toBe('2026-12-14');
    expect(summary.runs[0]).toMatchObject({
      date: '2026-12-10',
      trigger: 'staff',
      sent: 1,
      sms: 0,
      emails: 1,
    });
    const totals = await app.row<{ sms: number; emails: number; messages: number }>(
      sql`SELECT SUM(sms) AS sms, SUM(emails) AS emails, COUNT(*) AS messages FROM reminders_sent
          WHERE deadline_date = '2026-12-15' AND status = 'sent'`,
    );
    expect(summary.season).toEqual({
      deadline_date: '2026-12-15',
      messages: Number(totals?.messages),
      sms: Number(totals?.sms),
      emails: Number(totals?.emails),
    });
  });

  it('residents cannot run or read reminders', async () => {
    const resident = await f.user();
    expect(
      (await app.fetch('/api/admin/reminders/run', { method: 'POST', headers: resident.auth }))
        .status,
    ).toBe(403);
    expect((await app.fetch('/api/admin/reminders', { headers: resident.auth })).status).toBe(403);
    expect((await app.fetch('/api/admin/reminders/run', { method: 'POST' })).status).toBe(401);
  });
});
