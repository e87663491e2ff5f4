import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import {
  type Beacon,
  fakeDrand,
  flippedByte,
  QUICKNET_HASH as QUICKNET,
  REAL_QUICKNET_BEACON as REAL,
  testSigner,
} from './fake-drand.js';
import { applied, HOUR, household } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface DrawPage {
  seed: string | null;
  seed_commitment: string;
  public_value_source: string | null;
  public_value_description: string | null;
  drand_round: number | null;
  drand_round_at: string | null;
  public_value: string | null;
  draw_seed: string | null;
  rule_version: number;
  algorithm: string;
  drawn_at: string | null;
  capacity: number;
  applications: { code: string; rank: number | null; status: string }[];
}

/**
 * A draw nobody can steer (issue 49, item 4), over HTTP on the real app and database: the public
 * value's source named with the activity, entered after the close (or read from a faked drand),
 * the draw refused without it, and the ranks recomputed from the public page alone.
 */
describe('the public value in the draw', () => {
  let app: TestApp;
  let admin: Account;
  const drand = fakeDrand();
  const now = () => app.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now() + offsetMs).toISOString();

  beforeAll(async () => {
    await drand.start();
    app = await startTestApp({ now: '2026-12-01T08:00:00Z', env: { DRAND_URL: drand.url() } });
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await drand.stop();
  });

  const send = (method: string, path: string, body?: unknown, lang = 'es') =>
    fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const activityBody = (extra: Record<string, unknown>): Record<string, unknown> => ({
    name: `Sorteo ${Math.random().toString(36).slice(2, 8)}`,
    price: 40,
    start_date: '2027-01-11',
    allocation: 'lottery',
    capacity: 2,
    applications_open_at: at(HOUR),
    applications_close_at: at(3 * HOUR),
    ...extra,
  });

  async function lottery(extra: Record<string, unknown>) {
    const res = await send('POST', '/admin/activities-crud', activityBody(extra));
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  const page = async (id: number) =>
    (await (await fetch(`${app.baseUrl}/api/draws/${id}`)).json()) as DrawPage;
  const drawRow = (id: number) =>
    app.row<Record<string, unknown>>(sql`SELECT * FROM draws WHERE activity_id = ${id}`);

  async function applicants(id: number, n: number) {
    app.clock.advance(2 * HOUR); // the window is open
    const codes: string[] = [];
    for (let i = 0; i < n; i++) {
      const family = await household(app, 1);
      codes.push((await applied(app, family, family.people[0]!, id)).code);
    }
    return codes;
  }

  /** The check anyone can make from the page alone. */
  function recompute(draw: DrawPage) {
    expect(sha256(draw.seed!)).toBe(draw.seed_commitment);
    const drawSeed = sha256(`${draw.seed}:${draw.public_value}`);
    expect(draw.draw_seed).toBe(drawSeed);
    const order = draw.applications
      .map((a) => a.code)
      .sort((x, y) => (sha256(`${drawSeed}:${x}`) < sha256(`${drawSeed}:${y}`) ? -1 : 1));
    expect(draw.applications.map((a) => a.code)).toEqual(order);
    expect(draw.applications.map((a) => a.status)).toEqual(
      order.map((_, i) => (i < draw.capacity ? 'offered' : 'waitlisted')),
    );
  }

  it('mixes an announced value entered after the close into the seed, once, audited', async () => {
    const description = 'Número premiado del cupón diario de la ONCE del 5 de diciembre de 2026';
    const id = await lottery({
      public_value_source: 'announced',
      public_value_description: `  ${description} `,
    });
    const before = await page(id);
    expect(before).toMatchObject({
      public_value_source: 'announced',
      public_value_description: description,
      public_value: null,
      seed: null,
      draw_seed: null,
      rule_version: 2,
    });
    expect(before.algorithm).toContain('seed + ":" + public_value');
    const codes = await applicants(id, 5);

    // before the close: refused, nothing stored
    const early = await send('POST', `/admin/activities/${id}/public-value`, { value: '48213' });
    expect([early.status, (await errorOf(early)).code]).toEqual([409, 'public_value_too_early']);
    app.clock.advance(2 * HOUR);
    const unchanged = await drawRow(id);

    // the draw waits for the value: neither staff's button nor the job draws it
    const noValue = await send('POST', `/admin/activities/${id}/draw`, undefined, 'gl');
    const refusal = await errorOf(noValue);
    expect([noValue.status, refusal.code]).toEqual([409, 'public_value_missing']);
    expect(refusal.detail).toBe(t('gl', 'public_value_missing'));
    await app.deps.season.runJobs();
    expect((await page(id)).drawn_at).toBeNull();

    // empty, too long, or with control characters: 422 on `value`, nothing stored
    for (const [value, type] of [
      ['   ', 'public_value_required'],
      [null, 'public_value_required'],
      ['9'.repeat(201), 'public_value_invalid'],
    ] as const) {
      const res = await send('POST', `/admin/activities/${id}/public-value`, { value });
      const error = await errorOf(res);
      expect([res.status, (error.detail as { type: string }[])[0]!.type]).toEqual([422, type]);
    }
    const noBody = await send('POST', `/admin/activities/${id}/public-value`, {});
    expect(noBody.status).toBe(422);
    expect(await drawRow(id)).toEqual(unchanged);

    const entered = await send('POST', `/admin/activities/${id}/public-value`, {
      value: ' 48213 ',
    });
    expect(entered.status, await entered.clone().text()).toBe(200);
    expect(await entered.json()).toMatchObject({ public_value: '48213', seed: null });
    // once: a second value (a try at steering) is refused
    const again = await send('POST', `/admin/activities/${id}/public-value`, { value: '11111' });
    expect([again.status, (await errorOf(again)).code]).toEqual([409, 'public_value_entered']);
    const audit = await app.rows<{ action: string; actor_user_id: number; details: string }>(
      sql`SELECT action, actor_user_id, details FROM audit_log WHERE entity_id = ${String(id)} AND action = 'draw.public_value'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.id);
    expect(String(audit[0]!.details)).toContain('48213');

    await app.deps.season.runJobs();
    const drawn = await page(id);
    expect(drawn.drawn_at).not.toBeNull();
    expect(drawn.rule_version).toBe(2);
    expect(drawn.applications.map((a) => a.code).sort()).toEqual([...codes].sort());
    recompute(drawn);
    // not the old rule: the seed alone would rank them otherwise (or by chance alike)
    expect(drawn.draw_seed).not.toBe(drawn.seed);

    const late = await send('POST', `/admin/activities/${id}/public-value`, { value: '1' });
    expect([late.status, (await errorOf(late)).code]).toEqual([409, 'already_drawn']);
  });

  it('names the source with the activity, and fixes it once applications open', async () => {
    const name = `Sin fuente ${Math.random().toString(36).slice(2, 8)}`;
    const missing = await send(
      'POST',
      '/admin/activities-crud',
      activityBody({ name, public_value_source: 'announced', public_value_description: ' ' }),
    );
    const error = await errorOf(missing);
    expect(missing.status).toBe(422);
    expect(error.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'public_value_description'],
        type: 'public_value_description_required',
      }),
    ]);
    expect(Number(await app.value(sql`SELECT count(*) FROM activities WHERE name = ${name}`))).toBe(
      0,
    );

    const id = await lottery({ public_value_source: 'drand' });
    const body = activityBody({ public_value_source: 'drand' });
    // before the window opens the source may change
    const put = (extra: Record<string, unknown>) =>
      send('PUT', `/admin/activities-crud/${id}`, { ...body, ...extra });
    const changed = await put({
      public_value_source: 'announced',
      public_value_description: 'ONCE, 5 de diciembre de 2026',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await page(id)).toMatchObject({
      public_value_source: 'announced',
      drand_round: null,
    });
    app.clock.advance(2 * HOUR); // open
    const before = await drawRow(id);
    const fixed = await put({ public_value_source: 'drand' });
    expect([fixed.status, (await errorOf(fixed)).code]).toEqual([409, 'public_value_source_fixed']);
    const none = await put({ public_value_source: null });
    expect([none.status, (await errorOf(none)).code]).toEqual([409, 'public_value_source_fixed']);
    expect(await drawRow(id)).toEqual(before);
    // a form that leaves the source out keeps it
    const { public_value_source: _s, public_value_description: _d, ...plain } = body;
    const kept = await send('PUT', `/admin/activities-crud/${id}`, {
      ...plain,
      capacity: 3,
    });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect((await page(id)).public_value_source).toBe('announced');

    const refusedForNoSource = await lottery({});
    app.clock.advance(3 * HOUR);
    const res = await send('POST', `/admin/activities/${refusedForNoSource}/public-value`, {
      value: '1',
    });
    expect([res.status, (await errorOf(res)).code]).toEqual([409, 'public_value_no_source']);
  });

  it('never takes a drand answer that is not quicknet signing the round, changing nothing', async () => {
    const id = await lottery({ public_value_source: 'drand' });
    const round = (await page(id)).drand_round!;
    await applicants(id, 3);
    app.clock.advance(2 * HOUR);
    const before = await drawRow(id);
    const other = testSigner();
    const wrongAnswers: [string, Beacon][] = [
      // quicknet's real signature, but of another round: a relay replaying an old beacon
      ['bad_signature', { ...REAL, round }],
      // this very round, well formed, signed by a key that is not quicknet's
      ['bad_signature', other.sign(round)],
      // a randomness that is not the SHA-256 of the signature
      ['randomness_not_signature_hash', { ...other.sign(round), randomness: 'ab'.repeat(32) }],
    ];
    for (const [reason, beacon] of wrongAnswers) {
      drand.answer(round, beacon);
      const logged = app.logs.length;
      // staff asking: drand is taken as not answering, and asked again later
      const asked = await send('POST', `/admin/activities/${id}/public-value`, {});
      expect([asked.status, (await errorOf(asked)).code], reason).toEqual([
        502,
        'drand_unavailable',
      ]);
      // staff typing the value the relay shows: refused the same way
      const typed = await send('POST', `/admin/activities/${id}/public-value`, {
        value: beacon.randomness,
      });
      expect(typed.status, reason).toBe(502);
      // the job neither enters it nor draws
      await app.deps.season.runJobs();
      expect(await drawRow(id), reason).toEqual(before);
      expect((await page(id)).drawn_at).toBeNull();
      const refusals = app.logs
        .slice(logged)
        .filter((line) => line.includes('drand answer refused'));
      expect(refusals.length, reason).toBe(3);
      expect(refusals.every((line) => line.includes(reason))).toBe(true);
    }
    expect(
      Number(
        await app.value(
          sql`SELECT count(*) FROM audit_log WHERE entity_id = ${String(id)} AND action = 'draw.public_value'`,
        ),
      ),
    ).toBe(0);
    drand.answer(round, undefined);
  });

  it('keeps a lottery naming no source, and draws made before, under the first rule', async () => {
    const id = await lottery({});
    await applicants(id, 3);
    app.clock.advance(2 * HOUR);
    const res = await send('POST', `/admin/activities/${id}/draw`);
    expect(res.status).toBe(200);
    const drawn = (await res.json()) as DrawPage;
    expect(drawn).toMatchObject({ rule_version: 1, draw_seed: null, public_value: null });
    expect(drawn.algorithm).not.toContain('public_value');
    const order = drawn.applications
      .map((a) => a.code)
      .sort((x, y) => (sha256(`${drawn.seed}:${x}`) < sha256(`${drawn.seed}:${y}`) ? -1 : 1));
    expect(drawn.applications.map((a) => a.code)).toEqual(order);
    expect((await drawRow(id))?.rule_version).toBe(1);
  });

  /**
   * The same flow on the day of a real quicknet round (REAL, 14 October 2024): the portal's
   * clock set so that the lottery's close falls just before it, drand answering as it did.
   */
  describe('with a real quicknet round', () => {
    let first: TestApp;
    beforeAll(async () => {
      first = app;
      // the close (3 hours on) falls on round REAL - 1's time, so REAL is the first after it
      const closeSeconds = 1692803367 + (REAL.round - 2) * 3;
      app = await startTestApp({
        now: new Date((closeSeconds - 3 * 3600) * 1000).toISOString(),
        env: { DRAND_URL: drand.url() },
      });
    });
    afterAll(async () => {
      await app.close();
      app = first;
    });

    it('reads the round fixed from the close, verified, and draws once drand publishes it', async () => {
      const id = await lottery({ public_value_source: 'drand' });
      const close = (await page(id)) as DrawPage & { applications_close_at: string };
      // the first quicknet round after the close, computed apart from the module
      const closeSeconds = Date.parse(close.applications_close_at) / 1000;
      const round = Math.floor((closeSeconds - 1692803367) / 3) + 2;
      expect(round).toBe(REAL.round);
      expect(close.drand_round).toBe(round);
      expect(Date.parse(close.drand_round_at!)).toBeGreaterThan(closeSeconds * 1000);
      expect(Date.parse(close.drand_round_at!) - closeSeconds * 1000).toBeLessThanOrEqual(3000);
      await applicants(id, 4);
      app.clock.advance(2 * HOUR);

      // the round still to come: staff are told so, the job waits
      const pending = await send('POST', `/admin/activities/${id}/public-value`, {});
      expect([pending.status, (await errorOf(pending)).code]).toEqual([409, 'drand_round_pending']);
      await app.deps.season.runJobs();
      expect((await page(id)).drawn_at).toBeNull();

      // the real beacon with one byte changed (its randomness to match) is never taken
      drand.answer(round, flippedByte(REAL));
      const forged = await send('POST', `/admin/activities/${id}/public-value`, {});
      expect([forged.status, (await errorOf(forged)).code]).toEqual([502, 'drand_unavailable']);
      await app.deps.season.runJobs();
      expect((await drawRow(id))?.public_value).toBeNull();

      // published as drand did: a value typed that is not drand's is refused
      drand.answer(round, REAL);
      const typed = await send('POST', `/admin/activities/${id}/public-value`, {
        value: 'ab'.repeat(32),
      });
      expect([
        typed.status,
        ((await errorOf(typed)).detail as { type: string }[])[0]!.type,
      ]).toEqual([422, 'public_value_not_drand']);

      // the job reads it, checks quicknet's signature, and draws
      await app.deps.season.runJobs();
      const drawn = await page(id);
      expect(drawn).toMatchObject({ public_value: REAL.randomness, rule_version: 2 });
      expect(drawn.drawn_at).not.toBeNull();
      recompute(drawn);
      expect(drand.asked).toContain(`/${QUICKNET}/public/${round}`);
    });
  });
});
