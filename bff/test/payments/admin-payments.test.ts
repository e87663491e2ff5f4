import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPayments } from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { factory } from './factory.js';
import { generate, payInSandbox } from './helpers.js';
import {
  startTestApp as startPaymentsApp,
  type TestApp as PaymentsTestApp,
} from '../helpers/test-app.js';

describe('admin payments list and export', () => {
  let app: PaymentsTestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  let orders: { paid: string; pending: string; failed: string; evil: string };
  let evilDni: string;

  beforeAll(async () => {
    app = await startPaymentsApp({ now: '2026-11-01T09:00:00Z' });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });

    // 1 Nov: Ana pays (paid)
    const ana = await f.household([4000]);
    await app.exec(
      sql`UPDATE enrolments SET first_name = 'Ana', last_name = 'Álvarez Souto' WHERE id = ${ana.person.id}`,
    );
    const paid = await generate(app, ana.user.token, {
      person_activity_id: ana.person.id,
      activity_ids: ana.activities,
      use_discount: false,
    });
    await payInSandbox(app, paid);

    // 10 Nov 23:30 UTC = 11 Nov in Madrid: Bea is denied (failed)
    app.clock.set('2026-11-10T23:30:00Z');
    const bea = await f.household([2000]);
    await app.exec(
      sql`UPDATE enrolments SET first_name = 'Bea', last_name = 'Castro' WHERE id = ${bea.person.id}`,
    );
    const failed = await generate(app, bea.user.token, {
      person_activity_id: bea.person.id,
      activity_ids: bea.activities,
      use_discount: false,
    });
    await payInSandbox(app, failed, {
      card_number: '4548810000000003',
      expiry: '12/49',
      cvv: '999',
    });

    // 20 Nov: a pending order, and one whose person name is a spreadsheet formula
    app.clock.set('2026-11-20T10:00:00Z');
    const carla = await f.household([1000]);
    const pending = await generate(app, carla.user.token, {
      person_activity_id: carla.person.id,
      activity_ids: carla.activities,
      use_discount: false,
    });
    const evil = await f.household([1000]);
    evilDni = evil.person.dni;
    await app.exec(
      sql`UPDATE enrolments SET first_name = '=HYPERLINK("http://evil.example","x")', last_name = '@x' WHERE id = ${evil.person.id}`,
    );
    await app.exec(
      sql`UPDATE activities SET name = '+SUM(A1:A9)' WHERE id = ${evil.activities[0]}`,
    );
    const evilOrder = await generate(app, evil.user.token, {
      person_activity_id: evil.person.id,
      activity_ids: evil.activities,
      use_discount: false,
    });
    admin = await f.user('admin'); // a session issued at the latest clock time
    orders = {
      paid: paid.order,
      pending: pending.order,
      failed: failed.order,
      evil: evilOrder.order,
    };
  });
  afterAll(() => app.close());

  const list = async (query: Record<string, string | number> = {}) => {
    const { data } = await listPayments({
      client: app.api,
      headers: admin.auth,
      query: query as never,
      throwOnError: true,
    });
    return data;
  };

  it('lists every payment newest first with its items and the contract shape', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.items.map((p) => p.order)).toEqual([
      orders.evil,
      orders.pending,
      orders.failed,
      orders.paid,
    ]);
    const paid = page.items.find((p) => p.order === orders.paid)!;
    expect(paid).toMatchObject({
      status: 'paid',
      amount: 30,
      use_discount: false,
      full_name: 'Ana Álvarez Souto',
      response_code: '0000',
      created_at: '2026-11-01T09:00:00.000Z',
      items: [{ name: expect.stringMatching(/^Actividad 1/), amount: 30 }],
    });
    expect(page.items.find((p) => p.order === orders.failed)).toMatchObject({
      status: 'failed',
      response_code: '0129',
    });
  });

  it('filters by status, person (name or DNI part), Madrid dates, and paginates', async () => {
    expect((await list({ status: 'failed' })).items.map((p) => p.order)).toEqual([orders.failed]);
    expect((await list({ status: 'pending' })).total).toBe(2);
    expect((await list({ person: 'ALVAREZ' })).items.map((p) => p.order)).toEqual([orders.paid]);
    expect((await list({ person: evilDni.slice(2, 7) })).items.map((p) => p.order)).toContain(
      orders.evil,
    );
    expect((await list({ person: 'álvarez sou' })).items.map((p) => p.order)).toEqual([
      orders.paid,
    ]);
    expect((await list({ person: '%' })).total).toBe(0);
    // the person filter does not look at the order number (q does)
    expect((await list({ person: orders.paid.slice(2) })).total).toBe(0);
    // 10 Nov 23:30 UTC is 11 Nov in Madrid
    expect(
      (await list({ from: '2026-11-11', to: '2026-11-11' })).items.map((p) => p.order),
    ).toEqual([orders.failed]);
    expect((await list({ to: '2026-11-10' })).items.map((p) => p.order)).toEqual([orders.paid]);
    expect((await list({ from: '2026-11-12' })).total).toBe(2);
    const second = await list({ page: 2, page_size: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.items.map((p) => p.order)).toEqual([orders.paid]);
  });

  it('searches (q) part of the name, the DNI or the order number, case and accents aside', async () => {
    const found = async (q: string) => (await list({ q })).items.map((p) => p.order).sort();
    expect(await found('alvarez SOU')).toEqual([orders.paid]);
    expect(await found(orders.failed.slice(3).toLowerCase())).toEqual([orders.failed]);
    expect(await found(evilDni.slice(1).toLowerCase())).toContain(orders.evil);
    expect(await found('_')).toEqual([]);
    // the search index follows a payment whose person is changed or removed
    await app.exec(
      sql`UPDATE payments SET person_key = 'brais renamed', person_name = 'Brais Renamed' WHERE order_code = ${orders.failed}`,
    );
    expect(await found('renamed')).toEqual([orders.failed]);
    expect(await found(orders.failed)).toEqual([orders.failed]);
    await app.exec(sql`DELETE FROM payments WHERE order_code = ${orders.failed}`);
    expect(await found('renamed')).toEqual([]);
  });

  it('refuses bad filters, non-admins and anonymous callers', async () => {
    for (const query of [
      'status=lost',
      'from=2026-02-30',
      'page_size=101',
      'from=2026-11-20&to=2026-11-01',
    ]) {
      const res = await app.fetch(`/api/admin/payments/?${query}`, { headers: admin.auth });
      expect(res.status).toBe(422);
      zError.parse(await res.json());
    }
    const user = await f.user();
    expect((await app.fetch('/api/admin/payments/', { headers: user.auth })).status).toBe(403);
    expect((await app.fetch('/api/admin/payments/export', { headers: user.auth })).status).toBe(
      403,
    );
    expect((await app.fetch('/api/admin/payments/')).status).toBe(401);
  });

  it('exports the filtered payments as .xlsx with formula cells escaped', async () => {
    const res = await app.fetch('/api/admin/payments/export?status=pending', {
      headers: admin.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pagos-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const buffer = Buffer.from(await res.arrayBuffer());
    expect(buffer.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3); // header + the two pending orders
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const evilRow = rows.find((row) => row.getCell(2).value === orders.evil)!;
    expect(evilRow.getCell(6).value).toBe('\'=HYPERLINK("http://evil.example","x") @x');
    expect(evilRow.getCell(9).value).toBe("'+SUM(A1:A9) (7.50 €)");
    expect(evilRow.getCell(4).value).toBe(7.5);
    for (const row of rows) {
      row.eachCell((cell) => {
        expect(cell.formula).toBeUndefined();
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r\0]/);
      });
    }
  });
});
