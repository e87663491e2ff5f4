import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, snapshot, type Account } from './factory.js';

const TABLES = ['activities', 'audit_log'];

/**
 * An activity's description, schedule and venue in Spanish, English and Galician (issue 49, item
 * 15): the catalogue shows the caller's language's, else the text staff wrote in the activity's
 * own fields; a client that sends no texts leaves them as they are.
 */
describe('activity texts by language', () => {
  let app: TestApp;
  let admin: Account;
  const now = Date.parse('2026-12-01T10:00:00Z');
  beforeAll(async () => {
    app = await startTestApp({
      now: '2026-12-01T10:00:00Z',
      env: { RESPONSE_VALIDATION: 'strict' },
    });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body?: unknown, lang = 'es') =>
    app.json(path, method, body, { ...admin.headers, 'Accept-Language': lang });
  const base = {
    name: 'Natación idiomas',
    price: 60,
    start_date: '2027-01-11',
    allocation: 'first_come',
    capacity: 10,
    applications_open_at: new Date(now - 3_600_000).toISOString(),
    applications_close_at: new Date(now + 86_400_000).toISOString(),
    description: 'Aprender a nadar.',
    schedule: 'Lunes, 17:00',
    venue: 'Piscina municipal',
  };
  async function catalogue(id: number, lang: string) {
    const res = await app.fetch('/api/catalogue', { headers: { 'Accept-Language': lang } });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as {
      id: number;
      description: string | null;
      schedule: string | null;
      venue: string | null;
    }[];
    const row = rows.find((r) => r.id === id)!;
    return [row.description, row.schedule, row.venue];
  }

  it('stores the texts by language and shows each page its own, falling back to the one given', async () => {
    const res = await send('POST', '/api/admin/activities-crud', {
      ...base,
      texts: {
        gl: { description: '  Aprender a nadar en galego. ', venue: 'Piscina municipal de Nigrán' },
        en: { schedule: 'Mondays, 17:00', description: '   ' },
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; texts: unknown };
    expect(created.texts).toEqual({
      es: { description: null, schedule: null, venue: null },
      en: { description: null, schedule: 'Mondays, 17:00', venue: null },
      gl: {
        description: 'Aprender a nadar en galego.',
        schedule: null,
        venue: 'Piscina municipal de Nigrán',
      },
    });
    expect(await catalogue(created.id, 'gl')).toEqual([
      'Aprender a nadar en galego.',
      'Lunes, 17:00',
      'Piscina municipal de Nigrán',
    ]);
    expect(await catalogue(created.id, 'en')).toEqual([
      'Aprender a nadar.',
      'Mondays, 17:00',
      'Piscina municipal',
    ]);
    expect(await catalogue(created.id, 'es')).toEqual([
      'Aprender a nadar.',
      'Lunes, 17:00',
      'Piscina municipal',
    ]);

    // an older client sends no texts: they stay; an empty object clears them
    const kept = await send('PUT', `/api/admin/activities-crud/${created.id}`, {
      ...base,
      venue: 'Piscina nova',
    });
    expect(kept.status).toBe(200);
    expect(await catalogue(created.id, 'gl')).toEqual([
      'Aprender a nadar en galego.',
      'Lunes, 17:00',
      'Piscina municipal de Nigrán',
    ]);
    expect(await catalogue(created.id, 'es')).toEqual([
      'Aprender a nadar.',
      'Lunes, 17:00',
      'Piscina nova',
    ]);
    const cleared = await send('PUT', `/api/admin/activities-crud/${created.id}`, {
      ...base,
      texts: {},
    });
    expect(cleared.status).toBe(200);
    expect(await catalogue(created.id, 'gl')).toEqual([
      'Aprender a nadar.',
      'Lunes, 17:00',
      'Piscina municipal',
    ]);
  });

  it('keeps nothing of a language or text it does not know (the body’s schema drops them)', async () => {
    const res = await send('POST', '/api/admin/activities-crud', {
      ...base,
      name: 'Natación francesa',
      texts: { fr: { description: 'Apprendre à nager.' }, gl: { price: 'de balde' } },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await app.value(sql`SELECT texts FROM activities WHERE id = ${id}`)).toBe('{}');
  });

  it.each([
    ['a text too long', { gl: { venue: 'x'.repeat(501) } }],
    ['a line break in the venue', { en: { venue: 'Pool\nNigrán' } }],
  ])('refuses %s with 422 in the caller’s language, storing nothing', async (_, texts) => {
    const before = await snapshot(app, ...TABLES);
    const res = await send(
      'POST',
      '/api/admin/activities-crud',
      { ...base, name: `Refusada ${Math.random()}`, texts },
      'gl',
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: unknown; code: string };
    expect(body.code).toBe('validation_error');
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });
});
