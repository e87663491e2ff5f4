import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARM_UP_HEADER } from '../src/http/warm-up.js';
import { createAccount, insertActivity, insertEnrolment } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/** Every row of every table, each table's rows in a stable order: the whole database. */
async function everything(app: TestApp): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await app.db.q().introspection.getTables()) {
    const rows = await app.rows(
      sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)}`,
    );
    out[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** portal_http_requests_total by route, as /metrics would count it. */
async function countedRoutes(app: TestApp): Promise<string[]> {
  const { values } = await app.deps.metrics.httpRequests.get();
  return [...new Set(values.map((v) => String(v.labels.route)))].sort();
}

describe('a warm server before it is open (issue 63)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    // a resident with a person and activities, and the season's catalogue: data to leave alone
    const resident = await createAccount(app, 'user');
    const judo = await insertActivity(app, 'Judo', 3000, '2026-10-01');
    const person = await insertEnrolment(app, { first_name: 'Ana', last_name: 'Pérez' }, [
      { id: judo },
    ]);
    await app.deps.repos.persons.link(resident.id, person.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says not ready until its hot paths ran, then ready; writes nothing and counts none of its calls', async () => {
    const before = await everything(app);
    expect((await app.fetch('/api/ready')).status).toBe(200);

    const warming = app.deps.warmUp.run(app.baseUrl, { rounds: 40, budgetMs: 20_000 });
    const during = await app.fetch('/api/ready', { headers: { 'Accept-Language': 'en' } });
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toMatchObject({ code: 'not_ready' });
    const { rounds, answered } = await warming;
    expect(rounds).toBe(40);
    // the signed-in calls refused for want of an account, the public reads answered in full
    expect(answered).toEqual({
      'GET /api/user/persons/': 401,
      'GET /api/user/activities/1': 401,
      'GET /api/user/applications': 401,
      'GET /api/user/quotes': 401,
      'GET /api/user/payments/': 401,
      'GET /api/user/me': 401,
      'POST /api/user/applications': 401,
      'POST /api/payments/generate-multiple/': 401,
      'GET /api/config': 200,
      'GET /api/catalogue': 200,
      'GET /api/health': 200,
    });
    expect(app.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);

    expect((await app.fetch('/api/ready')).status).toBe(200);
    // the resident's reads, the catalogue, the configuration: none of them is in the metrics
    expect(await countedRoutes(app)).toEqual(['/api/ready']);
    // nor in the access log
    expect(app.logs.filter((line) => line.includes('"path":"/api/user/persons/"'))).toEqual([]);
    expect(app.logs.some((line) => line.includes('warmed up'))).toBe(true);
    expect(await everything(app)).toEqual(before);
  });

  it('takes its own key only while warming: a caller sending the header is counted as any other', async () => {
    await app.fetch('/api/config', { headers: { [WARM_UP_HEADER]: 'guessed' } });
    expect(await countedRoutes(app)).toContain('/api/config');
  });

  it('stops at its time budget, and says ready even when it could not finish', async () => {
    const { rounds, ms } = await app.deps.warmUp.run(app.baseUrl, {
      rounds: 1_000_000,
      budgetMs: 200,
    });
    expect(rounds).toBeGreaterThan(0);
    expect(ms).toBeLessThan(2_000);
    // nobody listens there: every call fails, and the process serves anyway
    const failed = await app.deps.warmUp.run('http://127.0.0.1:1', { rounds: 3 });
    expect(failed.rounds).toBe(0);
    expect((await app.fetch('/api/ready')).status).toBe(200);
  });
});
