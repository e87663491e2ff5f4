import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationsRepo } from '../../src/data/applications-repo.js';
import type { AuditRow } from '../../src/data/audit-repo.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { applied, createSeasonActivity, HOUR, household, type Household } from './helpers.js';

/** An audit row as stored, its id aside. */
type AuditLogRow = Omit<AuditRow, 'id'>;

/**
 * What an application writes besides itself (applications-repo `insertNew`: on PostgreSQL one
 * statement with the link and the audit row, on SQLite three), on both engines: the audit row
 * exactly as `auditStatus` wrote it before (column by column, the details' JSON text included),
 * the enrolment link only for an offered place, the waitlist position the answer carries, and
 * nothing at all when the application's code is taken.
 */
describe('what an application writes with it', () => {
  let app: TestApp;
  let admin: Account;
  const NOW = '2026-12-01T08:00:00.000Z';
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString();

  beforeAll(async () => {
    app = await startTestApp({ now: NOW });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const firstCome = (capacity: number) =>
    createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity,
      openAt: at(-HOUR),
      closeAt: at(48 * HOUR),
      offerHours: 72,
    });

  const auditOf = (applicationId: number) =>
    app.rows<AuditLogRow>(
      sql`SELECT at, last_at, actor_user_id, actor_dni, action, entity, entity_id, details, ip,
        repeat_key, repeats
        FROM audit_log WHERE entity = 'application' AND entity_id = ${String(applicationId)}`,
    );
  const linked = async (person: number, activity: number) =>
    Number(
      await app.value(
        sql`SELECT count(*) FROM enrolment_activities WHERE enrolment_id = ${person} AND activity_id = ${activity}`,
      ),
    );
  const dniOf = (who: Account) => `****${who.dni.slice(-5)}`;
  const row = (
    fields: Omit<Partial<AuditLogRow>, 'details'> & { details: object },
  ): AuditLogRow => ({
    at: NOW,
    last_at: NOW,
    actor_user_id: null,
    actor_dni: null,
    action: '',
    entity: 'application',
    entity_id: null,
    ip: null,
    repeat_key: null,
    repeats: 1,
    ...fields,
    details: JSON.stringify(fields.details),
  });

  it('audits each application and links each offered place, as auditStatus did', async () => {
    const activity = await firstCome(2);
    const EXPIRES = new Date(Date.parse(NOW) + 72 * HOUR).toISOString();

    // a single application offered a place: its link, its audit row
    const a = await household(app);
    const offered = await applied(app, a, a.people[0]!, activity);
    expect([offered.status, offered.waitlist_position]).toEqual(['offered', null]);
    const [first] = await auditOf(offered.id);
    const ip = first?.ip ?? null;
    expect(await auditOf(offered.id)).toEqual([
      row({
        actor_user_id: a.account.id,
        actor_dni: dniOf(a.account),
        action: 'application.offered',
        entity_id: String(offered.id),
        ip,
        details: {
          code: offered.code,
          activity_id: activity,
          from: null,
          to: 'offered',
          offer_expires_at: EXPIRES,
        },
      }),
    ]);
    expect(await linked(a.people[0]!, activity)).toBe(1);

    // a joint application of two that does not fit the one place left: both wait, no link
    const family: Household = await household(app, 2);
    const res = await fetch(`${app.baseUrl}/api/user/applications`, {
      method: 'POST',
      headers: { ...family.account.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ person_activity_ids: family.people, activity_id: activity }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const joint = (await res.json()) as {
      code: string;
      applications: { id: number; status: string; waitlist_position: number }[];
    };
    expect(joint.applications.map((x) => [x.status, x.waitlist_position])).toEqual([
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    for (const [i, member] of joint.applications.entries()) {
      expect(await auditOf(member.id)).toEqual([
        row({
          actor_user_id: family.account.id,
          actor_dni: dniOf(family.account),
          action: 'application.waitlisted',
          entity_id: String(member.id),
          ip,
          details: {
            // the member's own code (the answer shows the joint one)
            code: await app.value<string>(
              sql`SELECT code FROM applications WHERE id = ${member.id}`,
            ),
            activity_id: activity,
            from: null,
            to: 'waitlisted',
            offer_expires_at: null,
            joint_code: joint.code,
          },
        }),
      ]);
      expect(await linked(family.people[i]!, activity)).toBe(0);
    }

    // one more single application: the last place (the group ahead does not fit it), then the
    // waitlist after the group
    const b = await household(app);
    expect((await applied(app, b, b.people[0]!, activity)).status).toBe('offered');
    const c = await household(app);
    const waiting = await applied(app, c, c.people[0]!, activity);
    expect([waiting.status, waiting.waitlist_position]).toEqual(['waitlisted', 3]);
    expect(await linked(c.people[0]!, activity)).toBe(0);

    // staff at the desk: the clerk audited, by_staff
    const d = await household(app);
    const desk = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/applications`, {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ person_activity_id: d.people[0] }),
    });
    expect(desk.status, await desk.clone().text()).toBe(201);
    const byStaff = (await desk.json()) as { id: number; code: string; waitlist_position: number };
    expect(byStaff.waitlist_position).toBe(4);
    expect(await auditOf(byStaff.id)).toEqual([
      row({
        actor_user_id: admin.id,
        actor_dni: dniOf(admin),
        action: 'application.waitlisted',
        entity_id: String(byStaff.id),
        ip,
        details: {
          code: byStaff.code,
          activity_id: activity,
          from: null,
          to: 'waitlisted',
          offer_expires_at: null,
          by_staff: true,
        },
      }),
    ]);
  });

  it('writes nothing, neither link nor audit row, when the code is taken', async () => {
    const activity = await firstCome(5);
    const a = await household(app);
    const taken = (await applied(app, a, a.people[0]!, activity)).code;
    const b = await household(app);
    const applications = createApplicationsRepo(app.db);
    const count = async (table: 'audit_log' | 'applications' | 'enrolment_activities') =>
      Number(await app.value(sql`SELECT count(*) FROM ${sql.table(table)}`));
    const before = await Promise.all([
      count('audit_log'),
      count('applications'),
      count('enrolment_activities'),
    ]);
    const stored = await app.db.transaction(() =>
      applications.insertNew(
        {
          code: taken,
          activity_id: activity,
          enrolment_id: b.people[0]!,
          user_id: b.account.id,
          status: 'offered',
          offer_expires_at: at(72 * HOUR),
          now: NOW,
        },
        {
          at: NOW,
          last_at: NOW,
          actor_user_id: b.account.id,
          actor_dni: null,
          action: 'application.offered',
          entity: 'application',
          details: '{}',
          ip: null,
          repeat_key: null,
        },
      ),
    );
    expect(stored).toBeUndefined();
    expect(
      await Promise.all([count('audit_log'), count('applications'), count('enrolment_activities')]),
    ).toEqual(before);
  });
});
