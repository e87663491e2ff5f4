import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { authHeaders, createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createSeasonActivity, HOUR, household, type Household } from './helpers.js';

/**
 * `Idempotency-Key` on POST /user/applications, over HTTP on the real app and database (both
 * engines): a retry of the same click is answered the first answer again and applies nothing
 * twice, whether it comes after the first or while it still runs; a key is per account and kept
 * for a day; a malformed key or a key reused for another body is a 422 that changes nothing.
 */
describe('idempotent applications', () => {
  let app: TestApp;
  let admin: Account;
  const now = () => app.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now() + offsetMs).toISOString();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const firstCome = (capacity = 5) =>
    createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity,
      openAt: at(-HOUR),
      closeAt: at(48 * HOUR),
    });

  /** POST /api/user/applications with the click's key, as the web app sends every retry. */
  const send = (who: Household, body: Record<string, unknown>, key: string | null, lang = 'es') =>
    fetch(`${app.baseUrl}/api/user/applications`, {
      method: 'POST',
      headers: {
        ...who.account.headers,
        'Content-Type': 'application/json',
        'Accept-Language': lang,
        ...(key === null ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });

  const answer = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  });

  /** Everything an application, its audit and its key write. */
  const tables = async () => ({
    applications: await app.rows(sql`SELECT * FROM applications ORDER BY id`),
    links: await app.rows(
      sql`SELECT enrolment_id, activity_id FROM enrolment_activities ORDER BY enrolment_id, activity_id`,
    ),
    audit: Number(await app.value(sql`SELECT count(*) FROM audit_log`)),
    keys: await app.rows(sql`SELECT * FROM idempotency_keys ORDER BY user_id, key`),
  });

  const keysOf = (account: Account) =>
    app.rows<{ key: string; status: number; response: string }>(
      sql`SELECT key, status, response FROM idempotency_keys WHERE user_id = ${account.id}`,
    );

  it('answers a retry of the same click with the first answer, and applies once', async () => {
    const activity = await firstCome();
    const family = await household(app, 1);
    const body = { person_activity_id: family.people[0], activity_id: activity };
    const first = await answer(await send(family, body, 'click-1'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'offered', person_activity_id: family.people[0] });
    const after = await tables();

    // the retry (its answer was lost on the way) and one more
    const second = await answer(await send(family, body, 'click-1'));
    const third = await answer(await send(family, body, 'click-1', 'en'));
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // no second application, nothing audited twice, the key kept once
    expect(await tables()).toEqual(after);
    expect(await keysOf(family.account)).toEqual([
      { key: 'click-1', status: 201, response: JSON.stringify(first.body) },
    ]);

    // without a key every call is a call of its own (as before): this one is refused, the
    // offered place being on the person's list already
    const plain = await send(family, body, null);
    expect(plain.status).toBe(409);
    expect(((await plain.json()) as { code: string }).code).toBe('already_enrolled');
  });

  it('answers a joint application again as it was first answered', async () => {
    const activity = await firstCome();
    const family = await household(app, 2);
    const body = { person_activity_ids: family.people, activity_id: activity };
    const first = await answer(await send(family, body, 'joint_click'));
    expect(first.status).toBe(201);
    expect((first.body.applications as unknown[]).length).toBe(2);
    const after = await tables();
    expect(await answer(await send(family, body, 'joint_click'))).toEqual(first);
    expect(await tables()).toEqual(after);
  });

  it('gives one application to the same click sent five times at once, each answered alike', async () => {
    const activity = await firstCome(1);
    const family = await household(app, 1);
    const body = { person_activity_id: family.people[0], activity_id: activity };
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => answer(await send(family, body, 'same-click'))),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    for (const each of answers) expect(each).toEqual(answers[0]);
    expect(
      Number(
        await app.value(sql`SELECT count(*) FROM applications WHERE activity_id = ${activity}`),
      ),
    ).toBe(1);
    expect(await keysOf(family.account)).toHaveLength(1);
  });

  it('refuses the same key with another body (422, in the caller’s language) and changes nothing', async () => {
    const activity = await firstCome();
    const other = await firstCome();
    const family = await household(app, 2);
    const [a, b] = family.people as [number, number];
    const first = await answer(
      await send(family, { person_activity_id: a, activity_id: activity }, 'k-reused'),
    );
    expect(first.status).toBe(201);
    const before = await tables();
    for (const body of [
      { person_activity_id: b, activity_id: activity },
      { person_activity_id: a, activity_id: other },
      { person_activity_ids: [a, b], activity_id: activity },
    ]) {
      const res = await send(family, body, 'k-reused', 'gl');
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        detail: t('gl', 'idempotency_key_reused'),
        code: 'idempotency_key_reused',
      });
    }
    expect(await tables()).toEqual(before);
    // the same body, its keys in another order, is the same request
    const reordered = await answer(
      await send(family, { activity_id: activity, person_activity_id: a }, 'k-reused'),
    );
    expect(reordered).toEqual(first);
  });

  it('keeps each account’s keys apart', async () => {
    const activity = await firstCome();
    const one = await household(app, 1);
    const two = await household(app, 1);
    const oneAnswer = await answer(
      await send(one, { person_activity_id: one.people[0], activity_id: activity }, 'shared-key'),
    );
    const twoAnswer = await answer(
      await send(two, { person_activity_id: two.people[0], activity_id: activity }, 'shared-key'),
    );
    expect(oneAnswer.status).toBe(201);
    expect(twoAnswer.status).toBe(201);
    expect(twoAnswer.body.id).not.toBe(oneAnswer.body.id);
    expect(twoAnswer.body.person_activity_id).toBe(two.people[0]);
    expect(await keysOf(one.account)).toHaveLength(1);
    expect(await keysOf(two.account)).toHaveLength(1);
  });

  it('refuses a malformed key in the caller’s language, before doing anything', async () => {
    const activity = await firstCome();
    const family = await household(app, 1);
    const body = { person_activity_id: family.people[0], activity_id: activity };
    const before = await tables();
    for (const key of ['', 'two words', 'a/b', 'x'.repeat(101), 'clé-été']) {
      const res = await send(family, body, key, 'en');
      expect(res.status, key).toBe(422);
      expect(await res.json()).toEqual({
        detail: [
          {
            loc: ['header', 'Idempotency-Key'],
            msg: t('en', 'idempotency_key_invalid'),
            type: 'idempotency_key_invalid',
          },
        ],
        code: 'validation_error',
      });
    }
    expect(await tables()).toEqual(before);
    // the longest key allowed, of every kind of character allowed
    const longest = `Az09-_${'k'.repeat(94)}`;
    expect((await send(family, body, longest)).status).toBe(201);
  });

  it('stores no refusal: a retry after one is judged afresh', async () => {
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 3,
      openAt: at(HOUR),
      closeAt: at(48 * HOUR),
    });
    const family = await household(app, 1);
    const body = { person_activity_id: family.people[0], activity_id: activity };
    const before = await tables();
    const early = await send(family, body, 'early-click');
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('applications_not_open');
    expect(await tables()).toEqual(before);
    // the window opens; the same click's retry applies
    app.clock.advance(HOUR + 1000);
    family.account.headers = await authHeaders(app, family.account.id);
    const later = await answer(await send(family, body, 'early-click'));
    expect(later.status).toBe(201);
    expect(later.body.status).toBe('offered');
  });

  it('forgets a key after 24 hours, and the housekeeping job deletes it', async () => {
    const activity = await firstCome();
    const other = await firstCome();
    const family = await household(app, 1);
    const person = family.people[0];
    const first = await send(
      family,
      { person_activity_id: person, activity_id: activity },
      'day-old',
    );
    expect(first.status).toBe(201);

    // 23 hours on the key still holds: another body is refused
    app.clock.advance(23 * HOUR);
    family.account.headers = await authHeaders(app, family.account.id);
    const within = await send(
      family,
      { person_activity_id: person, activity_id: other },
      'day-old',
    );
    expect(within.status).toBe(422);
    // another key, made now
    const fresh = await send(family, { person_activity_id: person, activity_id: other }, 'fresh');
    expect(fresh.status).toBe(201);

    // past 24 hours the key is free again: the same key for another request is a new request
    app.clock.advance(HOUR + 1000);
    admin.headers = await authHeaders(app, admin.id);
    const third = await firstCome();
    family.account.headers = await authHeaders(app, family.account.id);
    const after = await send(family, { person_activity_id: person, activity_id: third }, 'day-old');
    expect(after.status).toBe(201);
    expect(((await after.json()) as { activity_id: number }).activity_id).toBe(third);

    // a day later the housekeeping job deletes 'fresh' (25 hours old); 'day-old', taken again
    // a second short of a day ago, stays
    app.clock.advance(24 * HOUR - 1000);
    const turn = await app.deps.jobs.runNow<{ idempotency_keys_pruned: number }>('housekeeping');
    expect(turn.result?.idempotency_keys_pruned).toBeGreaterThanOrEqual(1);
    expect((await keysOf(family.account)).map((row) => row.key)).toEqual(['day-old']);
  });
});
