import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { directDebitKit, GOOD_IBAN, type DirectDebitKit, type Family } from './direct-debit-kit.js';

/**
 * A mandate unused for 36 months lapses (SEPA Core rulebook; issue 62), over HTTP and the
 * `direct-debit-lapse` job on the real app and database. Unused: no collection (or no signature,
 * when never used) for 36 months counted in Europe/Madrid civil dates; it lapses on the day the
 * 36 months are up. Its fees not with the bank leave it (pending, for card or Bizum), the resident
 * is told in their language, the lapse is audited, and the mandate cannot take a fee again.
 * A mandate with a debit in a remittance is being used: it does not lapse.
 */
describe('direct debit: a mandate unused for 36 months lapses', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  /** Domiciled on 1 Sept 2026 (Madrid), never collected: lapses on 1 Sept 2029. */
  let unused: Family;
  /** Collected on 16 Sept 2026: lapses on 16 Sept 2029, not on its signature's day. */
  let collected: Family;
  /** Signed on 20 Sept 2026, first used in a remittance for 25 Sept 2029. */
  let withTheBank: {
    user: { id: number; dni: string };
    mandate: { id: number; reference: string };
  };

  const lapse = async () => {
    const turn = await app.deps.jobs.runNow<{
      mandates_lapsed: number;
      direct_debits_ended: number;
    }>('direct-debit-lapse');
    expect(turn.ran).toBe(true);
    return turn.result!;
  };
  const mandate = (id: number) =>
    app.deps.db
      .q()
      .selectFrom('mandates')
      .select(['status', 'status_at', 'last_debit_on'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const debitsOf = (mandateId: number) =>
    app.deps.db
      .q()
      .selectFrom('direct_debits')
      .select(['status', 'ended_reason'])
      .where('mandate_id', '=', mandateId)
      .execute();
  const audits = (mandateId: number) =>
    app.deps.db
      .q()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity', '=', 'mandate')
      .where('entity_id', '=', String(mandateId))
      .where('action', '=', 'mandate.lapse')
      .execute();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    await dd.enable();
    collected = await dd.family(GOOD_IBAN, await dd.f.activity('Ximnasia', 4000), 'Uxía');
    // the first remittance takes the one fee domiciled so far
    const r1 = await dd.remit('2026-09-16');
    expect(r1.count).toBe(1);
    unused = await dd.family(GOOD_IBAN, await dd.f.activity('Pilates', 2500), 'Antía', 'gl');
    await dd.at('2026-09-16T10:00:00Z');
    expect((await dd.detail(r1.id)).status).toBe('collected');
    expect(await mandate(collected.mandate.id)).toMatchObject({ last_debit_on: '2026-09-16' });
    await dd.at('2026-09-20T10:00:00Z');
    const user = await dd.f.user();
    withTheBank = { user, mandate: await dd.sign(user, GOOD_IBAN, 'Iago Pereira Souto') };
  });
  afterAll(() => app.close());

  it('keeps a mandate until its 36 months are up, in Madrid dates', async () => {
    // 31 Aug 2029 at 23:30 in Madrid (21:30 UTC): the day before the 36 months
    await dd.at('2029-08-31T21:30:00Z');
    expect(await lapse()).toEqual({ mandates_lapsed: 0, direct_debits_ended: 0 });
    expect((await mandate(unused.mandate.id)).status).toBe('active');
    expect(await debitsOf(unused.mandate.id)).toEqual([{ status: 'active', ended_reason: null }]);
  });

  it('lapses it on that day: its fee pending again, the resident told in Galician, audited', async () => {
    // 1 Sept 2029 at 00:30 in Madrid (22:30 UTC the day before)
    await dd.at('2029-08-31T22:30:00Z');
    expect(await lapse()).toEqual({ mandates_lapsed: 1, direct_debits_ended: 1 });
    expect(await mandate(unused.mandate.id)).toMatchObject({
      status: 'lapsed',
      status_at: '2029-08-31T22:30:00.000Z',
    });
    expect(await debitsOf(unused.mandate.id)).toEqual([
      { status: 'ended', ended_reason: 'mandate_lapsed' },
    ]);
    expect(await dd.enrolment(unused)).toMatchObject({ is_paid: 0, parts_paid: 0 });
    expect(await dd.lastMessage()).toContain(
      `a túa orde de domiciliación ${unused.mandate.reference} caducou tras 36 meses sen uso`,
    );
    const [entry] = await audits(unused.mandate.id);
    expect(JSON.parse(entry!.details!)).toMatchObject({
      reference: unused.mandate.reference,
      last_used_on: '2026-09-01',
    });
    // the collected one counts from its collection, not from its signature
    expect((await mandate(collected.mandate.id)).status).toBe('active');
    // run again, nothing more
    expect(await lapse()).toEqual({ mandates_lapsed: 0, direct_debits_ended: 0 });
    expect(await audits(unused.mandate.id)).toHaveLength(1);
  });

  it('the resident sees it lapsed, and it takes no fee again (409, in their language)', async () => {
    const auth = await dd.authOf(unused.user.id);
    const listed = await app.fetch('/api/user/mandates', { headers: auth });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id: unused.mandate.id, status: 'lapsed', iban_erased_at: null }),
    ]);
    const debits = await app.fetch('/api/user/direct-debits', { headers: auth });
    expect(await debits.json()).toEqual([expect.objectContaining({ status: 'ended' })]);
    const before = await dd.f.count('direct_debits');
    for (const [locale, text] of [
      ['en', `Mandate ${unused.mandate.reference} lapsed on 01/09/2029 because it was not used`],
      ['gl', `A orde de domiciliación ${unused.mandate.reference} caducou o 01/09/2029`],
    ] as const) {
      const res = await dd.domicile(
        unused.user,
        unused.mandate.id,
        unused.person.id,
        unused.activityId,
        locale,
      );
      expect(res.status).toBe(409);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe('mandate_not_active');
      expect(body.detail).toContain(text);
    }
    expect(await dd.f.count('direct_debits')).toBe(before);
  });

  it('does not lapse a mandate whose debit is with the bank; its collection starts the months again', async () => {
    // first used three years after its signature: a fee domiciled and sent for 25 Sept 2029
    const person = await dd.f.person('Iago', 'Pereira Souto');
    await dd.f.link(withTheBank.user.id, person.id);
    const activityId = await dd.f.activity('Tenis', 3500);
    await dd.f.enrol(person.id, activityId);
    const domiciled = await dd.domicile(
      withTheBank.user,
      withTheBank.mandate.id,
      person.id,
      activityId,
    );
    expect(domiciled.status).toBe(201);
    const r2 = await dd.remit('2029-09-25');
    expect(r2.count).toBe(1);
    // 20 Sept 2029: 36 months since its signature; the collected one's are up on the 16th
    await dd.at('2029-09-20T10:00:00Z');
    expect(await lapse()).toEqual({ mandates_lapsed: 1, direct_debits_ended: 1 });
    expect((await mandate(collected.mandate.id)).status).toBe('lapsed');
    expect((await mandate(withTheBank.mandate.id)).status).toBe('active');
    expect(await debitsOf(withTheBank.mandate.id)).toEqual([
      { status: 'active', ended_reason: null },
    ]);
    expect((await dd.detail(r2.id)).items.map((i) => i.status)).toEqual(['in_remittance']);
    // collected on its date: used, so not lapsed the day after
    await dd.at('2029-09-25T10:00:00Z');
    expect((await dd.detail(r2.id)).items.map((i) => i.status)).toEqual(['collected']);
    await dd.at('2029-09-26T10:00:00Z');
    expect(await lapse()).toEqual({ mandates_lapsed: 0, direct_debits_ended: 0 });
    expect(await mandate(withTheBank.mandate.id)).toMatchObject({
      status: 'active',
      last_debit_on: '2029-09-25',
    });
  });
});
