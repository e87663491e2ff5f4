import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffRoot } from '../../src/lib/paths.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';

const xsd = (name: string) => ({
  fileName: name,
  contents: readFileSync(resolve(bffRoot, 'test/fixtures/sepa', name), 'utf8'),
});

/**
 * Direct debit over HTTP on the real app and database (issue 62): a resident signs a mandate
 * (a wrong IBAN refused with its reason), puts a fee in three parts on it, staff gather a
 * remittance whose file the official pain.008.001.08 schema accepts.
 */
describe('direct debit', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
    const current = await app.deps.repos.config.get();
    await app.deps.repos.config.save({
      ...current,
      payments_enabled: true,
      direct_debit_enabled: true,
    });
  });
  afterAll(() => app.close());

  it('a family signs, domiciles a fee in three parts, staff write a file the XSD accepts', async () => {
    const created = await app.json(
      '/api/admin/activities-crud/',
      'POST',
      {
        name: 'Escola de natación',
        price: 120,
        start_date: '2026-10-01',
        parts: [
          { percent: 33.33, due_date: '2026-10-15' },
          { percent: 33.33, due_date: '2027-01-15' },
          { percent: 33.34, due_date: '2027-04-15' },
        ],
      },
      admin.auth,
    );
    expect(created.status).toBe(201);
    const activity = (await created.json()) as { id: number };
    const user = await f.user();
    const person = await f.person('Xoán', 'López Pereira');
    await f.link(user.id, person.id);
    await f.enrol(person.id, activity.id);

    const bad = await app.json(
      '/api/user/mandates',
      'POST',
      {
        iban: 'ES9121000418450200051333',
        holder_name: 'María López García',
        holder_dni: '12345678Z',
      },
      { ...user.auth, 'Accept-Language': 'en' },
    );
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      code: 'invalid_iban',
      detail: expect.stringContaining('check digits'),
    });
    const short = await app.json(
      '/api/user/mandates',
      'POST',
      {
        iban: 'ES912100041845020005133',
        holder_name: 'María López García',
        holder_dni: '12345678Z',
      },
      user.auth,
    );
    expect(await short.json()).toMatchObject({
      code: 'invalid_iban',
      detail: expect.stringContaining('24 caracteres'),
    });
    const notSepa = await app.json(
      '/api/user/mandates',
      'POST',
      {
        iban: 'BR1800360305000010009795493C1',
        holder_name: 'María López García',
        holder_dni: '12345678Z',
      },
      user.auth,
    );
    expect(await notSepa.json()).toMatchObject({ code: 'iban_not_sepa' });
    expect(await f.count('mandates')).toBe(0);

    const signed = await app.json(
      '/api/user/mandates',
      'POST',
      {
        iban: 'ES91 2100 0418 4502 0005 1332',
        holder_name: 'María López García',
        holder_dni: '12345678Z',
      },
      user.auth,
    );
    expect(signed.status).toBe(201);
    const mandate = (await signed.json()) as { id: number; reference: string; iban_masked: string };
    expect(mandate.iban_masked).toBe('ES91 **** **** **** **** 1332');
    const stored = await app.deps.db
      .q()
      .selectFrom('mandates')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.iban_sealed).not.toContain('2100');

    const domiciled = await app.json(
      '/api/user/direct-debits',
      'POST',
      { mandate_id: mandate.id, person_activity_id: person.id, activity_id: activity.id },
      user.auth,
    );
    expect(domiciled.status).toBe(201);
    const debit = (await domiciled.json()) as {
      lines: { amount: number; direct_debit: { status: string } }[];
    };
    expect(debit.lines.map((l) => l.amount)).toEqual([30, 30, 30]);

    // the notice went out today: a remittance before 14 days have passed takes nothing
    const early = await app.json(
      '/api/admin/remittances',
      'POST',
      { collection_date: '2026-09-10' },
      admin.auth,
    );
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'nothing_to_collect' });
    const tooSoon = await app.json(
      '/api/admin/remittances',
      'POST',
      { collection_date: '2026-09-01' },
      admin.auth,
    );
    expect(tooSoon.status).toBe(422);

    const remittance = await app.json(
      '/api/admin/remittances',
      'POST',
      { collection_date: '2026-10-15' },
      admin.auth,
    );
    expect(remittance.status).toBe(201);
    const r = (await remittance.json()) as { id: number; count: number; total: number };
    expect(r).toMatchObject({ count: 1, total: 30 });

    const file = await app.fetch(`/api/admin/remittances/${r.id}/file`, { headers: admin.auth });
    expect(file.status).toBe(200);
    const xml = await file.text();
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain('<IBAN>ES9121000418450200051332</IBAN>');
    expect(xml).toContain('<TwnNm>Nigran</TwnNm><Ctry>ES</Ctry>');
    const result = await validateXML({
      xml: { fileName: 'r.xml', contents: xml },
      schema: [xsd('pain.008.001.08.xsd')],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
