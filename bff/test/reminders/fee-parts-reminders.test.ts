import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, type Auth } from '../fees/support.js';

interface OutboxRow {
  channel: 'sms' | 'email';
  subject: string | null;
  body: string;
}

/** Two halves: by 15 December and by 15 January (basis points, as activities.parts stores them). */
const HALVES = JSON.stringify([
  { percent_bp: 5000, due_date: '2026-12-15' },
  { percent_bp: 5000, due_date: '2027-01-15' },
]);

/**
 * Reminders of a fee in parts (issue 51, item 6): each unpaid part is reminded of on the
 * configured days before its own last day, by name and with its amount; the global deadline
 * does not apply to it. Fees without parts keep the global deadline (reminders.test.ts).
 */
describe('payment reminders of a fee in parts', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  let phoneSequence = 680_000_000;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-08T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    app.clock.set('2026-12-08T10:00:00Z');
    await w.clearRules();
    // each test starts from households of its own: earlier tests' people have paid
    await app.exec(sql`UPDATE enrolment_activities SET is_paid = 1`);
    // the global deadline has passed: whole fees get no reminder, parts follow their own days
    await app.exec(sql`UPDATE config SET payments_enabled = 1, deadline_date = '2026-11-30',
      reminders_enabled = 1, reminder_days = '[7,1]', reminder_channel = 'both'`);
  });
  afterAll(() => app.close());

  /** A token issued now: tests move the clock by days, past a session's life. */
  async function staff() {
    const users = await app.rows<{ id: number }>(
      sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id`,
    );
    const user = (await app.deps.repos.users.findById(users[0]!.id))!;
    return { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
  }

  async function run() {
    const res = await app.fetch('/api/admin/reminders/run', {
      method: 'POST',
      headers: await staff(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { sent: number; skipped: number; reason: string | null };
  }

  /** An activity (price in cents) whose fee is paid in these parts; its id and name. */
  async function activity(name: string, priceCents: number, parts = HALVES) {
    const id = await w.activity(name, priceCents);
    await app.exec(sql`UPDATE activities SET parts = ${parts} WHERE id = ${id}`);
    const row = await app.row<{ name: string }>(sql`SELECT name FROM activities WHERE id = ${id}`);
    return { id, name: row!.name };
  }

  /** An account with its own phone and e-mail, in its language, managing one person. */
  async function household(
    locale: 'es' | 'en' | 'gl',
    activities: number[],
    name: [string, string] = ['Xoán', 'López Pereira'],
  ) {
    const user = await w.user();
    const person = await w.person(...name);
    await w.link(user.id, person.id);
    for (const id of activities) await w.enrol(person.id, id);
    const phone = String(++phoneSequence);
    const email = `familia${phone}@example.gal`;
    await app.exec(
      sql`UPDATE users SET phone = ${phone}, email = ${email}, locale = ${locale} WHERE id = ${user.id}`,
    );
    return { ...user, phone, email, person };
  }

  const outbox = (to: string) =>
    app.rows<OutboxRow>(
      sql`SELECT channel, subject, body FROM outbox WHERE recipient = ${to} ORDER BY id`,
    );

  it('reminds of the first part before its own day, naming the activity, the part, its amount and day, once', async () => {
    const swimming = await activity('Natación', 4000);
    const chess = await w.activity('Xadrez', 2000); // whole fee: the global deadline has passed
    const h = await household('es', [swimming.id, chess]);

    expect(await run()).toMatchObject({ sent: 1, skipped: 0, reason: null });
    const [sms, ...moreSms] = await outbox(h.phone);
    expect(moreSms).toEqual([]);
    // the simple mode's 75 % of 40 €: 30 €, half of it by 15 December
    expect(sms?.body).toBe(
      `Concello de Nigrán: tienes plazos por pagar: ${swimming.name} de Xoán López Pereira, 1.º plazo de 2: 15,00\u00a0€ hasta el 15 de diciembre de 2026. Puedes pagar en ${app.baseUrl}/dashboard`,
    );
    const [mail] = await outbox(h.email);
    expect(mail?.subject).toBe('Recordatorio: plazos pendientes hasta el 15 de diciembre de 2026');
    expect(mail?.body).toContain(
      `- Xoán López Pereira, ${swimming.name}, 1.º plazo de 2 (hasta el 15 de diciembre de 2026): 15,00\u00a0€`,
    );
    expect(mail?.body).toContain('Total de estos plazos: 15,00\u00a0€');
    expect(mail?.body).not.toContain('Xadrez');
    expect(
      await app.row(
        sql`SELECT deadline_date, pending_cents, persons, status FROM reminders_sent WHERE user_id = ${h.id}`,
      ),
    ).toEqual({ deadline_date: '2026-11-30', pending_cents: 1500, persons: 1, status: 'sent' });

    // again the same day, from staff or the job: the part is not reminded of twice
    expect(await run()).toMatchObject({ sent: 0, skipped: 1 });
    await app.deps.jobs.runNow('reminders');
    expect(await outbox(h.phone)).toHaveLength(1);
    // the next day is not a reminder day of any part
    app.clock.set('2026-12-09T10:00:00Z');
    expect(await run()).toMatchObject({ sent: 0, reason: 'deadline_expired' });
    // the day before its last day it is reminded of again: a new day
    app.clock.set('2026-12-14T10:00:00Z');
    expect(await run()).toMatchObject({ sent: 1 });
    expect(await outbox(h.phone)).toHaveLength(2);
  });

  it('reminds of the second part before its day once the first is paid, in the account’s language', async () => {
    const swimming = await activity('Natación', 4000);
    const english = await household('en', [swimming.id], ['Brais', 'Otero']);
    const galician = await household('gl', [swimming.id], ['Uxía', 'Núñez Castro']);
    const paidAll = await household('es', [swimming.id], ['Antía', 'Rei']);
    // the first part paid (15 €) by each; the third household paid both
    await app.exec(sql`UPDATE enrolment_activities SET parts_paid = 1, paid_amount_cents = 1500
      WHERE activity_id = ${swimming.id}`);
    await app.exec(sql`UPDATE enrolment_activities SET parts_paid = 2, is_paid = 1,
      paid_amount_cents = 3000 WHERE enrolment_id = ${paidAll.person.id}`);

    // seven days before the first part's day: it is paid, so nothing
    expect(await run()).toMatchObject({ sent: 0, skipped: 0 });
    app.clock.set('2027-01-14T10:00:00Z'); // the day before the second part's
    expect(await run()).toMatchObject({ sent: 2, skipped: 0, reason: null });
    expect((await outbox(english.phone))[0]?.body).toBe(
      `Concello de Nigrán: instalments still due: ${swimming.name} for Brais Otero, instalment 2 of 2: €15.00 by 15 January 2027. You can pay at ${app.baseUrl}/dashboard`,
    );
    const galicianMail = (await outbox(galician.email))[0];
    expect(galicianMail?.subject).toBe(
      'Recordatorio: prazos pendentes ata o 15 de xaneiro de 2027',
    );
    expect(galicianMail?.body).toContain(
      `- Uxía Núñez Castro, ${swimming.name}, 2.º prazo de 2 (ata o 15 de xaneiro de 2027): 15,00\u00a0€`,
    );
    expect(await outbox(paidAll.phone)).toEqual([]);
  });

  it('no reminder of a later part while an earlier one is unpaid past its day (it cannot be paid online)', async () => {
    const swimming = await activity('Natación', 4000);
    const late = await household('es', [swimming.id], ['Iago', 'Vilar']);
    app.clock.set('2027-01-14T10:00:00Z'); // the day before part 2's; part 1's passed unpaid
    expect(await run()).toMatchObject({ sent: 0 });
    expect(await outbox(late.phone)).toEqual([]);
  });

  it('the last part takes the rounding: three thirds of 10,01 € remind of 2,50 €, 2,50 € and 2,51 €', async () => {
    const thirds = JSON.stringify([
      { percent_bp: 3333, due_date: '2026-12-15' },
      { percent_bp: 3333, due_date: '2027-01-15' },
      { percent_bp: 3334, due_date: '2027-02-15' },
    ]);
    // 75 % of 10,01 € is 7,51 €
    const yoga = await activity('Ioga', 1001, thirds);
    const h = await household('es', [yoga.id]);
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await outbox(h.phone))[0]?.body).toContain('1.º plazo de 3: 2,50\u00a0€');
    await app.exec(sql`UPDATE enrolment_activities SET parts_paid = 2, paid_amount_cents = 500
      WHERE enrolment_id = ${h.person.id}`);
    app.clock.set('2027-02-08T10:00:00Z');
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await outbox(h.phone))[1]?.body).toContain(
      '3.º plazo de 3: 2,51\u00a0€ hasta el 15 de febrero de 2027',
    );
  });

  it('on a day both the deadline and a part are reminded of, one message says both', async () => {
    await app.exec(sql`UPDATE config SET deadline_date = '2026-12-15'`);
    const swimming = await activity('Natación', 4000);
    const chess = await w.activity('Xadrez', 2000);
    const h = await household('es', [swimming.id, chess]);
    expect(await run()).toMatchObject({ sent: 1, reason: null });
    const [sms, mail] = [(await outbox(h.phone))[0], (await outbox(h.email))[0]];
    // the whole fee (75 % of 20 €) until the day before the deadline, and the part
    expect(sms?.body).toBe(
      `Concello de Nigrán: quedan 15,00\u00a0€ por pagar de las actividades de Xoán López Pereira hasta el 14 de diciembre de 2026, y plazos: ${swimming.name} de Xoán López Pereira, 1.º plazo de 2: 15,00\u00a0€ hasta el 15 de diciembre de 2026. Puedes pagar en ${app.baseUrl}/dashboard`,
    );
    expect(mail?.body).toContain('- Xoán López Pereira: 15,00\u00a0€');
    expect(mail?.body).toContain(`${swimming.name}, 1.º plazo de 2 (hasta el 15 de diciembre`);
    expect(mail?.body).toContain('Total pendiente: 30,00\u00a0€');
    expect(await outbox(h.phone)).toHaveLength(1);
  });

  it('no part is reminded of while reminders are off or payments are disabled; the next sending counts parts’ days', async () => {
    const swimming = await activity('Natación', 4000);
    const h = await household('es', [swimming.id]);
    await app.exec(sql`UPDATE config SET reminders_enabled = 0`);
    expect(await run()).toMatchObject({ sent: 0, reason: 'reminders_disabled' });
    await app.exec(sql`UPDATE config SET reminders_enabled = 1, payments_enabled = 0`);
    expect(await run()).toMatchObject({ sent: 0, reason: 'payments_disabled' });
    expect(await outbox(h.phone)).toEqual([]);

    // without a global deadline the next sending is a part's: the day before 15 December
    await app.exec(sql`UPDATE config SET payments_enabled = 1, deadline_date = NULL`);
    const summary = async () =>
      (await (await app.fetch('/api/admin/reminders', { headers: await staff() })).json()) as {
        next_date: string | null;
      };
    expect((await summary()).next_date).toBe('2026-12-14');
    expect(await run()).toMatchObject({ sent: 1, reason: null });
    // counted under the part's day when there is no global deadline
    expect(
      await app.value(sql`SELECT deadline_date FROM reminders_sent WHERE user_id = ${h.id}`),
    ).toBe('2026-12-15');
  });

  it('under the council’s fee rules a part is its share of the fee the rules make', async () => {
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
    });
    const person = await w.born('Iria', '2015-05-05');
    await w.approve(person, large);
    const user = await w.family(person);
    const phone = String(++phoneSequence);
    await app.exec(sql`UPDATE users SET phone = ${phone} WHERE id = ${user.id}`);
    const swimming = await activity('Natación', 4000);
    await w.enrol(person, swimming.id);

    expect(await run()).toMatchObject({ sent: 1 });
    // 40 € less 20 %: 32 €, half of it 16 € (the simple mode would say 15 €)
    expect((await outbox(phone))[0]?.body).toContain('1.º plazo de 2: 16,00\u00a0€');
    expect(
      await app.value(sql`SELECT pending_cents FROM reminders_sent WHERE user_id = ${user.id}`),
    ).toBe(1600);
  });
});
