import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBankAnswer } from '../../src/adapters/direct-debit-sandbox/bank.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { pdfText } from '../payments/helpers.js';
import {
  directDebitKit,
  GOOD_IBAN,
  type DebitView,
  type DirectDebitKit,
  type Family,
  type Remittance,
} from './direct-debit-kit.js';

/**
 * A domiciled fee with a registration fee (issues 60 and 62), over HTTP on the real app and
 * database: the registration fee is collected with part 1 (or with the whole fee), never reduced,
 * in the pre-notification, the pain.008 and its control sum; the collected payment records it
 * as a card payment's does (registration_fee_paid_cents, the receipt's line) and a return of that
 * item makes it due again.
 */
describe('direct debit: the registration fee', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  const at = (when: string) => dd.at(when);
  const family = (activityId: number, name: string) => dd.family(GOOD_IBAN, activityId, name);
  const remit = (date: string) => dd.remit(date);
  const fileOf = (id: number) => dd.fileOf(id);
  const detail = (id: number) => dd.detail(id);
  const enrolment = (fam: Family) => dd.enrolment(fam);
  const authOf = (fam: Family) => dd.authOf(fam.user.id);
  const lastMessage = () => dd.lastMessage();
  const amountsOf = (xml: string) =>
    [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) => m[1]);
  async function debitLines(fam: Family) {
    const res = await app.fetch('/api/user/direct-debits', { headers: await authOf(fam) });
    expect(res.status).toBe(200);
    const [debit] = (await res.json()) as DebitView[];
    return debit!.lines.map((l) => [l.kind, l.part?.number ?? null, l.amount]);
  }

  let parts: Family;
  let whole: Family;
  let r1: Remittance;
  let paymentId: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    const current = await app.deps.repos.config.get();
    await app.deps.repos.config.save({
      ...current,
      payments_enabled: true,
      deadline_date: '2026-10-15',
      direct_debit_enabled: true,
      direct_debit_return_fee_cents: 600,
    });
    const activity = async (body: Record<string, unknown>) => {
      const created = await app.json('/api/admin/activities-crud/', 'POST', body, dd.admin.auth);
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: number }).id;
    };
    const school = await activity({
      name: 'Escola de natación',
      price: 120,
      registration_fee: 20,
      start_date: '2026-10-01',
      parts: [
        { percent: 33.33, due_date: '2026-10-15' },
        { percent: 33.33, due_date: '2027-01-15' },
        { percent: 33.34, due_date: '2027-04-15' },
      ],
    });
    const gym = await activity({
      name: 'Ximnasia',
      price: 40,
      registration_fee: 15,
      start_date: '2026-10-01',
    });
    parts = await family(school, 'Xoán');
    whole = await family(gym, 'Uxía');
  });
  afterAll(() => app.close());

  it('the schedule and its pre-notification carry the registration fee with part 1 (or the whole fee)', async () => {
    expect(parts.debit.lines.map((l) => [l.part?.number, l.amount])).toEqual([
      [1, 50],
      [2, 30],
      [3, 30],
    ]);
    expect(whole.debit.lines.map((l) => [l.part, l.amount])).toEqual([[null, 45]]);
    expect(await lastMessage()).toContain('45.00 €');
    expect(await debitLines(parts)).toEqual([
      ['fee', 1, 50],
      ['fee', 2, 30],
      ['fee', 3, 30],
    ]);
  });

  it('the first remittance: part 1 + 20 € and the whole fee + 15 €, in the pain.008 and its control sum', async () => {
    await at('2026-10-01T09:00:00Z');
    r1 = await remit('2026-10-15');
    expect(r1).toMatchObject({ count: 2, total: 95 });
    const d = await detail(r1.id);
    expect(d.items.map((i) => [i.activity_name, i.part?.number ?? null, i.amount]).sort()).toEqual([
      ['Escola de natación', 1, 50],
      ['Ximnasia', null, 45],
    ]);
    const xml = await fileOf(r1.id);
    expect(amountsOf(xml).sort()).toEqual(['45.00', '50.00']);
    expect(xml).toContain('<CtrlSum>95.00</CtrlSum>');
  });

  it('once collected the registration fee is paid and the receipt lists it', async () => {
    await at('2026-10-15T12:00:00Z');
    expect((await detail(r1.id)).status).toBe('collected');
    const paid = await enrolment(parts);
    expect(paid).toMatchObject({
      is_paid: 0,
      parts_paid: 1,
      paid_amount_cents: 5000,
      registration_fee_paid_cents: 2000,
    });
    paymentId = paid.paid_payment_id!;
    expect(
      await app.deps.db
        .q()
        .selectFrom('payment_items')
        .select(['amount_cents', 'registration_fee_cents', 'fee_cents', 'remaining_cents'])
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      amount_cents: 5000,
      registration_fee_cents: 2000,
      fee_cents: 9000,
      remaining_cents: 6000,
    });
    expect(await enrolment(whole)).toMatchObject({
      is_paid: 1,
      paid_amount_cents: 4500,
      registration_fee_paid_cents: 1500,
    });
    const auth = await authOf(parts);
    const receipt = async (locale: string) => {
      const res = await app.fetch(`/api/user/payments/${paymentId}/receipt`, {
        headers: { ...auth, 'Accept-Language': locale },
      });
      expect(res.status).toBe(200);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    const es = await receipt('es');
    expect(es).toContain('Matrícula (sin reducción): +20,00 €');
    expect(es).toContain('Queda por pagar de la cuota: 60,00 €');
    expect(es).toContain('Adeudo SEPA');
    expect(await receipt('en')).toContain('Registration fee (never reduced): +€20.00');
    // charged once: the later parts carry none
    expect(await debitLines(parts)).toEqual([
      ['fee', 1, 50],
      ['fee', 2, 30],
      ['fee', 3, 30],
    ]);
  });

  it('a return of that item makes the registration fee due again, presented with part 1', async () => {
    await at('2026-10-20T09:00:00Z');
    // the bank returns part 1 only (insufficient funds): the whole fee stays collected
    const gym = (await detail(r1.id)).items.find((i) => i.activity_name === 'Ximnasia')!;
    const answer = sandboxBankAnswer(await fileOf(r1.id), { returnAll: 'AM04' }).replace(
      new RegExp(`<Ntry>(?:(?!</Ntry>).)*<EndToEndId>${gym.end_to_end_id}</EndToEndId>.*?</Ntry>`),
      '',
    );
    const form = new FormData();
    form.append('file', new Blob([answer], { type: 'text/xml' }), 'answer.xml');
    const res = await app.fetch(`/api/admin/remittances/${r1.id}/returns`, {
      method: 'POST',
      headers: dd.admin.auth,
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await enrolment(parts)).toMatchObject({
      is_paid: 0,
      parts_paid: 0,
      paid_amount_cents: null,
      registration_fee_paid_cents: 0,
    });
    // the whole fee of the other family was not returned: its registration fee stays paid
    expect(await enrolment(whole)).toMatchObject({ is_paid: 1, registration_fee_paid_cents: 1500 });
    expect(await debitLines(parts)).toEqual([
      ['fee', 1, 50],
      ['fee', 2, 30],
      ['fee', 3, 30],
      ['return_fee', null, 6],
    ]);
    await at('2026-11-01T09:00:00Z');
    const r2 = await remit('2026-11-16');
    const d = await detail(r2.id);
    expect(d.items.map((i) => [i.part?.number ?? null, i.amount])).toEqual(
      expect.arrayContaining([
        [1, 50],
        [null, 6],
      ]),
    );
    expect(d.items).toHaveLength(2);
    expect(await fileOf(r2.id)).toContain('<CtrlSum>56.00</CtrlSum>');
  });
});
