import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../admin/factory.js';
import { feesWorld, type Auth } from '../fees/support.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { apply, createSeasonActivity, HOUR, household } from '../season/helpers.js';
import { payInSandbox } from './helpers.js';

const TWO_PARTS = [
  { percent: 50, due_date: '2026-12-15' },
  { percent: 50, due_date: '2027-01-15' },
];

/**
 * A fee in parts under the council's rules (issue 51, items 6 and 8), on both engines: each part
 * is its share of the reduced fee, its line with the whole fee's breakdown; a season place
 * offered on a fee in parts is confirmed by paying its first part.
 */
describe('a fee in parts under fee rules and in the season', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  let staff: Account;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
    staff = await createAccount(app, 'admin');
  });
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  const payFirstPart = async (auth: Auth, person: number, activity: number) => {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: person,
        use_discount: false,
        parts: [{ activity_id: activity, number: 1 }],
      },
      auth,
    );
    expect(res.status).toBe(200);
    const redirect = (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      amount: number;
    };
    expect((await payInSandbox(app, redirect)).location).toContain('/pago-ok');
    return redirect.amount;
  };

  it('each part is its share of the reduced fee, with the whole fee’s breakdown', async () => {
    const swimming = await w.staffActivity(admin.auth, {
      name: 'Escola de natación',
      price: 45.01,
      parts: TWO_PARTS,
    });
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
    });
    const person = await w.born('Uxía', '2016-05-01');
    await w.enrol(person, swimming);
    await w.approve(person, large);
    const user = await w.family(person);
    // 45.01 less 20 % = 36.01 (36.008): 18.01 (18.004) and the rest, 18.00
    const res = await app.fetch(`/api/user/activities/${person}`, { headers: user.auth });
    const lines = (await res.json()) as {
      amount_due: number;
      part: { number: number };
      breakdown: { tariff_price: number; reduction: { amount: number } | null };
    }[];
    expect(lines.map((l) => [l.part.number, l.amount_due])).toEqual([
      [1, 18.01],
      [2, 18],
    ]);
    for (const line of lines) {
      expect(line.breakdown.tariff_price).toBe(45.01);
      expect(line.breakdown.reduction?.amount).toBe(9);
    }
    expect(await payFirstPart(user.auth, person, swimming)).toBe(18.01);
    const item = await app.row<{ kept: unknown }>(
      sql`SELECT amount_cents, part_from, part_to, part_of, breakdown IS NOT NULL AS kept
          FROM payment_items WHERE enrolment_id = ${person}`,
    );
    expect(item).toMatchObject({ amount_cents: 1801, part_from: 1, part_to: 1, part_of: 2 });
    expect(Boolean(Number(item!.kept))).toBe(true);
  });

  it('an offered season place is confirmed by paying its first part', async () => {
    const now = app.clock.now().getTime();
    const activity = await createSeasonActivity(app, staff, {
      allocation: 'first_come',
      capacity: 3,
      openAt: new Date(now - HOUR).toISOString(),
      closeAt: new Date(now + 48 * HOUR).toISOString(),
      price: 80,
    });
    await app.exec(
      sql`UPDATE activities SET parts = ${JSON.stringify(
        TWO_PARTS.map((p) => ({ percent_bp: p.percent * 100, due_date: p.due_date })),
      )} WHERE id = ${activity}`,
    );
    const family = await household(app, 1);
    const person = family.people[0]!;
    expect((await apply(app, family, person, activity)).status).toBe(201);
    const status = () =>
      app.value(
        sql`SELECT status FROM applications WHERE enrolment_id = ${person} AND activity_id = ${activity}`,
      );
    expect(await status()).toBe('offered');
    // told as a place offered from the waitlist is: the message asks for the first part, 30 €
    // (half of 75 % of 80 €)
    await app.exec(
      sql`UPDATE applications SET offer_notified_at = NULL
          WHERE enrolment_id = ${person} AND activity_id = ${activity}`,
    );
    await app.deps.season.runJobs();
    const notice = await app.row<{ params: string }>(
      sql`SELECT params FROM season_notices WHERE activity_id = ${activity} AND kind = 'offer'`,
    );
    expect(JSON.parse(notice!.params)).toMatchObject({ amount_cents: 3000 });

    expect(await payFirstPart(family.account.headers as Auth, person, activity)).toBe(30);
    expect(await status()).toBe('confirmed');
    // staff's list says how many parts are paid until all are (issue 60, item 8)
    const listed = await app.fetch(`/api/admin/activities/${activity}/applications`, {
      headers: staff.headers,
    });
    expect(listed.status).toBe(200);
    const items = (await listed.json()) as {
      person_activity_id: number;
      status: string;
      parts: unknown;
    }[];
    expect(items.find((a) => a.person_activity_id === person)).toMatchObject({
      status: 'confirmed',
      parts: { paid: 1, of: 2 },
    });
    expect(
      await app.row(
        sql`SELECT is_paid, parts_paid FROM enrolment_activities
            WHERE enrolment_id = ${person} AND activity_id = ${activity}`,
      ),
    ).toEqual({ is_paid: 0, parts_paid: 1 });
  });
});
