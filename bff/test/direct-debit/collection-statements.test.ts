import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMandatesRepo } from '../../src/data/mandates-repo.js';
import { createRemittancesRepo } from '../../src/data/remittances-repo.js';
import { createCollection } from '../../src/services/direct-debit/collection.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { directDebitKit, GOOD_IBAN, type DirectDebitKit } from './direct-debit-kit.js';

/**
 * A remittance's step is collected set-based (docs/performance.md, "Direct debit"): its payments,
 * their lines, the fees they pay, the duplicates and the items each in one statement, so the
 * statements a step sends do not grow with its items. The rules stay: two parts of one fee in a
 * step are paid in order, a fee paid at the desk meanwhile leaves its payment a duplicate
 * without a receipt's code, and a second run collects nothing again.
 */
describe('direct debit: collecting a step costs the same statements whatever its items', () => {
  let app: TestApp;
  let dd: DirectDebitKit;

  const collection = () =>
    createCollection({
      db: app.deps.db,
      clock: app.clock,
      repo: createRemittancesRepo(app.deps.db),
      mandatesRepo: createMandatesRepo(app.deps.db),
      payments: app.deps.repos.payments,
      audit: app.deps.repos.audit,
      creditorId: 'ES64ZZZP3603500C',
    });
  const statementsOf = async (call: () => Promise<unknown>) => {
    const before = app.db.statements();
    await call();
    return app.db.statements() - before;
  };
  const paymentsOf = (remittanceId: number) =>
    app.deps.db
      .q()
      .selectFrom('remittance_items as i')
      .innerJoin('payments as p', 'p.id', 'i.payment_id')
      .innerJoin('payment_items as pi', 'pi.payment_id', 'p.id')
      .select([
        'i.status as item_status',
        'i.enrolment_id',
        'i.part_number',
        'p.id',
        'p.status',
        'p.gateway',
        'p.pay_method',
        'p.paid_at',
        'p.verification_code',
        'p.order_code',
        'pi.part_from',
        'pi.amount_cents',
      ])
      .where('i.remittance_id', '=', remittanceId)
      .orderBy('i.id')
      .execute();

  let small: number;
  let large: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    await dd.enable();
    for (const name of ['Uxía', 'Antía'])
      await dd.family(GOOD_IBAN, await dd.f.activity(name, 3000), name);
    small = (await dd.remit('2026-09-16')).id;
    for (const name of ['Iago', 'Lois', 'Sabela', 'Brais', 'Noa', 'Xiana', 'Roi', 'Icía'])
      await dd.family(GOOD_IBAN, await dd.f.activity(name, 2000), name);
    large = (await dd.remit('2026-09-16')).id;
  });
  afterAll(() => app.close());

  it('two items and eight items: the same statements', async () => {
    await dd.at('2026-09-16T10:00:00Z');
    let collected = false;
    const two = await statementsOf(async () => (collected = await collection().collect(small)));
    expect(collected).toBe(true);
    const eight = await statementsOf(async () => (collected = await collection().collect(large)));
    expect(collected).toBe(true);
    expect(eight).toBe(two);
    const rows = [...(await paymentsOf(small)), ...(await paymentsOf(large))];
    expect(rows).toHaveLength(10);
    for (const row of rows)
      expect(row).toMatchObject({
        item_status: 'collected',
        status: 'paid',
        gateway: 'sepa',
        pay_method: 'direct_debit',
        paid_at: '2026-09-16T10:00:00.000Z',
        verification_code: expect.stringMatching(/^\w{4}-\w{4}-\w{4}$/),
      });
    expect(new Set(rows.map((row) => row.order_code)).size).toBe(10);
    expect(new Set(rows.map((row) => row.verification_code)).size).toBe(10);
  });

  it('two parts of one fee paid in order; a fee paid at the desk meanwhile kept as a duplicate', async () => {
    const created = await app.json(
      '/api/admin/activities-crud/',
      'POST',
      {
        name: 'Escola de natación',
        price: 120,
        start_date: '2026-10-01',
        parts: [
          { percent: 25, due_date: '2026-10-15' },
          { percent: 25, due_date: '2027-01-15' },
          { percent: 50, due_date: '2027-04-15' },
        ],
      },
      dd.admin.auth,
    );
    expect(created.status).toBe(201);
    const school = ((await created.json()) as { id: number }).id;
    const parts = await dd.family(GOOD_IBAN, school, 'Martiño');
    const desk = await dd.family(GOOD_IBAN, await dd.f.activity('Ximnasia', 4000), 'Olalla');
    const remittance = (await dd.remit('2027-01-20')).id;
    // staff mark Olalla's fee paid at the desk while the bank has it
    await app.deps.db
      .q()
      .updateTable('enrolment_activities')
      .set({ is_paid: 1, paid_amount_cents: 4000 })
      .where('enrolment_id', '=', desk.person.id)
      .execute();
    await dd.at('2027-01-20T10:00:00Z');
    expect(await collection().collect(remittance)).toBe(true);
    const rows = await paymentsOf(remittance);
    const [part1, part2] = rows.filter((row) => row.enrolment_id === parts.person.id);
    expect([part1?.part_from, part2?.part_from]).toEqual([1, 2]);
    expect([part1?.status, part2?.status]).toEqual(['paid', 'paid']);
    expect(await dd.enrolment(parts)).toMatchObject({
      is_paid: 0,
      parts_paid: 2,
      paid_amount_cents: part1!.amount_cents + part2!.amount_cents,
      paid_payment_id: part2!.id,
    });
    const duplicate = rows.find((row) => row.enrolment_id === desk.person.id)!;
    expect(duplicate).toMatchObject({
      item_status: 'collected',
      status: 'duplicate',
      verification_code: null,
      paid_at: '2027-01-20T10:00:00.000Z',
    });
    expect(await dd.enrolment(desk)).toMatchObject({ is_paid: 1, paid_payment_id: null });

    const payments = await dd.f.count('payments');
    expect(await collection().collect(remittance)).toBe(false);
    expect(await dd.f.count('payments')).toBe(payments);
  });
});
