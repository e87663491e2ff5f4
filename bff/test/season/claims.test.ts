import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { claimsUntil, madridDayEnd } from '../../src/services/season/claims.js';
import { authHeaders, createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { applied, household, type Household } from './helpers.js';

/**
 * The provisional list and its claims (issue 49, item 3) over HTTP on the real app and database:
 * what the list shows and why, who may claim and when, staff's answers (told to the resident in
 * their language), and a draw that waits for the period and every answer, on the admitted only.
 * Every refusal is localised and changes nothing.
 */
describe('the provisional list and its claims', () => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  /** The clock moves days here: every account's token is issued again. */
  async function at(iso: string, ...families: Household[]) {
    app.clock.set(iso);
    admin = { ...admin, headers: await authHeaders(app, admin.id) };
    for (const family of families)
      family.account.headers = await authHeaders(app, family.account.id);
  }

  async function lottery(fields: Record<string, unknown>) {
    const res = await fetch(`${app.baseUrl}/api/admin/activities-crud`, {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({
        name: `Natación ${Math.random().toString(36).slice(2, 8)}`,
        price: 40,
        start_date: '2027-01-11',
        allocation: 'lottery',
        capacity: 2,
        applications_open_at: '2026-12-01T07:00:00Z',
        // 23:59 in Madrid on 3 December
        applications_close_at: '2026-12-03T22:59:00Z',
        min_birth_year: 2010,
        max_birth_year: 2020,
        ...fields,
      }),
    });
    return res;
  }

  const call = (path: string, who: Account, method = 'GET', body?: unknown, lang = 'es') =>
    fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: {
        ...who.headers,
        'Accept-Language': lang,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const claim = (who: Household, application: number, text: string, lang = 'es') =>
    call(`/user/applications/${application}/claim`, who.account, 'POST', { text }, lang);
  const provisional = (activity: number, lang = 'es') =>
    fetch(`${app.baseUrl}/api/draws/${activity}/provisional`, {
      headers: { 'Accept-Language': lang },
    });

  /** A refusal: its status, code and localised text, and no table changed. */
  async function refused(
    send: () => Promise<Response>,
    status: number,
    code: string,
    lang = 'es',
    params: Record<string, string | number> = {},
  ) {
    const before = await snapshot(app, 'application_claims', 'applications', 'audit_log');
    const error = await errorOf(await send());
    expect([error.status, error.code]).toEqual([status, code]);
    if (typeof error.detail === 'string') expect(error.detail).toBe(t(lang as 'es', code, params));
    expect(await snapshot(app, 'application_claims', 'applications', 'audit_log')).toEqual(before);
    return error;
  }

  it('ends a claims period at 23:59:59 Madrid time of its last day, winter and summer', () => {
    expect(madridDayEnd('2026-12-05')).toBe('2026-12-05T22:59:59.999Z');
    expect(madridDayEnd('2027-07-02')).toBe('2027-07-02T21:59:59.999Z');
    // across the change to summer time (28 March 2027)
    expect(
      claimsUntil({
        allocation: 'lottery',
        claims_days: 2,
        applications_close_at: '2027-03-26T22:59:00Z',
      }),
    ).toBe('2027-03-28T21:59:59.999Z');
    expect(
      claimsUntil({ allocation: 'lottery', claims_days: null, applications_close_at: 'x' }),
    ).toBeNull();
  });

  it('refuses a claims period on an activity that is not a lottery, and keeps it on one', async () => {
    await at('2026-12-01T08:00:00Z');
    const before = await app.value(sql`SELECT count(*) FROM activities`);
    const error = await errorOf(
      await lottery({ allocation: 'first_come', claims_days: 2, name: 'Pádel sin lista' }),
    );
    expect(error.status).toBe(422);
    expect(error.detail).toEqual([
      {
        loc: ['body', 'claims_days'],
        msg: t('en', 'claims_days_lottery_only'),
        type: 'claims_days_lottery_only',
      },
    ]);
    expect((await errorOf(await lottery({ claims_days: 31 }))).status).toBe(422);
    expect(await app.value(sql`SELECT count(*) FROM activities`)).toEqual(before);
    const res = await lottery({ claims_days: 3 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ claims_days: 3 });
  });

  it('publishes the list, takes claims from the owner in the period, and draws the admitted after every answer', async () => {
    await at('2026-12-01T08:00:00Z');
    const res = await lottery({ claims_days: 2 });
    expect(res.status).toBe(201);
    const activity = ((await res.json()) as { id: number }).id;

    const ok = await household(app, 1, '2016-04-02');
    const aged = await household(app, 1, '2016-04-02');
    const late = await household(app, 1, '2016-04-02');
    // one child entered twice by two accounts (no DNI): the newer is the duplicate
    const twin = async () => {
      const account = await createAccount(app, 'user');
      const id = await app.deps.repos.enrolments.insert({
        first_name: 'Uxía',
        last_name: 'López Pereira',
        dni: null,
        email: null,
        phone: '622334455',
        birth_date: '2017-05-09',
      });
      await app.deps.repos.persons.link(account.id, id);
      return { account, people: [id] } as Household;
    };
    const first = await twin();
    app.clock.advance(60_000);
    const second = await twin();
    const families = [ok, aged, late, first, second];

    const made = new Map<Household, { id: number; code: string }>();
    for (const family of families) {
      made.set(family, await applied(app, family, family.people[0]!, activity));
      app.clock.advance(1_000);
    }
    const idOf = (family: Household) => made.get(family)!.id;
    const codeOf = (family: Household) => made.get(family)!.code;
    // staff corrected a birth date after the application; an application recorded outside the window
    await app.exec(
      sql`UPDATE enrolments SET birth_date = '2004-01-20' WHERE id = ${aged.people[0]!}`,
    );
    await app.exec(
      sql`UPDATE applications SET created_at = '2026-12-04T09:00:00.000Z' WHERE id = ${idOf(late)}`,
    );

    // before the close: no list, no claim
    await refused(() => provisional(activity, 'gl'), 404, 'provisional_list_not_found', 'gl');
    await refused(() => claim(aged, idOf(aged), 'Naceu en 2016.'), 409, 'claims_closed');

    await at('2026-12-04T10:00:00Z', ...families);
    const list = (await (await provisional(activity)).json()) as Record<string, unknown>;
    expect(list).toMatchObject({
      activity_id: activity,
      applications_close_at: '2026-12-03T22:59:00.000Z',
      claims_until: '2026-12-05T22:59:59.999Z',
      claims_open: true,
    });
    expect([...(list.admitted as string[])].sort()).toEqual([codeOf(ok), codeOf(first)].sort());
    expect(list.excluded).toEqual(
      expect.arrayContaining([
        { code: codeOf(aged), reason: 'age' },
        { code: codeOf(late), reason: 'out_of_window' },
        { code: codeOf(second), reason: 'duplicate' },
      ]),
    );
    expect((list.excluded as unknown[]).length).toBe(3);
    // codes only: no name, DNI or birth date
    expect(JSON.stringify(list)).not.toMatch(/Uxía|Persoa|2016-04-02/);

    // the resident reads where each of theirs stands
    const mine = async (family: Household) =>
      (await (await call('/user/claims', family.account)).json()) as Record<string, unknown>[];
    expect(await mine(aged)).toEqual([
      expect.objectContaining({
        application_id: idOf(aged),
        excluded_reason: 'age',
        claims_open: true,
        claims_until: '2026-12-05T22:59:59.999Z',
        claim: null,
      }),
    ]);
    expect(await mine(ok)).toEqual([
      expect.objectContaining({ application_id: idOf(ok), excluded_reason: null }),
    ]);

    // refusals: nothing to claim, someone else's, empty, too long, bad id
    await refused(() => claim(ok, idOf(ok), 'Revisad.', 'en'), 409, 'not_excluded', 'en');
    await refused(() => claim(ok, idOf(aged), 'Non é miña.', 'gl'), 404, 'not_found', 'gl');
    const empty = await refused(
      () => claim(aged, idOf(aged), '   ', 'en'),
      422,
      'validation_error',
    );
    expect(empty.detail).toEqual([
      {
        loc: ['body', 'text'],
        msg: t('en', 'claim_text_required'),
        type: 'claim_text_required',
      },
    ]);
    await refused(() => claim(aged, idOf(aged), 'x'.repeat(1001)), 422, 'validation_error');
    await refused(() => claim(aged, 999_999, 'Revisad.'), 404, 'not_found');

    // the claim, in Galician; a second while it is open is refused
    const sent = await claim(aged, idOf(aged), '  Naceu en 2016, non en 2004.  ', 'gl');
    expect(sent.status).toBe(201);
    const theClaim = (await sent.json()) as { id: number };
    expect(theClaim).toMatchObject({
      application_id: idOf(aged),
      reason: 'age',
      text: 'Naceu en 2016, non en 2004.',
      status: 'open',
      reply: null,
      resolved_at: null,
    });
    await refused(() => claim(aged, idOf(aged), 'Outra vez.', 'gl'), 409, 'claim_open', 'gl');

    // the draw waits for the period: staff's button refuses, the job leaves it
    await refused(
      () => call(`/admin/activities/${activity}/draw`, admin, 'POST'),
      409,
      'claims_period_open',
      'es',
      { until: '05/12/2026 23:59' },
    );
    await app.deps.season.runJobs();
    expect(await app.value(sql`SELECT drawn_at FROM draws WHERE activity_id = ${activity}`)).toBe(
      null,
    );

    // the last second of the period still takes a claim; the next does not
    await at('2026-12-05T22:59:59Z', ...families);
    const dup = await claim(second, idOf(second), 'Somos a mesma nena; a outra solicitude é nosa.');
    expect(dup.status).toBe(201);
    const dupClaim = (await dup.json()) as { id: number };
    await at('2026-12-05T23:00:00Z', ...families);
    await refused(
      () => claim(late, idOf(late), 'Fíxena en prazo.', 'en'),
      409,
      'claims_closed',
      'en',
    );
    expect(
      ((await (await provisional(activity)).json()) as { claims_open: boolean }).claims_open,
    ).toBe(false);

    // over, but two claims unanswered: still no draw
    await refused(
      () => call(`/admin/activities/${activity}/draw`, admin, 'POST'),
      409,
      'claims_unresolved',
      'es',
      { count: 2 },
    );
    await app.deps.season.runJobs();
    expect(await app.value(sql`SELECT drawn_at FROM draws WHERE activity_id = ${activity}`)).toBe(
      null,
    );

    // staff's list: open first
    const staffList = (await (
      await call(`/admin/activities/${activity}/claims`, admin)
    ).json()) as { open: number; claims: { id: number; code: string; person_name: string }[] };
    expect(staffList).toMatchObject({
      claims_days: 2,
      claims_until: '2026-12-05T22:59:59.999Z',
      open: 2,
    });
    expect(staffList.claims.map((c) => c.id)).toEqual([theClaim.id, dupClaim.id]);
    expect(staffList.claims[1]).toMatchObject({
      code: codeOf(second),
      person_name: 'Uxía López Pereira',
    });
    // a resident may not see or answer them
    expect(
      (await call(`/admin/activities/${activity}/claims`, aged.account, 'GET', undefined, 'gl'))
        .status,
    ).toBe(403);
    await refused(
      () =>
        call(
          `/admin/claims/${theClaim.id}/resolve`,
          aged.account,
          'POST',
          {
            decision: 'admit',
            reply: 'Si.',
          },
          'gl',
        ),
      403,
      'forbidden',
      'gl',
    );

    // answers: refusals first
    const resolve = (id: number, body: unknown, lang = 'es') =>
      call(`/admin/claims/${id}/resolve`, admin, 'POST', body, lang);
    const noReply = await refused(
      () => resolve(theClaim.id, { decision: 'admit', reply: ' ' }, 'gl'),
      422,
      'validation_error',
    );
    expect(noReply.detail).toEqual([
      {
        loc: ['body', 'reply'],
        msg: t('gl', 'claim_reply_required'),
        type: 'claim_reply_required',
      },
    ]);
    await refused(
      () => resolve(theClaim.id, { decision: 'maybe', reply: 'Non.' }),
      422,
      'validation_error',
    );
    await refused(() => resolve(999_999, { decision: 'keep', reply: 'Non.' }), 404, 'not_found');

    const outboxBefore = Number(await app.value(sql`SELECT count(*) FROM outbox`));
    const admitted = await resolve(theClaim.id, {
      decision: 'admit',
      reply: 'Comprobado o libro de familia; a solicitude entra no sorteo.',
    });
    expect(admitted.status).toBe(200);
    expect(await admitted.json()).toMatchObject({
      id: theClaim.id,
      status: 'admitted',
      reply: 'Comprobado o libro de familia; a solicitude entra no sorteo.',
      resolved_at: '2026-12-05T23:00:00.000Z',
    });
    await refused(
      () => resolve(theClaim.id, { decision: 'keep', reply: 'Non.' }, 'en'),
      409,
      'claim_resolved',
      'en',
    );
    expect(
      (
        await resolve(dupClaim.id, {
          decision: 'keep',
          reply: 'Xa participa coa solicitude máis antiga.',
        })
      ).status,
    ).toBe(200);

    // the resident who wrote in Galician is told in Galician
    const told = await app.rows<{ body: string }>(
      sql`SELECT body FROM outbox WHERE id > ${outboxBefore} ORDER BY id`,
    );
    expect(told.map((m) => m.body).join('\n')).toContain('ADMITIDA: entra no sorteo');
    expect(told.map((m) => m.body).join('\n')).toContain('Comprobado o libro de familia');
    expect(await mine(aged)).toEqual([
      expect.objectContaining({
        excluded_reason: null,
        claim: expect.objectContaining({ status: 'admitted' }),
      }),
    ]);
    expect(await mine(second)).toEqual([
      expect.objectContaining({
        excluded_reason: 'duplicate',
        claim: expect.objectContaining({
          status: 'kept',
          reply: 'Xa participa coa solicitude máis antiga.',
        }),
      }),
    ]);
    const audit = await app.rows<{ action: string; n: number }>(
      sql`SELECT action, count(*) AS n FROM audit_log WHERE action LIKE 'claim.%' GROUP BY action ORDER BY action`,
    );
    expect(audit.map((r) => [r.action, Number(r.n)])).toEqual([
      ['claim.resolved', 2],
      ['claim.sent', 2],
    ]);

    // the draw: the admitted only (the claim admitted included), the rest out with their reason
    const drawn = await call(`/admin/activities/${activity}/draw`, admin, 'POST');
    expect(drawn.status, await drawn.clone().text()).toBe(200);
    const rows = await app.rows<{
      code: string;
      status: string;
      rank: number | null;
      excluded_reason: string | null;
    }>(
      sql`SELECT code, status, rank, excluded_reason FROM applications WHERE activity_id = ${activity} ORDER BY id`,
    );
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const family of [ok, aged, first]) expect(byCode.get(codeOf(family))!.rank).not.toBeNull();
    expect([...rows.map((r) => r.rank)].filter((r) => r !== null).sort()).toEqual([1, 2, 3]);
    expect(byCode.get(codeOf(second))).toMatchObject({
      status: 'withdrawn',
      rank: null,
      excluded_reason: 'duplicate',
    });
    expect(byCode.get(codeOf(late))).toMatchObject({
      status: 'withdrawn',
      rank: null,
      excluded_reason: 'out_of_window',
    });
    expect(
      Number(
        await app.value(sql`SELECT count(*) FROM audit_log WHERE action = 'application.excluded'`),
      ),
    ).toBe(2);
    // after the draw: no list, answers closed, the resident still reads the reason and the reply
    await refused(() => provisional(activity), 404, 'provisional_list_not_found');
    expect(await mine(late)).toEqual([
      expect.objectContaining({
        excluded_reason: 'out_of_window',
        claim: null,
        claims_open: false,
      }),
    ]);
  });

  it('says on the draw whether a provisional list exists, before and after staff set a claims period', async () => {
    await at('2026-12-01T08:00:00Z');
    const name = `Natación ${Math.random().toString(36).slice(2, 8)}`;
    const res = await lottery({ name });
    const activity = ((await res.json()) as { id: number }).id;
    const family = await household(app, 1, '2016-04-02');
    await applied(app, family, family.people[0]!, activity);
    const hasList = async () =>
      (
        (await (await fetch(`${app.baseUrl}/api/draws/${activity}`)).json()) as {
          provisional_list: boolean;
        }
      ).provisional_list;

    // no claims period: no list, before or after the close
    expect(await hasList()).toBe(false);
    await at('2026-12-04T10:00:00Z', family);
    expect(await hasList()).toBe(false);
    expect((await provisional(activity)).status).toBe(404);

    // staff set a claims period: the list is published at once, and the draw says so
    const put = await call(`/admin/activities-crud/${activity}`, admin, 'PUT', {
      name,
      price: 40,
      start_date: '2027-01-11',
      allocation: 'lottery',
      capacity: 2,
      applications_open_at: '2026-12-01T07:00:00Z',
      applications_close_at: '2026-12-03T22:59:00Z',
      min_birth_year: 2010,
      max_birth_year: 2020,
      claims_days: 2,
    });
    expect(put.status).toBe(200);
    expect(await hasList()).toBe(true);
    expect((await provisional(activity)).status).toBe(200);

    // after the period and the draw: no list again
    await at('2026-12-06T10:00:00Z', family);
    expect(await hasList()).toBe(true);
    expect((await call(`/admin/activities/${activity}/draw`, admin, 'POST')).status).toBe(200);
    expect(await hasList()).toBe(false);
    expect((await provisional(activity)).status).toBe(404);
  });

  it('leaves a lottery without a claims period as it was: no list, drawn after the close', async () => {
    await at('2026-12-01T08:00:00Z');
    const res = await lottery({});
    const activity = ((await res.json()) as { id: number; claims_days: number | null }).id;
    const family = await household(app, 1, '2016-04-02');
    const made = await applied(app, family, family.people[0]!, activity);
    await at('2026-12-04T10:00:00Z', family);
    await refused(() => provisional(activity), 404, 'provisional_list_not_found');
    await refused(() => claim(family, made.id, 'Revisade.'), 409, 'claims_closed');
    expect((await call(`/admin/activities/${activity}/draw`, admin, 'POST')).status).toBe(200);
  });
});
