import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_RETURN_IBANS,
  sandboxBankAnswer,
} from '../../src/adapters/direct-debit-sandbox/bank.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { pdfText } from '../payments/helpers.js';
import {
  directDebitKit,
  expectValid,
  GOOD_IBAN,
  type DirectDebitKit,
  type Family,
  type Remittance,
} from './direct-debit-kit.js';

/**
 * Direct debit from the remittance to the bank's answer (issue 62), over HTTP on the real app and
 * database: a fee in three parts collected in three remittances (FRST then RCUR), the sandbox
 * bank's pain.002 and camt.054 (valid against the official schemas) applied once each, the
 * return fee, an AM04 presented once more, debits ended by MD01/MS02, a mandate suspended after
 * two returns in the season, a cancelled mandate leaving its fee pending, bad files refused.
 */
describe('direct debit: collection and returns', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  let f: DirectDebitKit['f'];
  const at = (when: string) => dd.at(when);
  const family = (iban: string, activityId: number, name: string) =>
    dd.family(iban, activityId, name);
  const remit = (date: string) => dd.remit(date);
  const fileOf = (id: number) => dd.fileOf(id);
  const detail = (id: number, locale?: string) => dd.detail(id, locale);
  const upload = (id: number, contents: string | null, name?: string) =>
    dd.upload(id, contents, name);
  const enrolment = (fam: Family) => dd.enrolment(fam);
  const debitStatus = async (fam: Family) =>
    (
      await app.deps.db
        .q()
        .selectFrom('direct_debits')
        .select(['status', 'ended_reason'])
        .where('enrolment_id', '=', fam.person.id)
        .executeTakeFirstOrThrow()
    ).status;
  const mandateStatus = async (fam: Family) =>
    (
      await app.deps.db
        .q()
        .selectFrom('mandates')
        .select('status')
        .where('id', '=', fam.mandate.id)
        .executeTakeFirstOrThrow()
    ).status;
  const snapshot = async () => ({
    returns: await f.count('direct_debit_returns'),
    payments: await app.deps.db
      .q()
      .selectFrom('payments')
      .select(['id', 'status'])
      .orderBy('id')
      .execute(),
    items: await app.deps.db
      .q()
      .selectFrom('remittance_items')
      .select(['id', 'status'])
      .orderBy('id')
      .execute(),
    enrolments: await app.deps.db
      .q()
      .selectFrom('enrolment_activities')
      .select(['enrolment_id', 'is_paid', 'parts_paid'])
      .orderBy('enrolment_id')
      .execute(),
    outbox: await f.count('outbox'),
  });

  let parts: Family;
  let am04: Family;
  let md01: Family;
  let ms02: Family;
  let cancelled: Family;
  let r1: Remittance;
  let r2: Remittance;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    f = dd.f;
    await dd.enable({ direct_debit_return_fee_cents: 600 });
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
    const inParts = ((await created.json()) as { id: number }).id;
    parts = await family(GOOD_IBAN, inParts, 'Xoán');
    am04 = await family(SANDBOX_RETURN_IBANS.AM04!, await f.activity('Ximnasia', 4000), 'Uxía');
    md01 = await family(SANDBOX_RETURN_IBANS.MD01!, await f.activity('Pilates', 2500), 'Antía');
    ms02 = await family(SANDBOX_RETURN_IBANS.MS02!, await f.activity('Ioga', 2000), 'Brais');
    cancelled = await family(GOOD_IBAN, await f.activity('Tenis', 3500), 'Iago');
  });
  afterAll(() => app.close());

  it('a cancelled mandate leaves its fee pending and out of the remittance', async () => {
    const res = await app.fetch(`/api/user/mandates/${cancelled.mandate.id}`, {
      method: 'DELETE',
      headers: cancelled.user.auth,
    });
    expect(res.status).toBe(204);
    expect(await mandateStatus(cancelled)).toBe('cancelled');
    expect(await debitStatus(cancelled)).toBe('ended');
    expect(await enrolment(cancelled)).toMatchObject({ is_paid: 0 });
  });

  it('the first remittance: FRST for every mandate, its control sum, valid against the XSD', async () => {
    await at('2026-10-01T09:00:00Z');
    r1 = await remit('2026-10-15');
    expect(r1.count).toBe(4);
    const xml = await fileOf(r1.id);
    await expectValid(xml, 'pain.008.001.08.xsd');
    expect(xml).not.toContain('<SeqTp>RCUR</SeqTp>');
    expect(xml.match(/<DrctDbtTxInf>/g)).toHaveLength(4);
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) =>
      Number(m[1]),
    );
    const sum = Math.round(amounts.reduce((s, a) => s + a * 100, 0)) / 100;
    expect(sum).toBe(r1.total);
    expect(xml).toContain(`<CtrlSum>${r1.total.toFixed(2)}</CtrlSum>`);
    const d = await detail(r1.id);
    expect(d.items.map((i) => i.person_name).sort()).toEqual([
      'Antía Pereira Souto',
      'Brais Pereira Souto',
      'Uxía Pereira Souto',
      'Xoán Pereira Souto',
    ]);
    expect(d.items.every((i) => i.status === 'in_remittance' && i.iban_masked.includes('*'))).toBe(
      true,
    );
    expect(d).toMatchObject({ collected: 0, returned: 0, pending: r1.total, returns: [] });
  });

  it('refuses files that are not the bank’s answer to this remittance, changing nothing', async () => {
    const before = await snapshot();
    const pain008 = await fileOf(r1.id);
    const cases: [string | null, string][] = [
      [null, 'please_select_file'],
      ['', 'empty'],
      ['<Document><unclosed></Document>', 'not valid XML'],
      [pain008, 'neither a pain.002 nor a camt.054'],
      [
        sandboxBankAnswer(pain008, { format: 'pain.002' }).replace(
          'pain.002.001.03',
          'pain.002.001.02',
        ),
        'too old a version',
      ],
      [
        sandboxBankAnswer(pain008).replaceAll(`RM${r1.id}-`, 'RM999-'),
        `matches no debit of remittance ${r1.id}`,
      ],
      [
        sandboxBankAnswer(pain008).replace(/<RtrInf>.*?<\/RtrInf>/, ''),
        'no reference or no reason code',
      ],
    ];
    for (const [contents, words] of cases) {
      const res = await upload(r1.id, contents);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { code: string; detail: string };
      if (words === 'please_select_file') expect(body.code).toBe('please_select_file');
      else {
        expect(body.code).toBe('returns_file_invalid');
        if (words !== 'empty') expect(body.detail).toContain(words);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await upload(99999, sandboxBankAnswer(pain008))).status).toBe(404);
  });

  it('a pain.002 before the collection: AM04, MD01 and MS02 applied once', async () => {
    await at('2026-10-14T09:00:00Z');
    const answer = sandboxBankAnswer(await fileOf(r1.id), { format: 'pain.002' });
    await expectValid(answer, 'pain.002.001.03.xsd');
    const outboxBefore = await f.count('outbox');
    const res = await upload(r1.id, answer);
    expect(res.status).toBe(200);
    const result = (await res.json()) as {
      file_type: string;
      applied: number;
      already_applied: number;
      returns: { reason_code: string; reason: string; represent: boolean }[];
    };
    expect(result).toMatchObject({ file_type: 'pain.002', applied: 3, already_applied: 0 });
    expect(result.returns.map((r) => [r.reason_code, r.reason, r.represent]).sort()).toEqual([
      ['AM04', 'Insufficient funds', true],
      ['MD01', 'No valid mandate', false],
      ['MS02', 'Refused by the account holder', false],
    ]);
    // each resident told, in the language they signed in
    const messages = await app.deps.db
      .q()
      .selectFrom('outbox')
      .select('body')
      .where('id', '>', 0)
      .orderBy('id')
      .execute();
    expect(messages.length - outboxBefore).toBe(3);
    expect(
      messages
        .slice(-3)
        .map((m) => m.body)
        .join('\n'),
    ).toContain('Saldo insuficiente');
    // MD01 and MS02 end the debit of that fee; the mandates stay (one return each)
    expect(await debitStatus(md01)).toBe('ended');
    expect(await debitStatus(ms02)).toBe('ended');
    expect(await debitStatus(am04)).toBe('active');
    expect(await mandateStatus(md01)).toBe('active');

    const before = await snapshot();
    const again = await upload(r1.id, answer);
    expect(await again.json()).toMatchObject({ applied: 0, already_applied: 3 });
    expect(await snapshot()).toEqual(before);

    const audit = await app.deps.db
      .q()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'remittance.returns')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('on its date the remittance is collected as paid payments, returned items are not', async () => {
    await at('2026-10-15T12:00:00Z');
    const d = await detail(r1.id, 'gl');
    expect(d.status).toBe('collected');
    const first = d.items.find((i) => i.person_name.startsWith('Xoán'))!;
    expect(first).toMatchObject({ status: 'collected', part: { number: 1, of: 3 } });
    expect(d.collected).toBe(first.amount);
    expect(d.returned).toBe(Math.round((r1.total - first.amount) * 100) / 100);
    expect(d.pending).toBe(0);
    expect(d.returns.map((r) => r.reason).sort()).toEqual([
      'Rexeitado polo titular',
      'Saldo insuficiente',
      'Sen orde de domiciliación válida',
    ]);
    const paid = await enrolment(parts);
    expect(paid).toMatchObject({ is_paid: 0, parts_paid: 1 });
    const payment = await app.deps.db
      .q()
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paid.paid_payment_id!)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'paid',
      pay_method: 'direct_debit',
      gateway: 'sepa',
      amount_cents: Math.round(first.amount * 100),
    });
    expect(payment.verification_code).not.toBeNull();
    // its receipt, as a card payment's, says how it was paid in the resident's language
    const user = (await app.deps.repos.users.findById(parts.user.id))!;
    const auth = { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
    for (const [locale, words] of [
      ['es', 'Adeudo SEPA'],
      ['en', 'SEPA direct debit'],
      ['gl', 'Adebedo SEPA'],
    ] as const) {
      const receipt = await app.fetch(`/api/user/payments/${payment.id}/receipt`, {
        headers: { ...auth, 'Accept-Language': locale },
      });
      expect(receipt.status).toBe(200);
      expect(pdfText(Buffer.from(await receipt.arrayBuffer()))).toContain(words);
    }
    expect(await f.count('payments')).toBe(1);
    // the job finds nothing more to collect
    expect(await app.deps.directDebit.collection.collectDue()).toEqual({
      remittances_collected: 0,
    });
    for (const fam of [am04, md01, ms02])
      expect(await enrolment(fam)).toMatchObject({ is_paid: 0 });
  });

  it('the second remittance: RCUR for the collected mandate, AM04 presented again with its return fee', async () => {
    await at('2027-01-01T09:00:00Z');
    r2 = await remit('2027-01-15');
    const d = await detail(r2.id);
    const rows = d.items
      .map((i) => [i.person_name, i.sequence_type, i.activity_name, i.part?.number ?? null])
      .sort();
    expect(rows).toEqual([
      [
        'Uxía Pereira Souto',
        'FRST',
        expect.stringMatching(/^Comisión por devolución de «Ximnasia/),
        null,
      ],
      ['Uxía Pereira Souto', 'FRST', expect.stringMatching(/^Ximnasia/), null],
      ['Xoán Pereira Souto', 'RCUR', 'Escola de natación', 2],
    ]);
    const first = (await detail(r1.id)).items.find((i) => i.person_name.startsWith('Uxía'))!;
    const again = d.items.filter((i) => i.person_name.startsWith('Uxía')).map((i) => i.amount);
    // the same fee presented once more, and the council's 6 € return fee as a line of its own
    expect(again.sort((a, b) => a - b)).toEqual([6, first.amount].sort((a, b) => a - b));
    const xml = await fileOf(r2.id);
    await expectValid(xml, 'pain.008.001.08.xsd');
    expect(xml).toContain(`<CtrlSum>${r2.total.toFixed(2)}</CtrlSum>`);
  });

  it('a camt.054 after the collection undoes the payments; a second AM04 is not presented again; two returns suspend the mandate', async () => {
    await at('2027-01-20T09:00:00Z');
    const answer = sandboxBankAnswer(await fileOf(r2.id));
    await expectValid(answer, 'camt.054.001.02.xsd');
    const collected = await detail(r2.id);
    expect(collected.status).toBe('collected');
    expect(await enrolment(am04)).toMatchObject({ is_paid: 1 });
    const res = await upload(r2.id, answer);
    expect(res.status).toBe(200);
    const result = (await res.json()) as { applied: number; returns: { represent: boolean }[] };
    expect(result.applied).toBe(2);
    expect(result.returns.every((r) => !r.represent)).toBe(true);
    expect(await enrolment(am04)).toMatchObject({ is_paid: 0, paid_payment_id: null });
    const failed = await app.deps.db
      .q()
      .selectFrom('payments')
      .select(['status', 'response_code'])
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toEqual([
      { status: 'failed', response_code: 'AM04' },
      { status: 'failed', response_code: 'AM04' },
    ]);
    expect(await mandateStatus(am04)).toBe('suspended');
    // the part collected in the same remittance stays paid
    expect(await enrolment(parts)).toMatchObject({ parts_paid: 2 });

    const before = await snapshot();
    expect(await (await upload(r2.id, answer)).json()).toMatchObject({
      applied: 0,
      already_applied: 2,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the third remittance collects the last part: the fee is paid', async () => {
    await at('2027-04-01T09:00:00Z');
    const r3 = await remit('2027-04-15');
    const d = await detail(r3.id);
    expect(d.items.map((i) => [i.person_name, i.sequence_type, i.part])).toEqual([
      ['Xoán Pereira Souto', 'RCUR', { number: 3, of: 3 }],
    ]);
    await expectValid(await fileOf(r3.id), 'pain.008.001.08.xsd');
    await at('2027-04-15T12:00:00Z');
    expect(await app.deps.directDebit.collection.collectDue()).toEqual({
      remittances_collected: 1,
    });
    expect(await enrolment(parts)).toMatchObject({ is_paid: 1, parts_paid: 3 });
    const methods = await app.deps.db
      .q()
      .selectFrom('payments')
      .select(['pay_method', 'gateway'])
      .where('enrolment_id', '=', parts.person.id)
      .where('status', '=', 'paid')
      .execute();
    expect(methods).toHaveLength(3);
    expect(methods.every((m) => m.pay_method === 'direct_debit' && m.gateway === 'sepa')).toBe(
      true,
    );
  });

  it('the resident’s data export holds the mandate (IBAN masked) and every debit with its return', async () => {
    await at('2027-04-20T09:00:00Z');
    const user = (await app.deps.repos.users.findById(am04.user.id))!;
    const auth = { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
    const res = await app.fetch('/api/user/me/export', { headers: auth });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(SANDBOX_RETURN_IBANS.AM04!);
    const data = JSON.parse(text) as {
      mandates: { reference: string; iban_masked: string; status: string }[];
      direct_debits: {
        mandate_reference: string;
        debits: { kind: string; status: string; return_reason_code: string | null }[];
      }[];
    };
    expect(data.mandates).toEqual([
      expect.objectContaining({
        reference: am04.mandate.reference,
        iban_masked: 'ES95 **** **** **** **** 0003',
        status: 'suspended',
      }),
    ]);
    expect(data.direct_debits).toHaveLength(1);
    expect(
      data.direct_debits[0]!.debits.map((d) => [d.kind, d.status, d.return_reason_code]),
    ).toEqual([
      ['fee', 'returned', 'AM04'],
      ['fee', 'returned', 'AM04'],
      ['return_fee', 'returned', 'AM04'],
    ]);
  });

  it('AC04 and MD07 end the debit of the fee too; a return of an unknown code is named by it', async () => {
    await at('2027-04-21T09:00:00Z');
    const ac04 = await family(SANDBOX_RETURN_IBANS.AC04!, await f.activity('Padel', 3000), 'Lois');
    const md07 = await family(SANDBOX_RETURN_IBANS.MD07!, await f.activity('Remo', 3000), 'Sabela');
    const other = await family(
      SANDBOX_RETURN_IBANS.MS03!,
      await f.activity('Xadrez', 1000),
      'Iria',
    );
    await at('2027-05-06T09:00:00Z');
    const r = await remit('2027-05-10');
    expect(r.count).toBe(3);
    await at('2027-05-11T09:00:00Z');
    const answer = sandboxBankAnswer(await fileOf(r.id)).replace('<Cd>MS03</Cd>', '<Cd>XT99</Cd>');
    const res = await upload(r.id, answer);
    expect(res.status).toBe(200);
    const result = (await res.json()) as { returns: { reason_code: string; reason: string }[] };
    expect(result.returns.map((x) => [x.reason_code, x.reason]).sort()).toEqual([
      ['AC04', 'Account closed'],
      ['MD07', 'Account holder deceased'],
      ['XT99', 'Returned by the bank (code XT99)'],
    ]);
    expect(await debitStatus(ac04)).toBe('ended');
    expect(await debitStatus(md07)).toBe('ended');
    expect(await debitStatus(other)).toBe('active');
    for (const fam of [ac04, md07, other])
      expect(await enrolment(fam)).toMatchObject({ is_paid: 0 });
  });
});
