import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory, freshDni } from '../payments/factory.js';
import { generate, payInSandbox } from '../payments/helpers.js';

/** The factory's accounts all use this password. */
const PASSWORD = 'correct horse battery';

interface Export {
  format: string;
  account: Record<string, unknown>;
  persons: { full_name: string; dni: string; activities: Record<string, unknown>[] }[];
  payments: {
    order: string;
    status: string;
    amount: number;
    items: unknown[];
    refunds: unknown[];
  }[];
  reminders: Record<string, unknown>[];
  audit: { action: string; entity: string | null; entity_id: string | null }[];
}

describe("residents' data rights", () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-08T10:00:00Z' });
    f = factory(app);
  });
  beforeEach(async () => {
    app.clock.set('2026-12-08T10:00:00Z');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  /** A household that paid one of its two activities by card, had a reminder, and an e-mail. */
  async function activeHousehold(email: string) {
    const household = await f.household([4000, 2500]);
    await app.exec(sql`UPDATE users SET email = ${email} WHERE id = ${household.user.id}`);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: [household.activities[0]!],
      use_discount: false,
    });
    await payInSandbox(app, redirect);
    await app.deps.repos.reminders.claim({
      user_id: household.user.id,
      reminder_date: '2026-12-08',
      deadline_date: '2026-12-15',
      run_id: 1,
      locale: 'es',
      pending_cents: 2500,
      persons: 1,
      created_at: '2026-12-08T09:00:00Z',
    });
    return { ...household, order: redirect.order, email };
  }

  async function exportOf(auth: Record<string, string>) {
    const res = await app.fetch('/api/user/me/export', { headers: auth });
    return { res, text: await res.text() };
  }

  it('the export holds everything about the account and nothing about anyone else', async () => {
    const mine = await activeHousehold('mine@example.es');
    const theirs = await activeHousehold('theirs@example.es');
    const { res, text } = await exportOf(mine.user.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="mis-datos-2026-12-08.json"',
    );
    const data = JSON.parse(text) as Export;
    expect(data.format).toBe('portal-data-export/1');
    expect(data.account).toMatchObject({
      id: mine.user.id,
      dni: mine.user.dni,
      email: 'mine@example.es',
      role: 'user',
      reminders: true,
    });
    expect(data.persons).toHaveLength(1);
    expect(data.persons[0]).toMatchObject({
      full_name: mine.person.fullName,
      dni: mine.person.dni,
    });
    expect(data.persons[0]?.activities.map((a) => [a.price, a.is_paid]).sort()).toEqual([
      [25, false],
      [40, true],
    ]);
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({
      order: mine.order,
      status: 'paid',
      amount: 30, // 75 % of the price without the reduction
      items: [expect.objectContaining({ amount: 30 })],
      refunds: [],
    });
    expect(data.reminders).toEqual([
      expect.objectContaining({ date: '2026-12-08', pending_amount: 25, status: 'claimed' }),
    ]);
    expect(data.audit.map((entry) => entry.action)).toContain('payment.create');
    expect(
      data.audit.every((e) => e.entity !== 'user' || e.entity_id === String(mine.user.id)),
    ).toBe(true);

    // isolation: none of the other household's data, no secrets of any kind
    for (const foreign of [theirs.user.dni, theirs.person.dni, theirs.order, theirs.email]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/argon2|password|code_hash|token/i);
  });

  it("the export lists the account's people as the portal's lists do, accents aside", async () => {
    const household = await f.household([4000]);
    for (const last_name of ['Zapata Rial', 'Peña Souto', 'Álvarez Lago', 'Penas Vidal']) {
      const id = await app.deps.repos.enrolments.insert({
        first_name: 'Xiana',
        last_name,
        dni: freshDni(),
        email: null,
        phone: '622334455',
      });
      await app.exec(
        sql`INSERT INTO user_persons (user_id, enrolment_id) VALUES (${household.user.id}, ${id})`,
      );
    }
    const data = JSON.parse((await exportOf(household.user.auth)).text) as Export;
    expect(
      data.persons.map((p) => p.full_name).filter((name) => name.startsWith('Xiana ')),
    ).toEqual(['Xiana Álvarez Lago', 'Xiana Penas Vidal', 'Xiana Peña Souto', 'Xiana Zapata Rial']);
  });

  it('a person\'s activities in the export by name, accents aside and "ñ" after "n"', async () => {
    const household = await f.household([1000, 2000, 3000, 4000]);
    for (const [i, name] of ['Zumba', 'Ñandú', 'Área de xogo', 'Natación'].entries()) {
      await app.deps.repos.activities.update(household.activities[i]!, {
        name,
        price_cents: 1000 * (i + 1),
        start_date: null,
      });
    }
    const data = JSON.parse((await exportOf(household.user.auth)).text) as Export;
    expect(data.persons[0]?.activities.map((a) => a.name)).toEqual([
      'Área de xogo',
      'Natación',
      'Ñandú',
      'Zumba',
    ]);
  });

  it('a wrong password deletes nothing; the right one deletes the account, ends its session and keeps the payment records', async () => {
    const h = await activeHousehold('leaving@example.es');
    const other = await activeHousehold('staying@example.es');
    const wrong = await app.json(
      '/api/user/me',
      'DELETE',
      { password: 'not my password' },
      { ...h.user.auth, 'Accept-Language': 'en' },
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      detail: 'The password is not correct.',
      code: 'wrong_password',
    });
    expect((await app.fetch('/api/user/me', { headers: h.user.auth })).status).toBe(200);
    const missing = await app.json('/api/user/me', 'DELETE', {}, h.user.auth);
    expect(missing.status).toBe(422);

    // throttling counts keyed by this account's DNI and e-mail (a wrong login, a recovery request)
    const dni = String(await app.value(sql`SELECT dni FROM users WHERE id = ${h.user.id}`));
    await app.form('/api/user/login', { username: dni, password: 'not my password' });
    await app.json('/api/user/password-recovery', 'POST', { email: 'leaving@example.es' });
    const keyed = () =>
      app.column<string>(
        sql`SELECT bucket FROM rate_buckets WHERE bucket LIKE ${`%${dni}%`} OR bucket LIKE '%leaving@example.es%'`,
      );
    expect((await keyed()).length).toBeGreaterThanOrEqual(2);

    const deleted = await app.json('/api/user/me', 'DELETE', { password: PASSWORD }, h.user.auth);
    expect(deleted.status).toBe(200);
    expect(await keyed()).toEqual([]);
    expect(await deleted.json()).toMatchObject({ code: 'account_deleted' });

    // the token no longer opens anything
    for (const path of ['/api/user/me', '/api/user/persons/', '/api/user/me/export']) {
      expect((await app.fetch(path, { headers: h.user.auth })).status).toBe(401);
    }
    expect(await f.count('users')).toBeGreaterThan(0);
    expect(await app.value(sql`SELECT COUNT(*) FROM users WHERE id = ${h.user.id}`)).toBe(0);
    expect(
      Number(await app.value(sql`SELECT COUNT(*) FROM user_persons WHERE user_id = ${h.user.id}`)),
    ).toBe(0);
    // the accounting record stays, without the account
    const payment = (await f.payment(h.order))!;
    expect(payment).toMatchObject({ status: 'paid', user_id: null, amount_cents: 3000 });
    expect(
      Number(await app.value(sql`SELECT COUNT(*) FROM enrolments WHERE id = ${h.person.id}`)),
    ).toBe(1);
    expect(await f.enrolment(h.person.id, h.activities[0]!)).toMatchObject({ is_paid: 1 });
    // the audit trail keeps what happened, not who: no DNI, no address, no contact details
    const trail = await app.rows<{
      actor_dni: string | null;
      ip: string | null;
      details: string | null;
    }>(
      sql`SELECT actor_dni, ip, details FROM audit_log
          WHERE actor_user_id = ${h.user.id} OR (entity = 'user' AND entity_id = ${String(h.user.id)})`,
    );
    expect(trail.length).toBeGreaterThan(0);
    for (const entry of trail) {
      expect(entry.actor_dni).toBeNull();
      expect(entry.ip).toBeNull();
      expect(entry.details ?? '').not.toContain('leaving@example.es');
    }
    expect(
      Number(
        await app.value(sql`SELECT COUNT(*) FROM outbox WHERE recipient = 'leaving@example.es'`),
      ),
    ).toBe(0);
    // the reminder stays counted (SMS cost money), no longer tied to anyone
    expect(
      Number(await app.value(sql`SELECT COUNT(*) FROM reminders_sent WHERE user_id IS NULL`)),
    ).toBeGreaterThan(0);
    // someone else's account is untouched
    expect((await app.fetch('/api/user/me', { headers: other.user.auth })).status).toBe(200);
    expect((await f.payment(other.order))!.user_id).toBe(other.user.id);
  });

  it('wrong passwords are throttled like logins', async () => {
    const user = await f.user();
    for (let i = 0; i < 5; i++) {
      const res = await app.json('/api/user/me', 'DELETE', { password: `guess ${i}` }, user.auth);
      expect(res.status).toBe(403);
    }
    const throttled = await app.json('/api/user/me', 'DELETE', { password: PASSWORD }, user.auth);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await app.fetch('/api/user/me', { headers: user.auth })).status).toBe(200);
  });

  it('the only administrator cannot delete their own account; with another one, they can', async () => {
    await app.exec(sql`UPDATE users SET role = 'user' WHERE role = 'admin'`);
    const first = await f.user('admin');
    const refused = await app.json('/api/user/me', 'DELETE', { password: PASSWORD }, first.auth);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'last_admin' });
    expect((await app.fetch('/api/user/me', { headers: first.auth })).status).toBe(200);
    await f.user('admin');
    const ok = await app.json('/api/user/me', 'DELETE', { password: PASSWORD }, first.auth);
    expect(ok.status).toBe(200);
  });

  it('the account says whether it gets reminders and which language it last used', async () => {
    const user = await f.user();
    const me = await app.fetch('/api/user/me', {
      headers: { ...user.auth, 'Accept-Language': 'gl-ES,gl;q=0.9' },
    });
    expect(await me.json()).toMatchObject({ reminders: true, locale: 'gl' });
    // a client that names none of our languages does not change it
    const again = await app.fetch('/api/user/me', {
      headers: { ...user.auth, 'Accept-Language': 'fr-FR' },
    });
    expect(await again.json()).toMatchObject({ locale: 'gl' });
  });
});
