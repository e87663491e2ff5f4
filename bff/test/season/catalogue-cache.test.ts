import { sql } from 'kysely';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDeps } from '../../src/deps.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { applied, createSeasonActivity, HOUR, household } from './helpers.js';

/**
 * The catalogue at 9:00 (both engines, over HTTP): cacheable for a few seconds with
 * stale-while-revalidate, a strong ETag computed from the answer, 304 for a caller that holds the
 * current one, varied by language, and the same in every process because each computes it from
 * the database (a second app on the same database stands for a second process).
 */
describe('the catalogue, cacheable', () => {
  let app: TestApp;
  let admin: Account;
  let second: Server;
  let secondUrl: string;
  let activity: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    admin = await createAccount(app, 'admin');
    const at = (ms: number) => new Date(app.clock.now().getTime() + ms).toISOString();
    // enough activities for an answer that travels compressed (over 1 KB)
    for (let i = 0; i < 5; i++) {
      activity = await createSeasonActivity(app, admin, {
        name: `Natación ${i} con un nombre largo para que la respuesta pase de un kilobyte`,
        allocation: 'first_come',
        capacity: 3,
        openAt: at(-HOUR),
        closeAt: at(24 * HOUR),
      });
    }
    // another process's app on the same database
    const deps = createDeps({
      config: app.deps.config,
      db: app.db,
      logger: app.deps.logger,
      clock: app.clock,
    });
    second = createServer(buildApp(deps).callback());
    second.listen(0, '127.0.0.1');
    await once(second, 'listening');
    secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    second.closeAllConnections();
    await new Promise((resolve) => second.close(resolve));
    await app.close();
  });

  const catalogue = (headers: Record<string, string> = {}, base = app.baseUrl) =>
    fetch(`${base}/api/catalogue`, { headers });

  it('answers with Cache-Control, a strong ETag of its body and Vary: Accept-Language', async () => {
    const res = await catalogue({ 'Accept-Language': 'es' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get('vary')).toMatch(/(^|, *)Accept-Language(,|$)/i);
    const body = (await res.json()) as { id: number }[];
    expect(body.map((a) => a.id)).toContain(activity);
  });

  it('answers 304 with no body to a caller that holds the current answer', async () => {
    const first = await catalogue();
    const tag = first.headers.get('etag') as string;
    for (const ifNoneMatch of [tag, `"other", ${tag}`, `W/${tag}`, '*']) {
      const res = await catalogue({ 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(tag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');
      expect(res.headers.get('vary')).toMatch(/Accept-Language/);
      // the data's security policy, as on the 200
      expect(res.headers.get('content-security-policy')).toBe(
        first.headers.get('content-security-policy'),
      );
    }
    // a tag that is not the current one gets the whole answer
    const stale = await catalogue({ 'If-None-Match': '"not-the-current-one"' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(await first.json());
  });

  it('compresses the 200 and sends the 304 bare', async () => {
    const full = await catalogue({ 'Accept-Encoding': 'gzip' });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-encoding')).toBe('gzip');
    expect(full.headers.get('vary')).toMatch(/Accept-Encoding/);
    const tag = full.headers.get('etag') as string;
    await full.arrayBuffer();
    const notModified = await catalogue({ 'Accept-Encoding': 'gzip', 'If-None-Match': tag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-encoding')).toBeNull();
    expect(await notModified.text()).toBe('');
  });

  it('gives the same tag in every process, and a new one there as soon as a place is taken', async () => {
    const here = await catalogue();
    const there = await catalogue({}, secondUrl);
    const tag = here.headers.get('etag') as string;
    expect(there.headers.get('etag')).toBe(tag);
    expect(await there.json()).toEqual(await here.json());

    // a place taken through this process: the other process's next answer shows it at once
    const family = await household(app, 1);
    await applied(app, family, family.people[0] as number, activity);
    const after = await catalogue({ 'If-None-Match': tag }, secondUrl);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    const entry = ((await after.json()) as { id: number; places_left: number }[]).find(
      (a) => a.id === activity,
    );
    expect(entry?.places_left).toBe(2);
    expect((await catalogue()).headers.get('etag')).toBe(after.headers.get('etag'));
  });

  it('tags each language’s answer by its own body', async () => {
    const texts = {
      es: { description: 'Aprender a nadar, grupos de 10.' },
      gl: { description: 'Aprender a nadar, grupos de 10 (en galego).' },
    };
    await app.exec(
      sql`UPDATE activities SET texts = ${JSON.stringify(texts)} WHERE id = ${activity}`,
    );
    const es = await catalogue({ 'Accept-Language': 'es' });
    const gl = await catalogue({ 'Accept-Language': 'gl' });
    const describe = async (res: Response) =>
      ((await res.json()) as { id: number; description: string }[]).find((a) => a.id === activity)
        ?.description;
    expect(await describe(es)).toBe(texts.es.description);
    expect(await describe(gl)).toBe(texts.gl.description);
    const esTag = es.headers.get('etag') as string;
    expect(gl.headers.get('etag')).not.toBe(esTag);
    // the Spanish answer's tag is not the Galician answer's
    const asked = await catalogue({ 'Accept-Language': 'gl', 'If-None-Match': esTag });
    expect(asked.status).toBe(200);
    expect(await describe(asked)).toBe(texts.gl.description);
  });

  it('keeps no-store on every other API answer', async () => {
    const res = await fetch(`${app.baseUrl}/api/user/applications`, {
      headers: (await createAccount(app, 'user')).headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});
