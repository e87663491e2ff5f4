import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_RETURN_IBANS,
  sandboxBankAnswer,
} from '../../src/adapters/direct-debit-sandbox/bank.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox } from '../payments/helpers.js';
import {
  directDebitKit,
  GOOD_IBAN,
  type DirectDebitKit,
  type Family,
  type Remittance,
} from './direct-debit-kit.js';

/**
 * A fee or part domiciled and sent to the bank in a remittance is not paid by card or Bizum as
 * well (issue 62: a double charge): checkout answers 409 `part_in_remittance`, nothing stored.
 * Once the bank returns it (AM04) it can be paid by card again, and a part only scheduled (not
 * sent yet) can be paid by card, which takes it off the schedule. Over HTTP on the real app.
 */
describe('direct debit: no card payment for what is with the bank', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  let f: DirectDebitKit['f'];
  let inParts: number;
  const at = (when: string) => dd.at(when);
  const family = (iban: string, activityId: number, name: string) =>
    dd.family(iban, activityId, name);
  const remit = (date: string) => dd.remit(date);
  const fileOf = (id: number) => dd.fileOf(id);
  const enrolment = (fam: Family) => dd.enrolment(fam);
  async function itemsOf(id: number) {
    return (await dd.detail(id)).items
      .filter((i) => !i.activity_name.startsWith('Comisión'))
      .map((i) => [i.person_name, i.activity_name, i.part?.number ?? null])
      .sort();
  }
  /** The resident signed in now (a token lasts less than the months the clock moves). */
  const authOf = (fam: Family) => dd.authOf(fam.user.id);
  /** Checkout of a part (number) or of the whole fee (no number). */
  async function checkout(fam: Family, number: number | null, locale = 'es') {
    return app.fetch('/api/payments/generate-multiple/', {
      method: 'POST',
      headers: {
        ...(await authOf(fam)),
        'Content-Type': 'application/json',
        'Accept-Language': locale,
      },
      body: JSON.stringify({
        person_activity_id: fam.person.id,
        activity_ids: number === null ? [fam.activityId] : [],
        parts: number === null ? [] : [{ activity_id: fam.activityId, number }],
        use_discount: false,
      }),
    });
  }
  async function payByCard(fam: Family, number: number | null) {
    const res = await checkout(fam, number);
    expect(res.status).toBe(200);
    await payInSandbox(
      app,
      (await res.json()) as { action: string; fields: Record<string, string> },
    );
  }
  const stored = async () => ({
    payments: await f.count('payments'),
    items: await f.count('payment_items'),
    audit: await f.count('audit_log'),
  });

  let xoan: Family;
  let uxia: Family;
  let iria: Family;
  let r1: Remittance;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    f = dd.f;
    await dd.enable();
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
      dd.admin.auth,
    );
    expect(created.status).toBe(201);
    inParts = ((await created.json()) as { id: number }).id;
    xoan = await family(GOOD_IBAN, inParts, 'Xoán');
    uxia = await family(SANDBOX_RETURN_IBANS.AM04!, await f.activity('Ximnasia', 4000), 'Uxía');
  });
  afterAll(() => app.close());

  it('refuses a part or a whole fee in a remittance sent to the bank (409), storing nothing', async () => {
    await at('2026-10-01T09:00:00Z');
    r1 = await remit('2026-10-15');
    expect(r1.count).toBe(2);
    const before = await stored();
    const part = await checkout(xoan, 1);
    expect(part.status).toBe(409);
    expect(await part.json()).toEqual({
      code: 'part_in_remittance',
      detail:
        'El 1.º plazo de «Escola de natación» ya se envió al banco para cobrarlo por domiciliación el 15/10/2026: no lo pagues con tarjeta ni Bizum.',
    });
    for (const [locale, words] of [
      ['en', 'Instalment 1 of “Escola de natación” has already been sent to the bank'],
      ['gl', 'O 1.º prazo de «Escola de natación» xa se enviou ao banco'],
    ] as const) {
      const res = await checkout(xoan, 1, locale);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { detail: string }).detail).toContain(words);
    }
    // parts 1 and 2 together: still part 1 with the bank
    const both = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: xoan.person.id,
        activity_ids: [],
        parts: [
          { activity_id: inParts, number: 1 },
          { activity_id: inParts, number: 2 },
        ],
        use_discount: false,
      },
      await authOf(xoan),
    );
    expect(both.status).toBe(409);
    expect(((await both.json()) as { code: string }).code).toBe('part_in_remittance');
    // a whole fee
    const whole = await checkout(uxia, null);
    expect(whole.status).toBe(409);
    expect(await whole.json()).toEqual({
      code: 'part_in_remittance',
      detail: expect.stringMatching(
        /^La cuota de «Ximnasia [^»]+» ya se envió al banco para cobrarla por domiciliación el 15\/10\/2026: no la pagues con tarjeta ni Bizum\.$/,
      ),
    });
    expect(await stored()).toEqual(before);
  });

  it('a part domiciled but not yet sent is paid by card and leaves the schedule', async () => {
    iria = await family(GOOD_IBAN, inParts, 'Iria');
    await payByCard(iria, 1);
    expect(await enrolment(iria)).toMatchObject({ is_paid: 0, parts_paid: 1 });
    const res = await app.fetch('/api/user/direct-debits', { headers: await authOf(iria) });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('"in_remittance"');
  });

  it('once the bank returns it (AM04) the fee is paid by card again; the sent part stays refused', async () => {
    await at('2026-10-14T09:00:00Z');
    const answered = await dd.upload(
      r1.id,
      sandboxBankAnswer(await fileOf(r1.id), { format: 'pain.002' }),
    );
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ applied: 1 });
    await payByCard(uxia, null);
    expect(await enrolment(uxia)).toMatchObject({ is_paid: 1 });
    expect((await checkout(xoan, 1)).status).toBe(409);
  });

  it('the next remittance leaves out what was paid by card', async () => {
    await at('2026-10-16T09:00:00Z');
    await app.deps.directDebit.collection.collectDue();
    expect(await enrolment(xoan)).toMatchObject({ parts_paid: 1 });
    await at('2027-01-01T09:00:00Z');
    const r2 = await remit('2027-01-15');
    expect(await itemsOf(r2.id)).toEqual([
      ['Iria Pereira Souto', 'Escola de natación', 2],
      ['Xoán Pereira Souto', 'Escola de natación', 2],
    ]);
  });
});
