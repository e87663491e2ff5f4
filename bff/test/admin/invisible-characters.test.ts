import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, type Account } from './factory.js';
import { xlsx } from './xlsx-fixtures.js';

/** Names that would look right and be wrong: control and format characters are refused. */
describe('control and format characters in names', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const send = (path: string, body: unknown, lang = 'es') =>
    app.json(path, 'POST', body, { ...admin.headers, 'Accept-Language': lang });
  const count = async (table: string) =>
    Number(await app.value(sql`SELECT COUNT(*) FROM ${sql.table(table)}`));

  const sneaky = {
    NUL: 'Nata\u0000ción',
    ESC: '\u001b[31mNatación',
    RLO: 'Natación \u202Enóicatan',
    ZWSP: 'Nata\u200Bción',
  };

  it.each(Object.entries(sneaky))(
    'an activity named with %s is refused (422) and nothing is created',
    async (_, name) => {
      const before = await count('activities');
      const res = await send(
        '/api/admin/activities-crud/',
        { name, price: 10, start_date: null },
        'en',
      );
      expect(res.status).toBe(422);
      const body = (await res.json()) as {
        detail: { loc: unknown[]; msg: string; type: string }[];
      };
      expect(body.detail).toEqual([
        {
          loc: ['body', 'name'],
          msg: 'It cannot contain control or invisible characters (NUL, escapes, text direction overrides, zero-width spaces, fillers), nor be only accent marks.',
          type: 'invisible_characters',
        },
      ]);
      expect(await count('activities')).toBe(before);
    },
  );

  it('a person named with them is refused on the form and in the upload, and so is such an e-mail', async () => {
    const before = await count('enrolments');
    const res = await send('/api/admin/person-activities/', {
      first_name: sneaky.RLO,
      last_name: 'Pérez',
      dni: '12345678Z',
      phone: '612345678',
      email: null,
      activity_ids: [],
    });
    expect(res.status).toBe(422);
    const issues = ((await res.json()) as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(issues).toEqual([
      expect.objectContaining({ loc: ['body', 'first_name'], type: 'invisible_characters' }),
    ]);
    const email = await send('/api/admin/person-activities/', {
      first_name: 'Ana',
      last_name: 'Pérez',
      dni: '12345678Z',
      phone: '612345678',
      email: 'ana\u200B@example.es',
      activity_ids: [],
    });
    expect(email.status).toBe(422);
    expect(JSON.stringify(await email.json())).toContain('"loc":["body","email"]');
    expect(await count('enrolments')).toBe(before);

    const file = await xlsx([
      ['Ana', 'Pérez\u200B', '12345678Z', '', '612345678', 'Natación', '10', '2026-10-01', 'No'],
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'inscripciones.xlsx');
    const upload = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: admin.headers,
      body: form,
    });
    expect(upload.status).toBe(422);
    const rows = ((await upload.json()) as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(rows).toEqual([
      expect.objectContaining({ loc: [2, 'Apellidos'], type: 'invisible_characters' }),
    ]);
    expect(await count('enrolments')).toBe(before);
  });
});
