import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, type Account } from './factory.js';
import { xlsx } from './xlsx-fixtures.js';

/** A person saved with a landline can never be linked by SMS: staff are told, not left to find out. */
describe('staff saving a phone that is not a mobile', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body: unknown, lang: string) =>
    app.fetch(path, {
      method,
      headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify(body),
    });
  const person = (dni: string, phone: string) => ({
    first_name: 'Carmen',
    last_name: 'Souto Rial',
    dni,
    phone,
    email: null,
    activity_ids: [],
  });

  it('saves it on the form and warns, in the caller language; a mobile gets no warning', async () => {
    const created = await send(
      'POST',
      '/api/admin/person-activities/',
      person('12345678Z', '986123456'),
      'gl',
    );
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: number; phone: string; warnings: unknown[] };
    expect(saved.phone).toBe('986123456');
    expect(saved.warnings).toEqual([
      {
        loc: ['body', 'phone'],
        msg: 'O teléfono 986123456 non é un móbil: esta persoa non poderá asociarse a ningunha conta, porque o código se envía por SMS. Se ten móbil, gárdao no seu lugar.',
        type: 'landline',
      },
    ]);
    // a 70x number is not a mobile either
    const updated = await send(
      'PUT',
      `/api/admin/person-activities/${saved.id}`,
      person('12345678Z', '701234567'),
      'en',
    );
    expect(
      ((await updated.json()) as { warnings: { type: string; msg: string }[] }).warnings,
    ).toEqual([
      expect.objectContaining({
        type: 'landline',
        msg: expect.stringContaining('701234567 is not a mobile'),
      }),
    ]);
    const mobile = await send(
      'PUT',
      `/api/admin/person-activities/${saved.id}`,
      person('12345678Z', '612345678'),
      'es',
    );
    expect(((await mobile.json()) as { warnings: unknown[] }).warnings).toEqual([]);
  });

  it('imports the file and lists each person with a landline once, with the row and column', async () => {
    const file = await xlsx([
      ['Ana', 'Pérez', '87654321X', '', '612345678', 'Natación', '10', '2026-10-01', 'No'],
      ['Xoán', 'Lago', '11223344B', '', '986111222', 'Natación', '10', '2026-10-01', 'No'],
      ['Xoán', 'Lago', '11223344B', '', '986111222', 'Pádel', '20', '2026-10-01', 'No'],
      ['Iria', 'Mato', '44556677L', '', '881000111', 'Pádel', '20', '2026-10-01', 'No'],
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'inscripciones.xlsx');
    const res = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: { ...admin.headers, 'Accept-Language': 'en' },
      body: form,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as {
      added: number;
      warnings: { loc: unknown[]; type: string; msg: string }[];
      landline_people: number;
    };
    expect(result.added).toBe(3);
    expect(result.landline_people).toBe(2);
    expect(result.warnings).toEqual([
      {
        loc: [3, 'Teléfono'],
        type: 'landline',
        msg: expect.stringContaining('986111222 is not a mobile'),
      },
      {
        loc: [5, 'Teléfono'],
        type: 'landline',
        msg: expect.stringContaining('881000111 is not a mobile'),
      },
    ]);
  });
});
