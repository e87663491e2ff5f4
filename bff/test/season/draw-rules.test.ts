import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { applied, HOUR, household } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface DrawPage {
  seed: string | null;
  seed_commitment: string;
  capacity: number;
  reserved_places: number;
  reserved_circumstance: { es: string; en: string; gl: string } | null;
  joint_fit: string;
  drawn_at: string | null;
  applications: {
    code: string;
    rank: number | null;
    status: string;
    group: number | null;
    reserved: boolean;
    joint_code: string | null;
  }[];
}

/**
 * The council's rules at the draw over HTTP on the real app and database (issue 49): reserved
 * places for a circumstance's holders (item 5) and joint applications as one ballot (item 2's
 * draw part), each recomputed from the public page, and each wrong setting refused unchanged.
 */
describe('reserved places and joint ballots at the draw', () => {
  let app: TestApp;
  let admin: Account;
  const now = () => app.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now() + offsetMs).toISOString();
  let sequence = 0;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
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
    name: `Reservas ${++sequence} ${Math.random().toString(36).slice(2, 6)}`,
    price: 40,
    start_date: '2027-01-11',
    allocation: 'lottery',
    capacity: 3,
    applications_open_at: at(HOUR),
    applications_close_at: at(3 * HOUR),
    ...extra,
  });
  const page = async (id: number) =>
    (await (await fetch(`${app.baseUrl}/api/draws/${id}`)).json()) as DrawPage;
  const activityCount = async () => Number(await app.value(sql`SELECT count(*) FROM activities`));

  async function circumstance(name: string) {
    const stamp = new Date().toISOString();
    const row = await app.row<{ id: number }>(sql`
      INSERT INTO circumstances (name_es, name_en, name_gl, proof_es, proof_en, proof_gl,
        validity_months, review, created_at, updated_at)
      VALUES (${`${name} ${++sequence}`}, ${`${name} (en) ${sequence}`}, ${`${name} (gl) ${sequence}`},
        'Certificado', 'Certificate', 'Certificado', 12, 'staff', ${stamp}, ${stamp})
      RETURNING id`);
    return Number(row!.id);
  }
  async function approve(person: number, circumstanceId: number, until: string) {
    const stamp = new Date().toISOString();
    await app.exec(sql`
      INSERT INTO circumstance_requests (enrolment_id, circumstance_id, user_id, source, status,
        valid_until, created_at, decided_at, updated_at)
      VALUES (${person}, ${circumstanceId}, NULL, 'counter', 'approved', ${until}, ${stamp},
        ${stamp}, ${stamp})`);
  }

  /** Applicants, each a family of one: their person and code. */
  async function applicants(id: number, n: number) {
    const out: { person: number; code: string; id: number }[] = [];
    for (let i = 0; i < n; i++) {
      const family = await household(app, 1);
      const a = await applied(app, family, family.people[0]!, id);
      out.push({ person: family.people[0]!, code: a.code, id: a.id });
    }
    return out;
  }

  const keyOrder = (seed: string, codes: string[]) =>
    [...codes].sort((a, b) => (sha256(`${seed}:${a}`) < sha256(`${seed}:${b}`) ? -1 : 1));

  it('refuses reserved places beyond the places, without a circumstance, or an unknown one', async () => {
    const disability = await circumstance('Discapacidad ≥ 33 %');
    const before = await activityCount();
    for (const [extra, field, type] of [
      [
        { reserved_places: 4, reserved_circumstance_id: disability },
        'reserved_places',
        'reserved_over_capacity',
      ],
      [
        { reserved_places: 1, reserved_circumstance_id: null },
        'reserved_circumstance_id',
        'reserved_circumstance_required',
      ],
      [
        { reserved_places: 1, reserved_circumstance_id: 999999 },
        'reserved_circumstance_id',
        'reserved_circumstance_unknown',
      ],
    ] as const) {
      const res = await send('POST', '/admin/activities-crud', body(extra));
      const error = await errorOf(res);
      expect(res.status).toBe(422);
      expect(error.detail).toEqual([expect.objectContaining({ loc: ['body', field], type })]);
    }
    expect(await activityCount()).toBe(before);
  });

  it('gives reserved places first to holders in force on the draw day, the unused to everyone', async () => {
    const disability = await circumstance('Discapacidad ≥ 33 %');
    const form = body({ capacity: 4, reserved_places: 2, reserved_circumstance_id: disability });
    const created = await send('POST', '/admin/activities-crud', form);
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const shown = await page(id);
    expect(shown.reserved_places).toBe(2);
    expect(shown.reserved_circumstance?.es).toMatch(/^Discapacidad ≥ 33 %/);

    app.clock.advance(2 * HOUR); // open
    // fixed once applications open
    const draw = await app.row(sql`SELECT * FROM draws WHERE activity_id = ${id}`);
    const change = await send('PUT', `/admin/activities-crud/${id}`, {
      ...form,
      reserved_places: 1,
    });
    expect([change.status, (await errorOf(change)).code]).toEqual([409, 'reserved_places_fixed']);
    expect(await app.row(sql`SELECT * FROM draws WHERE activity_id = ${id}`)).toEqual(draw);

    const people = await applicants(id, 8);
    // two hold it on the draw's day; one held it until yesterday (expired); one holds another
    const holders = [people[6]!, people[7]!];
    for (const h of holders) await approve(h.person, disability, '2027-06-30');
    await approve(people[5]!.person, disability, '2026-11-30');
    await approve(people[4]!.person, await circumstance('Familia numerosa'), '2027-06-30');

    app.clock.advance(2 * HOUR); // closed
    const res = await send('POST', `/admin/activities/${id}/draw`);
    expect(res.status, await res.clone().text()).toBe(200);
    const drawn = (await res.json()) as DrawPage;
    // recomputed from the page: the order by key; the holders (whom the council knows) first
    const order = keyOrder(
      drawn.seed!,
      people.map((p) => p.code),
    );
    expect(drawn.applications.map((a) => a.code)).toEqual(order);
    const holderCodes = new Set(holders.map((h) => h.code));
    const reserved = drawn.applications.filter((a) => a.reserved).map((a) => a.code);
    expect(reserved).toEqual(order.filter((c) => holderCodes.has(c)));
    const general = order.filter((c) => !holderCodes.has(c)).slice(0, 2);
    expect(drawn.applications.filter((a) => a.status === 'offered').map((a) => a.code)).toEqual(
      order.filter((c) => holderCodes.has(c) || general.includes(c)),
    );
    const marked = await app.value(
      sql`SELECT count(*) FROM applications WHERE activity_id = ${id} AND reserved_place = 1`,
    );
    expect(Number(marked)).toBe(2);
  });

  it('lets the places nobody reserved them for go to the general draw', async () => {
    const disability = await circumstance('Discapacidad ≥ 33 %');
    const created = await send(
      'POST',
      '/admin/activities-crud',
      body({ capacity: 3, reserved_places: 2, reserved_circumstance_id: disability }),
    );
    const id = ((await created.json()) as { id: number }).id;
    app.clock.advance(2 * HOUR);
    const people = await applicants(id, 6);
    await approve(people[0]!.person, disability, '2027-06-30');
    app.clock.advance(2 * HOUR);
    await app.deps.season.runJobs();
    const drawn = await page(id);
    const order = keyOrder(
      drawn.seed!,
      people.map((p) => p.code),
    );
    const holder = people[0]!.code;
    const offered = drawn.applications.filter((a) => a.status === 'offered').map((a) => a.code);
    // one reserved place used, the other joins the general ones: 1 + 2 offered
    expect(offered).toEqual(
      order.filter(
        (c) =>
          c === holder ||
          order
            .filter((x) => x !== holder)
            .slice(0, 2)
            .includes(c),
      ),
    );
    expect(drawn.applications.filter((a) => a.reserved).map((a) => a.code)).toEqual([holder]);
  });

  it('draws applications sharing a code as one ballot, under the council’s rule for places left', async () => {
    for (const jointFit of ['next_fits', 'wait_for_group'] as const) {
      await app.exec(sql`UPDATE config SET joint_fit = ${jointFit}`);
      const created = await send('POST', '/admin/activities-crud', body({ capacity: 3 }));
      const id = ((await created.json()) as { id: number }).id;
      app.clock.advance(2 * HOUR);
      const people = await applicants(id, 7);
      // three siblings: one ballot under the first one's code
      const siblings = people.slice(0, 3);
      const ids = siblings.map((s) => s.id);
      await app.exec(
        sql`UPDATE applications SET joint_code = ${siblings[0]!.code} WHERE id IN (${sql.join(ids)})`,
      );
      app.clock.advance(2 * HOUR);
      await app.deps.season.runJobs();
      const drawn = await page(id);
      expect(drawn.joint_fit).toBe(jointFit);
      // recomputed from the page: ballots (joint_code or code) by key
      const ballotOf = (a: DrawPage['applications'][number]) => a.joint_code ?? a.code;
      const ballots = keyOrder(drawn.seed!, [...new Set(drawn.applications.map(ballotOf))]);
      expect([...new Set(drawn.applications.map(ballotOf))]).toEqual(ballots);
      for (const a of drawn.applications) expect(a.rank).toBe(ballots.indexOf(ballotOf(a)) + 1);
      let left = 3;
      let blocked = false;
      const expected = new Map<string, string>();
      for (const b of ballots) {
        const size = drawn.applications.filter((a) => ballotOf(a) === b).length;
        const fits = !blocked && size <= left;
        expected.set(b, fits ? 'offered' : 'waitlisted');
        if (fits) left -= size;
        else if (jointFit === 'wait_for_group') blocked = true;
      }
      for (const a of drawn.applications) expect(a.status).toBe(expected.get(ballotOf(a)));
      const sib = drawn.applications.filter((a) => a.joint_code === siblings[0]!.code);
      expect(sib).toHaveLength(3);
      expect(new Set(sib.map((a) => a.status)).size).toBe(1);
    }
    await app.exec(sql`UPDATE config SET joint_fit = 'next_fits'`);
  });
});
