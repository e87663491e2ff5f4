import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { pdfText } from '../payments/helpers.js';
import { directDebitKit, GOOD_IBAN, type DirectDebitKit } from './direct-debit-kit.js';

const MASKED = 'ES91 **** **** **** **** 1332';

/**
 * A mandate's record is kept; its IBAN only 14 months after its last debit (the refund window for
 * an unauthorised debit is 13 months; issue 62), then the housekeeping job erases it: only for a
 * mandate no longer usable (cancelled, suspended, lapsed), counted from its last collection or,
 * when never used, from the day it stopped being usable, in Europe/Madrid civil dates (kept
 * through the day the 14 months are up). The masked IBAN stays, with when it was erased, alike
 * in GET /user/mandates, the data export and the mandate's PDF. Audited. Real app and database.
 */
describe('direct debit: IBANs erased 14 months after the last debit', () => {
  let app: TestApp;
  let dd: DirectDebitKit;
  type Signed = { user: { id: number; dni: string }; mandate: { id: number; reference: string } };
  /** Collected on 16 Sept 2026, cancelled on 1 Oct 2026: erased from 17 Nov 2027. */
  let usedThenCancelled: Signed;
  /** Never used, cancelled on 2 Sept 2026: erased from 3 Nov 2027. */
  let neverUsed: Signed;
  /** Never used and left active: kept; lapses on 1 Sept 2029, erased from 2 Nov 2030. */
  let active: Signed;

  const housekeeping = async () => {
    const turn = await app.deps.jobs.runNow<Record<string, number>>('housekeeping');
    expect(turn.ran).toBe(true);
    return turn.result!.mandate_ibans_erased;
  };
  const stored = (id: number) =>
    app.deps.db
      .q()
      .selectFrom('mandates')
      .select(['iban_sealed', 'iban_masked', 'iban_erased_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const erasedAudits = (id: number) =>
    app.deps.db
      .q()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'mandate.iban_erase')
      .where('entity_id', '=', String(id))
      .execute();
  async function cancel(signed: Signed) {
    const res = await app.fetch(`/api/user/mandates/${signed.mandate.id}`, {
      method: 'DELETE',
      headers: await dd.authOf(signed.user.id),
    });
    expect(res.status).toBe(204);
  }
  async function signOnly(name: string): Promise<Signed> {
    const user = await dd.f.user();
    return { user, mandate: await dd.sign(user, GOOD_IBAN, `${name} Pereira Souto`) };
  }

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    dd = await directDebitKit(app);
    await dd.enable();
    usedThenCancelled = await dd.family(GOOD_IBAN, await dd.f.activity('Ximnasia', 4000), 'Uxía');
    const r1 = await dd.remit('2026-09-16');
    expect(r1.count).toBe(1);
    neverUsed = await signOnly('Antía');
    active = await signOnly('Brais');
    await dd.at('2026-09-02T10:00:00Z');
    await cancel(neverUsed);
    await dd.at('2026-09-16T10:00:00Z');
    expect((await dd.detail(r1.id)).status).toBe('collected');
    await dd.at('2026-10-01T10:00:00Z');
    await cancel(usedThenCancelled);
  });
  afterAll(() => app.close());

  it('keeps every IBAN within 14 months of the last debit or cancellation', async () => {
    // 2 Nov 2027 at 23:30 in Madrid: the never-used one's 14 months end today, kept through it
    await dd.at('2027-11-02T22:30:00Z');
    expect(await housekeeping()).toBe(0);
    for (const signed of [usedThenCancelled, neverUsed, active])
      expect((await stored(signed.mandate.id)).iban_sealed).not.toBeNull();
  });

  it('erases a never-used cancelled mandate’s IBAN the day after, the masked one kept, audited', async () => {
    // 3 Nov 2027 at 00:30 in Madrid
    await dd.at('2027-11-02T23:30:00Z');
    expect(await housekeeping()).toBe(1);
    expect(await stored(neverUsed.mandate.id)).toEqual({
      iban_sealed: null,
      iban_masked: MASKED,
      iban_erased_at: '2027-11-02T23:30:00.000Z',
      status: 'cancelled',
    });
    const [entry] = await erasedAudits(neverUsed.mandate.id);
    expect(JSON.parse(entry!.details!)).toMatchObject({
      reference: neverUsed.mandate.reference,
      status: 'cancelled',
      kept_since: '2026-09-02',
    });
    // the one collected in September 2026 is within its 14 months
    expect((await stored(usedThenCancelled.mandate.id)).iban_sealed).not.toBeNull();
    expect(await housekeeping()).toBe(0);
    expect(await erasedAudits(neverUsed.mandate.id)).toHaveLength(1);
  });

  it('counts a used mandate’s 14 months from its last collection, not its cancellation', async () => {
    await dd.at('2027-11-16T12:00:00Z');
    expect(await housekeeping()).toBe(0);
    await dd.at('2027-11-17T08:00:00Z');
    expect(await housekeeping()).toBe(1);
    expect(await stored(usedThenCancelled.mandate.id)).toMatchObject({
      iban_sealed: null,
      iban_erased_at: '2027-11-17T08:00:00.000Z',
    });
    const [entry] = await erasedAudits(usedThenCancelled.mandate.id);
    expect(JSON.parse(entry!.details!)).toMatchObject({ kept_since: '2026-09-16' });
    // a mandate still in force keeps its IBAN however long unused
    expect((await stored(active.mandate.id)).iban_sealed).not.toBeNull();
  });

  it('shows the erased mandate alike in its list, the data export and its PDF', async () => {
    const auth = await dd.authOf(usedThenCancelled.user.id);
    const listed = await app.fetch('/api/user/mandates', { headers: auth });
    expect(await listed.json()).toEqual([
      expect.objectContaining({
        id: usedThenCancelled.mandate.id,
        iban_masked: MASKED,
        iban_erased_at: '2027-11-17T08:00:00.000Z',
        status: 'cancelled',
      }),
    ]);
    const exported = await app.fetch('/api/user/me/export', { headers: auth });
    expect(exported.status).toBe(200);
    const data = (await exported.json()) as { mandates: unknown[] };
    expect(data.mandates).toEqual([
      expect.objectContaining({
        reference: usedThenCancelled.mandate.reference,
        iban_masked: MASKED,
        iban_erased_at: '2027-11-17T08:00:00.000Z',
      }),
    ]);
    const pdf = await app.fetch(`/api/user/mandates/${usedThenCancelled.mandate.id}/document`, {
      headers: auth,
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(MASKED);
    expect(text).not.toContain('ES91 2100 0418 4502 0005 1332');
  });

  it('erases a lapsed mandate’s IBAN 14 months after it lapsed, when it was never used', async () => {
    await dd.at('2029-09-01T10:00:00Z');
    expect((await app.deps.jobs.runNow('direct-debit-lapse')).ran).toBe(true);
    expect((await stored(active.mandate.id)).status).toBe('lapsed');
    expect(await housekeeping()).toBe(0);
    await dd.at('2030-11-01T12:00:00Z');
    expect(await housekeeping()).toBe(0);
    await dd.at('2030-11-02T12:00:00Z');
    expect(await housekeeping()).toBe(1);
    expect(await stored(active.mandate.id)).toMatchObject({ iban_sealed: null, status: 'lapsed' });
  });
});
