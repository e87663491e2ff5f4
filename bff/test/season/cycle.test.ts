import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';
import { generate, payInSandbox } from '../payments/helpers.js';
import { errorOf } from '../residents/helpers.js';
import { applied, createSeasonActivity, HOUR, household, linkOf, statuses } from './helpers.js';

/**
 * A whole season on the real app with its clock moved (both engines: npm test runs the suite on
 * PostgreSQL too): the window opens, residents apply, it closes, the job draws, residents are
 * told, one offer expires and passes to the waitlist, the others pay and are confirmed.
 */
describe('a season from the window to the paid places', () => {
  let app: TestApp;
  let admin: Account;
  const staff = async () => (admin = await createAccount(app, 'admin')).headers;
  const staffAccount = async () => (admin = await createAccount(app, 'admin'));

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    await factory(app).settings({ payments_enabled: true, discount_bp: 0, deadline: null });
    await app.deps.repos.config.save({
      ...(await app.deps.repos.config.get()),
      reminder_channel: 'sms',
    });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const sms = (text: string) =>
    app.column<string>(
      sql`SELECT body FROM outbox WHERE channel = 'sms' AND body LIKE ${`%${text}%`} ORDER BY id`,
    );

  it('opens, draws, offers, expires, passes on and confirms', async () => {
    const activity = await createSeasonActivity(app, admin, {
      name: 'Natación ciclo',
      allocation: 'lottery',
      capacity: 2,
      openAt: '2026-12-02T08:00:00Z',
      closeAt: '2026-12-05T08:00:00Z',
      offerHours: 48,
      price: 60,
    });
    const catalogueStatus = async () =>
      (
        (await (await fetch(`${app.baseUrl}/api/catalogue`)).json()) as {
          id: number;
          status: string;
        }[]
      ).find((a) => a.id === activity)?.status;
    expect(await catalogueStatus()).toBe('upcoming');

    app.clock.set('2026-12-02T09:00:00Z');
    expect(await catalogueStatus()).toBe('open');
    const families = await Promise.all(Array.from({ length: 4 }, () => household(app, 1)));
    const apps = [];
    for (const f of families) apps.push(await applied(app, f, f.people[0]!, activity));
    expect(apps.every((a) => a.status === 'applied')).toBe(true);

    app.clock.set('2026-12-05T08:01:00Z');
    expect(await catalogueStatus()).toBe('closed');
    const turn = await app.deps.season.runJobs();
    expect(turn.result).toMatchObject({ drawn: 1, notified: 2 });
    expect(await catalogueStatus()).toBe('drawn');
    const rows = await statuses(app, activity);
    const offered = rows.filter((r) => r.status === 'offered');
    expect(offered).toHaveLength(2);
    // every family hears: the two offered a place, the two waiting their place on the list
    expect(await sms('Natación ciclo')).toHaveLength(4);
    const texts = await sms('Hay plaza para Persoa0 en Natación ciclo');
    expect(texts).toHaveLength(2);
    expect((await sms('puesto')).sort()).toEqual(
      [1, 2].map((n) =>
        expect.stringContaining(
          `Persoa0 está en el puesto ${n} de la lista de espera de Natación ciclo`,
        ),
      ),
    );
    expect(texts[0]).toContain('45,00'); // 75 % of 60 €, the amount without the reduction
    expect(texts[0]).toContain('7 de diciembre de 2026');

    // a day before the deadline, the still-unpaid offers are reminded once
    app.clock.set('2026-12-06T09:00:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ reminded: 2 });
    expect((await app.deps.season.runJobs()).result).toMatchObject({ reminded: 0 });

    // one of the two pays before the deadline
    const byId = new Map(apps.map((a, i) => [a.id, families[i]!]));
    const [payer, idle] = offered.map((o) => ({ row: o, family: byId.get(o.id)! }));
    const user = await app.deps.repos.users.findById(payer!.family.account.id);
    const token = await app.deps.tokens.issue(user!);
    const redirect = await generate(app, token, {
      person_activity_id: payer!.family.people[0]!,
      activity_ids: [activity],
      use_discount: false,
    });
    await payInSandbox(app, redirect);
    expect((await statuses(app, activity)).find((r) => r.id === payer!.row.id)?.status).toBe(
      'confirmed',
    );

    // the other offer expires; its place goes to the first on the waitlist
    app.clock.set('2026-12-07T08:02:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ expired: 1, notified: 1 });
    const after = await statuses(app, activity);
    expect(after.find((r) => r.id === idle!.row.id)?.status).toBe('expired');
    expect(await linkOf(app, idle!.family.people[0]!, activity)).toBeUndefined();
    const firstWaiting = after
      .filter((r) => r.rank !== null && r.rank > 2)
      .sort((a, b) => a.rank! - b.rank!)[0]!;
    expect(firstWaiting.status).toBe('offered');
    expect(firstWaiting.rank).toBe(3);

    // a paid place cannot be withdrawn by the resident, nor by staff
    const fresh = await app.deps.tokens.issue(user!);
    const mine = await fetch(`${app.baseUrl}/api/user/applications/${payer!.row.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${fresh}` },
    });
    expect([mine.status, (await errorOf(mine)).code]).toEqual([409, 'already_paid']);
    const headers = await staff();
    const byStaff = await fetch(`${app.baseUrl}/api/admin/applications/${payer!.row.id}/withdraw`, {
      method: 'POST',
      headers,
    });
    expect(byStaff.status).toBe(409);

    // staff withdraw the new offer: the last on the waitlist moves up
    const withdrawn = await fetch(
      `${app.baseUrl}/api/admin/applications/${firstWaiting.id}/withdraw`,
      {
        method: 'POST',
        headers,
      },
    );
    expect(withdrawn.status).toBe(204);
    const final = await statuses(app, activity);
    expect(final.filter((r) => r.status === 'offered').map((r) => r.rank)).toEqual([4]);
    const audit = await app.column<string>(
      sql`SELECT action FROM audit_log WHERE entity = 'application' ORDER BY id`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        'application.applied',
        'application.confirmed',
        'application.expired',
        'application.withdrawn',
        'application.offered',
      ]),
    );

    // staff's list: waitlist order, names and DNIs; the export has the same rows
    const list = await fetch(
      `${app.baseUrl}/api/admin/activities/${activity}/applications?page=1&page_size=10`,
      { headers },
    );
    expect(list.headers.get('x-total-count')).toBe('4');
    const listed = (await list.json()) as { rank: number; status: string; full_name: string }[];
    expect(listed.map((r) => [r.rank, r.status])).toEqual([
      [1, listed[0]!.status],
      [2, listed[1]!.status],
      [3, 'withdrawn'],
      [4, 'offered'],
    ]);
    const exported = await fetch(
      `${app.baseUrl}/api/admin/activities/${activity}/applications/export`,
      { headers },
    );
    expect(exported.headers.get('content-disposition')).toMatch(
      new RegExp(`solicitudes-${activity}-2026-12-07\\.xlsx`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    expect(book.getWorksheet('Solicitudes')!.rowCount).toBe(5);
  });

  it('offers places staff add to the waitlist, and will not change the way places go once applied', async () => {
    await staff();
    const activity = await createSeasonActivity(app, admin, {
      name: 'Pádel ampliado',
      allocation: 'first_come',
      capacity: 1,
      openAt: new Date(app.clock.now().getTime() - HOUR).toISOString(),
      closeAt: new Date(app.clock.now().getTime() + 10 * HOUR).toISOString(),
    });
    const families = await Promise.all(Array.from({ length: 3 }, () => household(app, 1)));
    for (const f of families) await applied(app, f, f.people[0]!, activity);
    const headers = await staff();
    const put = (body: Record<string, unknown>) =>
      fetch(`${app.baseUrl}/api/admin/activities-crud/${activity}`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Pádel ampliado',
          price: 40,
          allocation: 'first_come',
          capacity: 1,
          applications_open_at: new Date(app.clock.now().getTime() - HOUR).toISOString(),
          applications_close_at: new Date(app.clock.now().getTime() + 10 * HOUR).toISOString(),
          ...body,
        }),
      });
    const lottery = await put({ allocation: 'lottery' });
    expect([lottery.status, (await errorOf(lottery)).code]).toEqual([
      409,
      'activity_has_applications',
    ]);
    const more = await put({ capacity: 3 });
    expect(more.status).toBe(200);
    expect((await statuses(app, activity)).map((r) => r.status)).toEqual([
      'offered',
      'offered',
      'offered',
    ]);
    const fewer = await errorOf(await put({ capacity: 2 }));
    expect([fewer.status, (fewer.detail as { type: string }[])[0]!.type]).toEqual([
      422,
      'capacity_below_taken',
    ]);
  });

  it('a child added without a DNI gets a place, pays it, and shows "Sin DNI" on the payment', async () => {
    const activity = await createSeasonActivity(app, await staffAccount(), {
      name: 'Iniciación sen DNI',
      allocation: 'first_come',
      capacity: 2,
      openAt: new Date(app.clock.now().getTime() - HOUR).toISOString(),
      closeAt: new Date(app.clock.now().getTime() + 10 * HOUR).toISOString(),
    });
    const parent = await createAccount(app, 'user');
    const added = await fetch(`${app.baseUrl}/api/user/persons/`, {
      method: 'POST',
      headers: { ...parent.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Uxía', last_name: 'Sen DNI', birth_date: '2018-03-03' }),
    });
    const child = (await added.json()) as { person_activity_id: number; dni: string | null };
    expect(child.dni).toBeNull();
    const res = await fetch(`${app.baseUrl}/api/user/applications`, {
      method: 'POST',
      headers: { ...parent.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ person_activity_id: child.person_activity_id, activity_id: activity }),
    });
    expect(((await res.json()) as { status: string }).status).toBe('offered');
    const token = parent.headers.Authorization.slice('Bearer '.length);
    const redirect = await generate(app, token, {
      person_activity_id: child.person_activity_id,
      activity_ids: [activity],
      use_discount: false,
    });
    await payInSandbox(app, redirect);
    // every answer is checked against the contract (strict): a null DNI where the contract allows it
    const payments = (await (
      await fetch(`${app.baseUrl}/api/user/payments/`, { headers: parent.headers })
    ).json()) as { dni: string | null }[];
    expect(payments.map((p) => p.dni)).toEqual([null]);
    const exported = await fetch(`${app.baseUrl}/api/user/me/export`, { headers: parent.headers });
    expect(exported.status).toBe(200);
    const staffList = (await (
      await fetch(`${app.baseUrl}/api/admin/payments/?page=1&page_size=50`, {
        headers: (await staffAccount()).headers,
      })
    ).json()) as { items: { full_name: string; dni: string | null }[] };
    expect(staffList.items.find((p) => p.full_name === 'Uxía Sen DNI')?.dni).toBeNull();
  });
});
