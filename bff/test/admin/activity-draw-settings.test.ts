import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, snapshot, type Account } from './factory.js';

const HOUR = 3_600_000;

interface ActivityRead {
  id: number;
  name: string;
  public_value_source: string | null;
  public_value_description: string | null;
  reserved_places: number;
  reserved_circumstance_id: number | null;
  priority_mode: string | null;
  priority_groups: { name: string; circumstance_ids: number[]; opens_at: string | null }[];
}

/**
 * The staff activity form reads back what it wrote (issue 49): a lottery's public value's source,
 * its reserved places and its priority groups come with the activity, so the form can show them
 * and send them again unchanged, also once the applications are open.
 */
describe('an activity read by staff carries its draw settings', () => {
  let app: TestApp;
  let admin: Account;
  let disability: number;
  let registered: number;

  beforeAll(async () => {
    app = await startTestApp({
      now: '2026-12-01T08:00:00Z',
      env: { RESPONSE_VALIDATION: 'strict' },
    });
    admin = await createAccount(app, 'admin');
    const stamp = new Date().toISOString();
    const insert = async (es: string, en: string, gl: string) =>
      Number(
        (await app.row<{ id: number }>(sql`
          INSERT INTO circumstances (name_es, name_en, name_gl, proof_es, proof_en, proof_gl,
            validity_months, review, created_at, updated_at)
          VALUES (${es}, ${en}, ${gl}, 'Certificado', 'Certificate', 'Certificado', 12, 'staff',
            ${stamp}, ${stamp})
          RETURNING id`))!.id,
      );
    disability = await insert('Discapacidad ≥ 33 %', 'Disability ≥ 33 %', 'Discapacidade ≥ 33 %');
    registered = await insert('Empadronado', 'Registered resident', 'Empadroado');
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const listed = async (name: string) => {
    const rows = (await (
      await send('GET', `/admin/activities-crud?q=${encodeURIComponent(name)}`)
    ).json()) as ActivityRead[];
    return rows.find((row) => row.name === name)!;
  };
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString();

  it('returns the source, reserved places and groups it saved; the same body again changes nothing once open', async () => {
    const body = {
      name: 'Natación adaptada',
      price: 40,
      start_date: '2027-01-11',
      allocation: 'lottery',
      capacity: 20,
      applications_open_at: at(HOUR),
      applications_close_at: at(48 * HOUR),
      public_value_source: 'announced',
      public_value_description:
        'Número premiado del cupón diario de la ONCE del 16 de diciembre de 2026',
      reserved_places: 2,
      reserved_circumstance_id: disability,
      priority_mode: 'ranked',
      priority_groups: [
        { name: 'Empadronados', circumstance_ids: [registered] },
        { name: 'Resto', circumstance_ids: [] },
      ],
    };
    const created = await send('POST', '/admin/activities-crud', body);
    expect(created.status).toBe(201);
    const saved = (await created.json()) as ActivityRead;
    const expected = {
      public_value_source: 'announced',
      public_value_description: body.public_value_description,
      reserved_places: 2,
      reserved_circumstance_id: disability,
      priority_mode: 'ranked',
      priority_groups: [
        { name: 'Empadronados', circumstance_ids: [registered], opens_at: null },
        { name: 'Resto', circumstance_ids: [], opens_at: null },
      ],
    };
    expect(saved).toMatchObject(expected);
    expect(await listed(body.name)).toMatchObject(expected);

    // the window opens: the form sends what it read, and nothing is refused or changed
    app.clock.advance(2 * HOUR);
    const before = await snapshot(app, 'draws');
    const read = await listed(body.name);
    const again = await send('PUT', `/admin/activities-crud/${saved.id}`, {
      ...body,
      public_value_source: read.public_value_source,
      public_value_description: read.public_value_description,
      reserved_places: read.reserved_places,
      reserved_circumstance_id: read.reserved_circumstance_id,
      priority_mode: read.priority_mode,
      priority_groups: read.priority_groups,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject(expected);
    expect(await snapshot(app, 'draws')).toEqual(before);
  });

  it('an activity without a draw reads none, and first come its windows', async () => {
    const plain = await send('POST', '/admin/activities-crud', { name: 'Yoga senior', price: 30 });
    expect(await plain.json()).toMatchObject({
      public_value_source: null,
      public_value_description: null,
      reserved_places: 0,
      reserved_circumstance_id: null,
      priority_mode: null,
      priority_groups: [],
    });
    const opensAt = at(10 * HOUR);
    const firstCome = await send('POST', '/admin/activities-crud', {
      name: 'Pádel por orden',
      price: 30,
      allocation: 'first_come',
      capacity: 8,
      applications_open_at: at(20 * HOUR),
      applications_close_at: at(40 * HOUR),
      priority_mode: 'windows',
      priority_groups: [
        { name: 'Empadronados', circumstance_ids: [registered], opens_at: opensAt },
      ],
    });
    expect(firstCome.status).toBe(201);
    expect(await listed('Pádel por orden')).toMatchObject({
      public_value_source: null,
      reserved_places: 0,
      priority_mode: 'windows',
      priority_groups: [
        { name: 'Empadronados', circumstance_ids: [registered], opens_at: opensAt },
      ],
    });
  });
});
