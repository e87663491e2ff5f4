import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMandatesRepo } from '../../src/data/mandates-repo.js';
import { createRemittancesRepo } from '../../src/data/remittances-repo.js';
import { createCollection } from '../../src/services/direct-debit/collection.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { directDebitKit, GOOD_IBAN, type DirectDebitKit } from './direct-debit-kit.js';

/**
 * A remittance is collected some items a transaction (500; two here), so thousands never hold
 * the writer at once: every item becomes one payment, the remittance is collected and audited
 * once at the end, and a collection that stops halfway (a failure in its second step) leaves the
 * first step's payments and the remittance `sent`; the next run collects the rest, no item twice.
 * On the real database, the collection built as the server builds it.
 */
describe('direct debit: a remittance collected in steps', () => {
  let app: TestApp;
  let dd: DirectDebitKit;

  const collection = (payments = app.deps.repos.payments) =>
    createCollection({
      db: app.deps.db,
      clock: app.clock,
      repo: createRemittancesRepo(app.deps.db),
      mandatesRepo: createMandatesRepo(app.deps.db),
      payments,
      audit: app.deps.repos.audit,
      creditorId: 'ES64ZZZP3603500C',
      perTransaction: 2,
    });
  const items = (remittanceId: number) =>
    app.deps.db
      .q()
      .selectFrom('remittance_items')
      .select(['status', 'payment_id'])
      .where('remittance_id', '=', remittanceId)
      .orderBy('id')
      .execute();
  const audits = () =>
    app.deps.db
      .q()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'remittance.collected')
      .execute();

  let first: number;
  let second: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    await dd.enable();
    for (const name of ['Uxía', 'Antía', 'Brais'])
      await dd.family(GOOD_IBAN, await dd.f.activity(name, 3000), name);
    first = (await dd.remit('2026-09-16')).id;
    for (const name of ['Iago', 'Lois', 'Sabela'])
      await dd.family(GOOD_IBAN, await dd.f.activity(name, 2000), name);
    second = (await dd.remit('2026-09-17')).id;
  });
  afterAll(() => app.close());

  it('collects every item in steps, the remittance audited once', async () => {
    await dd.at('2026-09-16T10:00:00Z');
    expect(await collection().collect(first)).toBe(true);
    const collected = await items(first);
    expect(collected.map((i) => i.status)).toEqual(['collected', 'collected', 'collected']);
    expect(new Set(collected.map((i) => i.payment_id)).size).toBe(3);
    const [entry] = await audits();
    expect((JSON.parse(entry!.details!) as { payments: number[] }).payments).toHaveLength(3);
    expect(
      await app.deps.db
        .q()
        .selectFrom('mandates')
        .select('last_debit_on')
        .where('last_debit_on', '=', '2026-09-16')
        .execute(),
    ).toHaveLength(3);
    expect(await collection().collect(first)).toBe(false);
  });

  it('stopped in its second step, the next run collects the rest once', async () => {
    await dd.at('2026-09-17T10:00:00Z');
    let steps = 0;
    const failing = {
      ...app.deps.repos.payments,
      // the second step's payments: the process stops there
      insertPaidPayments: async (
        ...args: Parameters<typeof app.deps.repos.payments.insertPaidPayments>
      ) => {
        if (++steps === 2) throw new Error('the process stopped');
        return app.deps.repos.payments.insertPaidPayments(...args);
      },
    };
    const payments = await dd.f.count('payments');
    await expect(collection(failing).collect(second)).rejects.toThrow('the process stopped');
    expect((await items(second)).map((i) => i.status)).toEqual([
      'collected',
      'collected',
      'in_remittance',
    ]);
    expect(await dd.f.count('payments')).toBe(payments + 2);
    expect((await dd.detail(second)).status).toBe('collected');
    expect((await items(second)).map((i) => i.status)).toEqual([
      'collected',
      'collected',
      'collected',
    ]);
    expect(await dd.f.count('payments')).toBe(payments + 3);
    expect(await audits()).toHaveLength(2);
  });
});
