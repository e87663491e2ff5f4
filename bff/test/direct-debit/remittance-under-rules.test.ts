import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld } from '../fees/support.js';
import { directDebitKit, GOOD_IBAN, type DirectDebitKit } from './direct-debit-kit.js';

/**
 * A remittance built under the council's fee rules charges each debit what paying its fee would
 * charge now (the age band, the approvals in force, the family's place), and reads the fees of
 * everyone concerned in one batched call (FeeQuotes.quotesOf): the statements its build sends do
 * not grow with the people (docs/performance.md, "Direct debit").
 */
describe('direct debit: a remittance built under fee rules', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  let w: ReturnType<typeof feesWorld>;
  let swimming: number;
  let large: number;
  const people: { user: { id: number; auth: { Authorization: string } }; person: number }[] = [];

  /** Two siblings in swimming, the second of a large family, both fees on the account's mandate. */
  async function siblings() {
    const first = await w.born('Antía', '2014-03-01');
    const second = await w.born('Brais', '2016-03-01');
    await w.enrol(first, swimming);
    await w.enrol(second, swimming);
    await w.approve(second, large);
    const account = await w.family(first, second);
    const user = { id: account.id, dni: account.dni, auth: account.auth };
    const mandate = await dd.sign(user, GOOD_IBAN, 'Antía Proba');
    for (const person of [first, second]) {
      expect((await dd.domicile(user, mandate.id, person, swimming)).status).toBe(201);
      people.push({ user, person });
    }
  }
  const statementsOf = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
    const before = app.db.statements();
    const value = await call();
    return [value, app.db.statements() - before];
  };
  const itemsOf = (remittanceId: number) =>
    app.deps.db
      .q()
      .selectFrom('remittance_items')
      .select(['enrolment_id', 'amount_cents'])
      .where('remittance_id', '=', remittanceId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    w = feesWorld(app);
    await dd.enable();
    swimming = await w.staffActivity(dd.admin.auth, {
      name: 'Natación',
      price: 40,
      fee_group: 'Escolas',
    });
    large = await w.circumstance('Familia numerosa');
    await w.rules(dd.admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
      family_discounts: [{ from_member: 2, percent: 10 }],
      cumulative: true,
    });
  });
  afterAll(() => app.close());

  it('charges each fee as paying it would, reading everyone’s fees at once', async () => {
    await siblings();
    const [first, one] = await statementsOf(() => dd.remit('2026-09-16'));
    for (let i = 0; i < 4; i++) await siblings();
    // ten people's debits priced (the first two with the bank), eight collected
    const [second, five] = await statementsOf(() => dd.remit('2026-09-17'));
    expect(five).toBe(one);

    const items = [...(await itemsOf(first.id)), ...(await itemsOf(second.id))];
    expect(items).toHaveLength(10);
    for (const { user, person } of people) {
      const due = (await w.due(user, person)).get(swimming)!;
      expect(items.find((item) => item.enrolment_id === person)?.amount_cents).toBe(
        Math.round(due.amount_due! * 100),
      );
    }
    // the family's first at the full fee; the second, 20 % off then 10 % as the family's second
    expect(new Set(items.map((item) => item.amount_cents))).toEqual(new Set([4000, 2880]));
  });
});
