import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/data/group-commit.js';
import { DomainError } from '../../src/services/errors.js';
import type { ApplicationView } from '../../src/services/season/views.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createSeasonActivity, HOUR, household, statuses, type Household } from './helpers.js';

/**
 * Group commit (data/group-commit.ts) on both engines: the applications for an activity waiting at one moment are settled in one
 * transaction, in the order they arrived, each answered its own outcome; a refused one (or one
 * that wrote and then failed) undoes only its own writes. Over HTTP: the resident's concurrent
 * calls, a retried click among them, each answered as if it ran alone.
 */
describe('group commit of applications', () => {
  let app: TestApp;
  let admin: Account;
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString();
  const CALL = { ip: null, locale: 'es' as const };

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const firstCome = (capacity: number, years: { min?: number; max?: number } = {}) =>
    createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity,
      openAt: at(-HOUR),
      closeAt: at(48 * HOUR),
      minBirthYear: years.min ?? null,
      maxBirthYear: years.max ?? null,
    });

  /** One person's application (never a joint one here): its view. */
  const applyFor = (who: Household, person: number, activity: number) => () =>
    app.deps.season.residents.apply(
      { id: who.account.id, dni: who.account.dni },
      { person_activity_id: person, activity_id: activity },
      CALL,
    ) as Promise<ApplicationView>;

  const outcome = (settled: PromiseSettledResult<unknown>) =>
    settled.status === 'fulfilled'
      ? (settled.value as { status: string }).status
      : settled.reason instanceof DomainError
        ? (settled.reason.details.messageKey ?? settled.reason.code)
        : String(settled.reason);

  it('settles a batch with mixed outcomes, each its own, a refused one leaving nothing', async () => {
    const activity = await firstCome(2, { min: 2014, max: 2018 });
    const [a, c, e] = [await household(app), await household(app), await household(app)];
    const tooOld = await household(app, 1, '2001-05-05');
    const stranger = await household(app);
    // the batches' transactions, counted
    let transactions = 0;
    // no time budget: however slow the machine, the seven waiting share one transaction
    const groups = createGroupCommit(
      {
        ...app.db,
        transaction: (work) => {
          transactions += 1;
          return app.db.transaction(work);
        },
      },
      { budgetMs: Infinity },
    );
    const key = `activity:${activity}`;
    const auditBefore = Number(await app.value(sql`SELECT count(*) FROM audit_log`));

    const calls = [
      groups.run(key, applyFor(a, a.people[0]!, activity)),
      groups.run(key, applyFor(tooOld, tooOld.people[0]!, activity)),
      groups.run(key, applyFor(c, c.people[0]!, activity)),
      groups.run(key, applyFor(a, a.people[0]!, activity)),
      // a call that wrote and then failed: its write goes with it
      groups.run(key, async () => {
        await app.exec(sql`UPDATE activities SET name = 'Tocado' WHERE id = ${activity}`);
        throw new Error('failed after writing');
      }),
      groups.run(key, applyFor(e, e.people[0]!, activity)),
      // a person this account does not manage
      groups.run(key, applyFor(stranger, a.people[0]!, activity)),
    ];
    const settled = await Promise.allSettled(calls);
    // all seven waited for the same transaction, which took them together
    expect(transactions).toBe(1);

    expect(settled.map(outcome)).toEqual([
      'offered',
      'not_eligible_between',
      'offered',
      // the first one's place is already the person's
      'already_enrolled',
      'Error: failed after writing',
      'waitlisted',
      'not_found',
    ]);
    const rows = await statuses(app, activity);
    expect(rows.map((row) => row.status)).toEqual(['offered', 'offered', 'waitlisted']);
    const people = await app.column<number>(
      sql`SELECT enrolment_id FROM applications WHERE activity_id = ${activity} ORDER BY id`,
    );
    expect(people).toEqual([a.people[0], c.people[0], e.people[0]]);
    expect(await app.value(sql`SELECT name FROM activities WHERE id = ${activity}`)).not.toBe(
      'Tocado',
    );
    const links = await app.column<number>(
      sql`SELECT enrolment_id FROM enrolment_activities WHERE activity_id = ${activity} ORDER BY enrolment_id`,
    );
    expect(links).toEqual([a.people[0], c.people[0]].sort((x, y) => x! - y!));
    // three applications audited, nothing for the four refused
    expect(Number(await app.value(sql`SELECT count(*) FROM audit_log`)) - auditBefore).toBe(3);
  });

  it('gives the places in the order the calls arrived, batch after batch', async () => {
    const activity = await firstCome(10);
    const families: Household[] = [];
    for (let i = 0; i < 30; i++) families.push(await household(app));
    const groups = createGroupCommit(app.db);
    const answers = await Promise.all(
      families.map((family) =>
        groups.run(`activity:${activity}`, applyFor(family, family.people[0]!, activity)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<string>(10).fill('offered'),
      ...Array<string>(20).fill('waitlisted'),
    ]);
    expect(
      answers
        .slice(10)
        .map((answer) => (answer as { waitlist_position: number }).waitlist_position),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const people = await app.column<number>(
      sql`SELECT enrolment_id FROM applications WHERE activity_id = ${activity} ORDER BY id`,
    );
    expect(people).toEqual(families.map((family) => family.people[0]));
  });

  it('gives no place twice when two batches for one activity run at once (two processes’)', async () => {
    const activity = await firstCome(10);
    const families: Household[] = [];
    for (let i = 0; i < 40; i++) families.push(await household(app));
    // two group commits for the same key: on PostgreSQL two transactions on two connections, as
    // two processes' batches are, each taking the activity's row lock in turn; what decides a
    // call is read after the lock, so the second batch counts the first one's places
    const [one, two] = [createGroupCommit(app.db), createGroupCommit(app.db)];
    const answers = await Promise.all(
      families.map((family, i) =>
        (i % 2 === 0 ? one : two).run(
          `activity:${activity}`,
          applyFor(family, family.people[0]!, activity),
        ),
      ),
    );
    const offered = answers.filter((answer) => answer.status === 'offered');
    expect(offered).toHaveLength(10);
    const positions = answers
      .filter((answer) => answer.status === 'waitlisted')
      .map((answer) => (answer as { waitlist_position: number }).waitlist_position)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // the places went to the first ten to reach the database, and the links with them
    const rows = await statuses(app, activity);
    expect(rows.slice(0, 10).map((row) => row.status)).toEqual(Array(10).fill('offered'));
    expect(rows.slice(10).every((row) => row.status === 'waitlisted')).toBe(true);
    expect(
      Number(
        await app.value(
          sql`SELECT count(*) FROM enrolment_activities WHERE activity_id = ${activity}`,
        ),
      ),
    ).toBe(10);
  });

  it('closes a batch once it has run for its budget: the calls after it go in the next, in order', async () => {
    const activity = await firstCome(3);
    const families: Household[] = [];
    for (let i = 0; i < 6; i++) families.push(await household(app));
    const batches: number[] = [];
    const counted = (budgetMs: number) =>
      createGroupCommit(
        {
          ...app.db,
          transaction: (work) => {
            batches.push(0);
            return app.db.transaction(work);
          },
        },
        { budgetMs },
      );
    // each call takes over 100 ms of its batch's transaction; the budget is 150 ms: two calls a
    // batch at most (one, when the machine is slow enough that a call alone passes the budget)
    const slow = (family: Household) => async () => {
      const view = await applyFor(family, family.people[0]!, activity)();
      batches[batches.length - 1]! += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return view;
    };
    const groups = counted(150);
    const answers = await Promise.all(
      families.map((family) => groups.run(`activity:${activity}`, slow(family))),
    );
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(6);
    expect(batches.every((n) => n === 1 || n === 2)).toBe(true);
    expect(answers.map((answer) => answer.status)).toEqual([
      'offered',
      'offered',
      'offered',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    const people = await app.column<number>(
      sql`SELECT enrolment_id FROM applications WHERE activity_id = ${activity} ORDER BY id`,
    );
    expect(people).toEqual(families.map((family) => family.people[0]));
  });

  it('settles calls for different activities, and joins a caller’s transaction', async () => {
    const [one, two] = [await firstCome(1), await firstCome(1)];
    const [x, y] = [await household(app), await household(app)];
    const groups = createGroupCommit(app.db);
    const [first, second] = await Promise.all([
      groups.run(`activity:${one}`, applyFor(x, x.people[0]!, one)),
      groups.run(`activity:${two}`, applyFor(y, y.people[0]!, two)),
    ]);
    expect([first.status, second.status]).toEqual(['offered', 'offered']);
    // inside a transaction already: the work joins it (and goes with its rollback)
    await expect(
      app.db.transaction(async () => {
        await groups.run(`activity:${two}`, applyFor(x, x.people[0]!, two));
        throw new Error('caller rolls back');
      }),
    ).rejects.toThrow('caller rolls back');
    expect((await statuses(app, two)).length).toBe(1);
  });

  it('runs the whole batch again when one call is chosen as a deadlock’s victim', async () => {
    const activity = await firstCome(5);
    const [x, y] = [await household(app), await household(app)];
    const groups = createGroupCommit(app.db);
    let attempts = 0;
    const [first, victim, last] = await Promise.all([
      groups.run(`activity:${activity}`, applyFor(x, x.people[0]!, activity)),
      groups.run(`activity:${activity}`, async () => {
        attempts++;
        // what PostgreSQL throws at the transaction it chose to break a deadlock
        if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return 'settled';
      }),
      groups.run(`activity:${activity}`, applyFor(y, y.people[0]!, activity)),
    ]);
    expect([first.status, victim, last.status]).toEqual(['offered', 'settled', 'offered']);
    expect(attempts).toBe(2);
    // the first attempt's writes went with it: one application each
    expect((await statuses(app, activity)).map((row) => row.status)).toEqual([
      'offered',
      'offered',
    ]);
  });

  it('a call whose error ended the whole transaction (SQLite on a failing disk): each call again alone, that one its own error', async () => {
    const activity = await firstCome(5);
    const [x, y] = [await household(app), await household(app)];
    const groups = createGroupCommit(app.db);
    const diskError = () =>
      Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    const settled = await Promise.allSettled([
      groups.run(`activity:${activity}`, applyFor(x, x.people[0]!, activity)),
      groups.run(`activity:${activity}`, async () => {
        // what SQLite does on some write errors: it ends the transaction itself
        await app.exec(sql`ROLLBACK`);
        throw diskError();
      }),
      groups.run(`activity:${activity}`, applyFor(y, y.people[0]!, activity)),
    ]);
    expect(
      settled.map((s) =>
        s.status === 'fulfilled'
          ? (s.value as { status: string }).status
          : (s.reason as { code?: string }).code,
      ),
    ).toEqual(['offered', 'SQLITE_IOERR_WRITE', 'offered']);
    expect((await statuses(app, activity)).map((row) => row.status)).toEqual([
      'offered',
      'offered',
    ]);
  });

  it('answers concurrent HTTP calls each as if alone, a retried click once', async () => {
    const activity = await firstCome(3);
    const families: Household[] = [];
    for (let i = 0; i < 6; i++) families.push(await household(app));
    const send = (family: Household, key: string) =>
      fetch(`${app.baseUrl}/api/user/applications`, {
        method: 'POST',
        headers: {
          ...family.account.headers,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({ person_activity_id: family.people[0], activity_id: activity }),
      });
    const responses = await Promise.all([
      ...families.map((family, i) => send(family, `click-${i}`)),
      // the first family's click sent twice (a retry while the first was in flight)
      send(families[0]!, 'click-0'),
      // the second family's second click: a new key, the same application
      send(families[1]!, 'click-again'),
    ]);
    const bodies = (await Promise.all(responses.map((res) => res.json()))) as {
      code?: string;
      status?: string;
    }[];
    // the calls reach the server in no set order: which ones get the three places is the
    // server's order of arrival, but each click is one application and one answer
    const statusCodes = responses.map((res) => res.status);
    expect(statusCodes.slice(2, 7)).toEqual([201, 201, 201, 201, 201]);
    expect(statusCodes[0]).toBe(201);
    expect([statusCodes[1], statusCodes[7]].sort()).toEqual([201, 409]);
    expect(bodies[6]!.code).toBe(bodies[0]!.code);
    expect(bodies[6]!.status).toBe(bodies[0]!.status);
    const firstAnswers = bodies.filter((_, i) => i < 7 && i !== 6 && statusCodes[i] === 201);
    const second = statusCodes[1] === 201 ? [] : [bodies[7]!];
    const given = [...firstAnswers, ...second].map((body) => body.status).sort();
    expect(given).toEqual([
      'offered',
      'offered',
      'offered',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    const rows = await statuses(app, activity);
    expect(rows.map((row) => row.status)).toEqual([
      'offered',
      'offered',
      'offered',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
  });
});
