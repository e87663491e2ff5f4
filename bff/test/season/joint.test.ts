import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { freshDni } from '../payments/factory.js';
import { applied, createSeasonActivity, HOUR, household, type Household } from './helpers.js';

interface AppView {
  id: number;
  code: string;
  joint_code: string | null;
  status: string;
  person_activity_id: number;
  person_name: string;
}
interface JointView {
  code: string;
  activity_id: number;
  applications: AppView[];
}

/**
 * Joint applications (siblings together) and staff applying at the desk, over HTTP on the real
 * app and database (both engines): one code, places together or waiting together, the council's
 * rule for places a group does not fit, withdrawing one or all, and every refusal storing nothing.
 */
describe('joint applications and staff applying for residents', () => {
  let app: TestApp;
  let admin: Account;
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
    await app.db.q().updateTable('config').set({ joint_fit: 'next_fits' }).execute();
  });
  afterAll(() => app.close());

  const openActivity = (allocation: 'first_come' | 'lottery', capacity: number, extra = {}) =>
    createSeasonActivity(app, admin, {
      allocation,
      capacity,
      openAt: at(-HOUR),
      closeAt: at(24 * HOUR),
      ...extra,
    });

  const post = (who: Household | Account, body: unknown, lang = 'es') =>
    fetch(`${app.baseUrl}/api/user/applications`, {
      method: 'POST',
      headers: {
        ...('account' in who ? who.account.headers : who.headers),
        'Content-Type': 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(body),
    });

  async function jointApplied(who: Household, people: number[], activity: number) {
    const res = await post(who, { person_activity_ids: people, activity_id: activity });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as JointView;
  }

  const closeWindow = (activity: number) =>
    app.db
      .q()
      .updateTable('activities')
      .set({ applications_close_at: at(-60_000) })
      .where('id', '=', activity)
      .execute();

  const statusOf = async (activity: number) =>
    new Map(
      (
        await app.rows<{ enrolment_id: number; status: string }>(
          sql`SELECT enrolment_id, status FROM applications WHERE activity_id = ${activity}`,
        )
      ).map((r) => [r.enrolment_id, r.status]),
    );
  const snapshot = async () => ({
    applications: await app.rows(sql`SELECT * FROM applications ORDER BY id`),
    links: await app.value(sql`SELECT count(*) FROM enrolment_activities`),
  });

  const withdraw = (who: Household, id: number, scope?: 'person' | 'joint') =>
    fetch(`${app.baseUrl}/api/user/applications/${id}${scope ? `?scope=${scope}` : ''}`, {
      method: 'DELETE',
      headers: who.account.headers,
    });

  it('gives a first-come group places together, or makes it wait together under one code', async () => {
    const activity = await openActivity('first_come', 3);
    const a = await household(app, 2);
    const joint = await jointApplied(a, a.people, activity);
    expect(joint.applications.map((x) => x.status)).toEqual(['offered', 'offered']);
    expect(joint.applications.map((x) => x.person_activity_id)).toEqual(a.people);
    expect(new Set(joint.applications.map((x) => x.code))).toEqual(new Set([joint.code]));
    expect(joint.applications.every((x) => x.joint_code === joint.code)).toBe(true);

    // one place left: a group of two waits together, keeping its turn
    const b = await household(app, 2);
    const waiting = await jointApplied(b, b.people, activity);
    expect(waiting.applications.map((x) => x.status)).toEqual(['waitlisted', 'waitlisted']);
    // the council's default (next_fits): the next single application takes the place left
    const c = await household(app, 1);
    expect((await applied(app, c, c.people[0] as number, activity)).status).toBe('offered');

    // the family's list shows both under the one code
    const list = (await (
      await fetch(`${app.baseUrl}/api/user/applications`, { headers: b.account.headers })
    ).json()) as AppView[];
    expect(list.map((x) => [x.code, x.joint_code, x.status])).toEqual([
      [waiting.code, waiting.code, 'waitlisted'],
      [waiting.code, waiting.code, 'waitlisted'],
    ]);

    // one of the first family withdraws: one place is not enough for the group, it stays free
    const [first, second] = joint.applications as [AppView, AppView];
    expect((await withdraw(a, first.id)).status).toBe(204);
    let now = await statusOf(activity);
    expect(now.get(first.person_activity_id)).toBe('withdrawn');
    expect(now.get(second.person_activity_id)).toBe('offered');
    expect(b.people.map((p) => now.get(p))).toEqual(['waitlisted', 'waitlisted']);
    // the other one too: two places, the group moves up together
    expect((await withdraw(a, second.id)).status).toBe(204);
    now = await statusOf(activity);
    expect(b.people.map((p) => now.get(p))).toEqual(['offered', 'offered']);
  });

  it('keeps places free until the group fits when the council rules so (wait_for_group)', async () => {
    await app.db.q().updateTable('config').set({ joint_fit: 'wait_for_group' }).execute();
    const activity = await openActivity('first_come', 2);
    const x = await household(app, 1);
    const first = await applied(app, x, x.people[0] as number, activity);
    expect(first.status).toBe('offered');
    const group = await household(app, 2);
    await jointApplied(group, group.people, activity);
    // one place is free, but a group waits ahead: a later single application waits too
    const y = await household(app, 1);
    expect((await applied(app, y, y.people[0] as number, activity)).status).toBe('waitlisted');
    expect((await withdraw(x, first.id)).status).toBe(204);
    const now = await statusOf(activity);
    expect(group.people.map((p) => now.get(p))).toEqual(['offered', 'offered']);
    expect(now.get(y.people[0] as number)).toBe('waitlisted');
  });

  it('withdraws a whole joint application, and its places pass on', async () => {
    const activity = await openActivity('first_come', 2);
    const family = await household(app, 2);
    const joint = await jointApplied(family, family.people, activity);
    const next = await household(app, 1);
    expect((await applied(app, next, next.people[0] as number, activity)).status).toBe(
      'waitlisted',
    );
    const res = await withdraw(family, (joint.applications[1] as AppView).id, 'joint');
    expect(res.status).toBe(204);
    const now = await statusOf(activity);
    expect(family.people.map((p) => now.get(p))).toEqual(['withdrawn', 'withdrawn']);
    expect(now.get(next.people[0] as number)).toBe('offered');
    // the unpaid links went with the places
    expect(
      await app.value(
        sql`SELECT count(*) FROM enrolment_activities WHERE activity_id = ${activity} AND enrolment_id IN (${sql.join(family.people)})`,
      ),
    ).toEqual(expect.anything());
    expect(
      Number(
        await app.value(
          sql`SELECT count(*) FROM enrolment_activities WHERE activity_id = ${activity} AND enrolment_id IN (${sql.join(family.people)})`,
        ),
      ),
    ).toBe(0);
    // a bad scope is refused and changes nothing
    const bad = await fetch(
      `${app.baseUrl}/api/user/applications/${(joint.applications[0] as AppView).id}?scope=all`,
      { method: 'DELETE', headers: family.account.headers },
    );
    expect(bad.status).toBe(422);
  });

  it('applies a group to a lottery as one ballot with one code', async () => {
    const activity = await openActivity('lottery', 5);
    const family = await household(app, 3);
    const joint = await jointApplied(family, family.people, activity);
    expect(joint.applications.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const rows = await app.rows<{ code: string; joint_code: string | null }>(
      sql`SELECT code, joint_code FROM applications WHERE activity_id = ${activity} ORDER BY id`,
    );
    expect(rows.map((r) => r.joint_code)).toEqual([joint.code, joint.code, joint.code]);
    // the joint code is its first member's own code, so it is as unique as any code
    expect(rows[0]?.code).toBe(joint.code);
  });

  it('draws a joint code once: its members get places together or wait together', async () => {
    const activity = await openActivity('lottery', 3);
    const groups: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const family = await household(app, 2);
      await jointApplied(family, family.people, activity);
      groups.push(family.people);
    }
    await closeWindow(activity);
    const res = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/draw`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const draw = (await res.json()) as {
      applications: { code: string; joint_code: string | null }[];
    };
    // three ballots take part, one per joint code
    expect(new Set(draw.applications.map((a) => a.joint_code ?? a.code)).size).toBe(3);
    const rows = await app.rows<{ enrolment_id: number; status: string; rank: number }>(
      sql`SELECT enrolment_id, status, rank FROM applications WHERE activity_id = ${activity}`,
    );
    const of = (id: number) => rows.find((r) => r.enrolment_id === id);
    for (const people of groups) {
      const [a, b] = people.map(of);
      expect(a?.status).toBe(b?.status);
      expect(a?.rank).toBe(b?.rank);
    }
    // three places, groups of two: one group is offered, the others wait together
    expect(rows.filter((r) => r.status === 'offered')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(4);
  });

  it('refuses a joint application if anyone in it cannot apply, naming who and why, storing nothing', async () => {
    const activity = await openActivity('lottery', 5, { minBirthYear: 2015, maxBirthYear: 2020 });
    const family = await household(app, 3);
    const [p0, p1, p2] = family.people as [number, number, number];
    await app.db
      .q()
      .updateTable('enrolments')
      .set({ birth_date: '2010-05-05' })
      .where('id', '=', p2)
      .execute();
    await applied(app, family, p1, activity);
    const before = await snapshot();

    const res = await post(
      family,
      { person_activity_ids: [p0, p1, p2], activity_id: activity },
      'gl',
    );
    const error = await errorOf(res);
    expect(error.status).toBe(422);
    expect(error.code).toBe('joint_refused');
    const names = await app.rows<{ id: number; first_name: string; last_name: string }>(
      sql`SELECT id, first_name, last_name FROM enrolments WHERE id IN (${p1}, ${p2}) ORDER BY id`,
    );
    const name = (id: number) => {
      const n = names.find((r) => r.id === id);
      return `${n?.first_name} ${n?.last_name}`;
    };
    expect(error.detail).toEqual([
      {
        loc: ['body', 'person_activity_ids', 1],
        msg: `${name(p1)} xa ten unha solicitude nesta actividade.`,
        type: 'already_applied',
      },
      {
        loc: ['body', 'person_activity_ids', 2],
        msg: `Esta actividade é para nados entre 2015 e 2020: ${name(p2)} non o é.`,
        type: 'not_eligible',
      },
    ]);
    expect(await snapshot()).toEqual(before);

    // a person the account does not manage: not found, nothing stored
    const stranger = await household(app, 1);
    const notMine = await post(family, {
      person_activity_ids: [p0, stranger.people[0]],
      activity_id: activity,
    });
    expect(notMine.status).toBe(404);
    // the same person twice, one and many at once, too few, too many
    const wrong = [
      { person_activity_ids: [p0, p0], activity_id: activity },
      { person_activity_id: p0, person_activity_ids: [p0, p2], activity_id: activity },
      { activity_id: activity },
      { person_activity_ids: [p0], activity_id: activity },
      { person_activity_ids: [p0, p1, p2, p0, p1], activity_id: activity },
    ];
    for (const body of wrong) {
      const answer = await errorOf(await post(family, body, 'en'));
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const repeated = await errorOf(
      await post(family, { person_activity_ids: [p0, p0], activity_id: activity }, 'en'),
    );
    expect(repeated.detail).toEqual([
      {
        loc: ['body', 'person_activity_ids', 1],
        msg: 'This person is already in the joint application.',
        type: 'invalid',
      },
    ]);
    expect(await snapshot()).toEqual(before);

    // outside the window: refused for the group as for one
    await closeWindow(activity);
    const late = await errorOf(
      await post(family, { person_activity_ids: [p0, p2], activity_id: activity }),
    );
    expect([late.status, late.code]).toEqual([409, 'applications_not_open']);
    expect(await snapshot()).toEqual(before);
  });

  it('lets staff apply for any person on record, with the same rules, audited with the clerk', async () => {
    const activity = await openActivity('first_come', 1);
    const family = await household(app, 2);
    const staffApply = (body: unknown, who: Account = admin) =>
      fetch(`${app.baseUrl}/api/admin/activities/${activity}/applications`, {
        method: 'POST',
        headers: { ...who.headers, 'Content-Type': 'application/json', 'Accept-Language': 'es' },
        body: JSON.stringify(body),
      });

    // a resident may not use the desk's call
    const before = await snapshot();
    expect(
      (await staffApply({ person_activity_id: family.people[0] }, family.account)).status,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);

    const res = await staffApply({ person_activity_id: family.people[0] });
    expect(res.status, await res.clone().text()).toBe(201);
    const view = (await res.json()) as AppView;
    expect(view.status).toBe('offered');
    const row = await app.row<{ user_id: number | null; offer_notified_at: string | null }>(
      sql`SELECT user_id, offer_notified_at FROM applications WHERE id = ${view.id}`,
    );
    // the family is told (they did not see the offer on screen) at the account that manages them
    expect(row).toEqual({ user_id: family.account.id, offer_notified_at: null });
    const audit = await app.row<{ actor_user_id: number; details: string }>(
      sql`SELECT actor_user_id, details FROM audit_log WHERE action = 'application.offered' AND entity_id = ${String(view.id)}`,
    );
    expect(audit?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ by_staff: true, to: 'offered' });

    // the same rules: the offered place is on the person's list already
    const again = await errorOf(await staffApply({ person_activity_id: family.people[0] }));
    expect([again.status, again.code]).toEqual([409, 'already_enrolled']);
    // a person no account manages: applied, nobody to message
    const loner = await app.deps.repos.enrolments.insert({
      first_name: 'Brais',
      last_name: 'Sen Conta',
      dni: freshDni(),
      email: null,
      phone: '622334455',
      birth_date: '2016-01-01',
    });
    const joint = await staffApply({ person_activity_ids: [family.people[1], loner] });
    expect(joint.status, await joint.clone().text()).toBe(201);
    const body = (await joint.json()) as JointView;
    expect(body.applications.map((x) => x.status)).toEqual(['waitlisted', 'waitlisted']);
    expect(
      await app.value(sql`SELECT user_id FROM applications WHERE enrolment_id = ${loner}`),
    ).toBeNull();
    // one person, one ballot, whoever applies
    const twice = await errorOf(await staffApply({ person_activity_id: loner }));
    expect([twice.status, twice.code]).toEqual([409, 'already_applied']);
    // a person not on record
    expect((await staffApply({ person_activity_id: 999_999 })).status).toBe(404);
    // outside the window
    const snap = await snapshot();
    await closeWindow(activity);
    const late = await errorOf(await staffApply({ person_activity_id: family.people[1] }));
    expect([late.status, late.code]).toEqual([409, 'applications_not_open']);
    expect(await snapshot()).toEqual(snap);
  });

  it('refuses staff enrolling by hand a person still waiting for a place (waitlist or draw)', async () => {
    for (const allocation of ['first_come', 'lottery'] as const) {
      const activity = await openActivity(allocation, 1);
      const taken = await household(app, 1);
      await applied(app, taken, taken.people[0] as number, activity);
      const family = await household(app, 1);
      const person = family.people[0] as number;
      const mine = await applied(app, family, person, activity);
      expect(mine.status).toBe(allocation === 'lottery' ? 'applied' : 'waitlisted');
      const record = await app.row<Record<string, string | null>>(
        sql`SELECT first_name, last_name, dni, phone FROM enrolments WHERE id = ${person}`,
      );
      const before = await snapshot();
      const res = await fetch(`${app.baseUrl}/api/admin/person-activities/${person}`, {
        method: 'PUT',
        headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': 'gl' },
        body: JSON.stringify({ ...record, email: null, activity_ids: [activity] }),
      });
      const error = await errorOf(res);
      expect([error.status, error.code]).toEqual([409, 'enrolment_waitlisted']);
      expect(error.detail).toMatch(/agarda praza en .* \(lista de espera ou sorteo\)/);
      expect(await snapshot()).toEqual(before);
      // other edits of the person still go through
      const ok = await fetch(`${app.baseUrl}/api/admin/person-activities/${person}`, {
        method: 'PUT',
        headers: { ...admin.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...record, email: null, activity_ids: [] }),
      });
      expect(ok.status, await ok.clone().text()).toBe(200);
    }
  });

  it('lets staff offer a waitlisted person a place by their decision, beyond the places, audited', async () => {
    const activity = await openActivity('first_come', 1);
    const taken = await household(app, 1);
    await applied(app, taken, taken.people[0] as number, activity);
    const family = await household(app, 1);
    const mine = await applied(app, family, family.people[0] as number, activity);
    expect(mine.status).toBe('waitlisted');
    const offer = (id: number, who: Account = admin) =>
      fetch(`${app.baseUrl}/api/admin/applications/${id}/offer`, {
        method: 'POST',
        headers: { ...who.headers, 'Accept-Language': 'en' },
      });
    // a resident may not; nothing changes
    const before = await snapshot();
    expect((await offer(mine.id, family.account)).status).toBe(403);
    expect(await snapshot()).toEqual(before);

    expect((await offer(mine.id)).status).toBe(204);
    const row = await app.row<{ status: string; offer_notified_at: string | null }>(
      sql`SELECT status, offer_notified_at FROM applications WHERE id = ${mine.id}`,
    );
    // offered like any offer: on the pending list to pay, the family to be told
    expect(row).toEqual({ status: 'offered', offer_notified_at: null });
    expect(
      Number(
        await app.value(
          sql`SELECT count(*) FROM enrolment_activities WHERE enrolment_id = ${family.people[0] as number} AND activity_id = ${activity}`,
        ),
      ),
    ).toBe(1);
    const audit = await app.row<{ actor_user_id: number; details: string }>(
      sql`SELECT actor_user_id, details FROM audit_log WHERE action = 'application.offered' AND entity_id = ${String(mine.id)}`,
    );
    expect(audit?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      by_staff: true,
      beyond_capacity: true,
      from: 'waitlisted',
    });
    // offering it again: it is not waiting any more, and nothing changes
    const snap = await snapshot();
    const again = await errorOf(await offer(mine.id));
    expect([again.status, again.code, again.detail]).toEqual([
      409,
      'not_waiting',
      'This application is not waiting for a place.',
    ]);
    expect(await snapshot()).toEqual(snap);
    expect((await offer(999_999)).status).toBe(404);
  });
});
