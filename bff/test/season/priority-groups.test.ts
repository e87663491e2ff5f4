import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { apply, applied, HOUR, household, type Household } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface DrawPage {
  seed: string | null;
  priority_mode: string | null;
  priority_groups: {
    group: number;
    name: string;
    circumstances: { es: string }[];
    opens_at: string | null;
  }[];
  applications: { code: string; rank: number | null; status: string; group: number | null }[];
}

/**
 * Priority groups (issue 49, item 1) over HTTP on the real app and database: residents first at
 * the draw (mode `ranked`), or an earlier window per group (mode `windows`, lottery or first
 * come); the group fixed when applying; every wrong setting refused unchanged.
 */
describe('priority groups', () => {
  let app: TestApp;
  let admin: Account;
  let resident: number;
  let sequence = 0;
  const now = () => app.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now() + offsetMs).toISOString();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    const stamp = new Date().toISOString();
    const row = await app.row<{ id: number }>(sql`
      INSERT INTO circumstances (name_es, name_en, name_gl, proof_es, proof_en, proof_gl,
        validity_months, review, created_at, updated_at)
      VALUES ('Empadronado', 'Registered resident', 'Empadroado', 'Volante', 'Certificate',
        'Volante', 12, 'staff', ${stamp}, ${stamp})
      RETURNING id`);
    resident = Number(row!.id);
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const body = (extra: Record<string, unknown>): Record<string, unknown> => ({
    name: `Grupos ${++sequence} ${Math.random().toString(36).slice(2, 6)}`,
    price: 40,
    start_date: '2027-01-11',
    allocation: 'lottery',
    capacity: 3,
    applications_open_at: at(HOUR),
    applications_close_at: at(5 * HOUR),
    ...extra,
  });
  const groupsResidentsFirst = [
    { name: 'Empadronados', circumstance_ids: [] as number[] },
    { name: 'Resto', circumstance_ids: [] as number[] },
  ];
  const page = async (id: number) =>
    (await (await fetch(`${app.baseUrl}/api/draws/${id}`)).json()) as DrawPage;

  async function approve(person: number) {
    const stamp = new Date().toISOString();
    await app.exec(sql`
      INSERT INTO circumstance_requests (enrolment_id, circumstance_id, user_id, source, status,
        valid_until, created_at, decided_at, updated_at)
      VALUES (${person}, ${resident}, NULL, 'counter', 'approved', '2027-06-30', ${stamp},
        ${stamp}, ${stamp})`);
  }
  async function families(n: number, residents: number) {
    const out: Household[] = [];
    for (let i = 0; i < n; i++) {
      const f = await household(app, 1);
      if (i < residents) await approve(f.people[0]!);
      out.push(f);
    }
    return out;
  }
  const residentsFirst = () => [
    { name: 'Empadronados', circumstance_ids: [resident] },
    { name: 'Resto', circumstance_ids: [] },
  ];

  it('refuses groups that break the rules, and changes nothing', async () => {
    const count = async () => Number(await app.value(sql`SELECT count(*) FROM activities`));
    const before = await count();
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [
        { priority_mode: null, priority_groups: residentsFirst() },
        ['priority_mode'],
        'priority_mode_required',
      ],
      [
        { allocation: 'first_come', priority_mode: 'ranked', priority_groups: residentsFirst() },
        ['priority_mode'],
        'priority_mode_first_come',
      ],
      [
        { priority_mode: 'ranked', priority_groups: [{ name: 'X', circumstance_ids: [999999] }] },
        ['priority_groups', 0, 'circumstance_ids', 0],
        'priority_circumstance_unknown',
      ],
      [
        { priority_mode: 'ranked', priority_groups: [...groupsResidentsFirst].reverse() },
        ['priority_groups', 0, 'circumstance_ids'],
        'priority_group_everyone_last',
      ],
      [
        {
          priority_mode: 'windows',
          priority_groups: [
            { name: 'Empadronados', circumstance_ids: [resident], opens_at: at(2 * HOUR) },
          ],
        },
        ['priority_groups', 0, 'opens_at'],
        'priority_window_after_open',
      ],
    ];
    for (const [extra, loc, type] of cases) {
      const res = await send('POST', '/admin/activities-crud', body(extra));
      const error = await errorOf(res);
      expect([res.status, error.detail]).toEqual([
        422,
        [expect.objectContaining({ loc: ['body', ...loc], type })],
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('ranks group by group at the draw: every resident before anyone else', async () => {
    const form = body({ priority_mode: 'ranked', priority_groups: residentsFirst() });
    const created = await send('POST', '/admin/activities-crud', form);
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const shown = await page(id);
    expect(shown.priority_mode).toBe('ranked');
    expect(
      shown.priority_groups.map((g) => [g.group, g.name, g.circumstances.map((c) => c.es)]),
    ).toEqual([
      [1, 'Empadronados', ['Empadronado']],
      [2, 'Resto', []],
    ]);
    app.clock.advance(2 * HOUR);
    const fams = await families(7, 2);
    const codes = [];
    for (const f of fams) codes.push((await applied(app, f, f.people[0]!, id)).code);
    // an approval given after applying does not move anyone: the group was fixed then
    await approve(fams[6]!.people[0]!);
    // groups cannot change once there are applications
    const change = await send('PUT', `/admin/activities-crud/${id}`, {
      ...form,
      priority_groups: [{ name: 'Todos', circumstance_ids: [] }],
    });
    expect([change.status, (await errorOf(change)).code]).toEqual([409, 'priority_groups_fixed']);

    app.clock.advance(4 * HOUR);
    await app.deps.season.runJobs();
    const drawn = await page(id);
    // recomputed from the page alone: by group, then by key
    const key = (c: string) => sha256(`${drawn.seed}:${c}`);
    const order = [...drawn.applications]
      .sort((a, b) => (a.group ?? 99) - (b.group ?? 99) || (key(a.code) < key(b.code) ? -1 : 1))
      .map((a) => a.code);
    expect(drawn.applications.map((a) => a.code)).toEqual(order);
    const groupOf = new Map(drawn.applications.map((a) => [a.code, a.group]));
    expect(codes.map((c) => groupOf.get(c))).toEqual([1, 1, 2, 2, 2, 2, 2]);
    // both residents are offered a place whatever their keys
    const offered = drawn.applications.filter((a) => a.status === 'offered').map((a) => a.code);
    expect(offered).toEqual(expect.arrayContaining(codes.slice(0, 2)));
    expect(offered).toHaveLength(3);
  });

  it('opens earlier for group 1, refuses the rest until their window, first come too', async () => {
    for (const allocation of ['first_come', 'lottery'] as const) {
      const created = await send(
        'POST',
        '/admin/activities-crud',
        body({
          allocation,
          applications_open_at: at(3 * HOUR),
          priority_mode: 'windows',
          priority_groups: [
            { name: 'Empadronados', circumstance_ids: [resident], opens_at: at(HOUR) },
            { name: 'Resto', circumstance_ids: [], opens_at: null },
          ],
        }),
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const id = ((await created.json()) as { id: number }).id;
      const [neighbour, visitor] = await families(2, 1);
      app.clock.advance(2 * HOUR); // group 1's window
      // the catalogue shows it open from group 1's window, so a resident can choose it
      const catalogue = (await (await fetch(`${app.baseUrl}/api/catalogue`)).json()) as {
        id: number;
        status: string;
      }[];
      expect(catalogue.find((a) => a.id === id)?.status).toBe('open');
      const early = await apply(app, visitor!, visitor!.people[0]!, id, 'gl');
      const refusal = await errorOf(early);
      expect([early.status, refusal.code]).toEqual([409, 'applications_not_open_for_group']);
      expect(refusal.detail).toMatch(/abre o \d\d\/\d\d\/\d{4} \d\d:\d\d/);
      expect(
        Number(await app.value(sql`SELECT count(*) FROM applications WHERE activity_id = ${id}`)),
      ).toBe(0);
      const first = await applied(app, neighbour!, neighbour!.people[0]!, id);
      expect(first.status).toBe(allocation === 'first_come' ? 'offered' : 'applied');
      app.clock.advance(2 * HOUR); // everyone's window
      await applied(app, visitor!, visitor!.people[0]!, id);
      const groups = await app.column<number | null>(
        sql`SELECT priority_group FROM applications WHERE activity_id = ${id} ORDER BY id`,
      );
      expect(groups.map((g) => (g === null ? null : Number(g)))).toEqual([1, 2]);
      app.clock.advance(2 * HOUR);
    }
    expect(t('es', 'applications_not_open_for_group', { group: 'A', opens: 'B' })).toContain('A');
  });
});
