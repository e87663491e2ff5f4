import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';
import { pdfText } from '../payments/helpers.js';

/** The signed mandate as a PDF in the caller's language, read back with pdftotext (issue 62). */
describe('the signed mandate document', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let owner: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  let mandate: { id: number; reference: string };

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-09-01T10:00:00Z' });
    f = factory(app);
    const current = await app.deps.repos.config.get();
    await app.deps.repos.config.save({ ...current, direct_debit_enabled: true });
    owner = await f.user();
    const signed = await app.json(
      '/api/user/mandates',
      'POST',
      {
        iban: 'ES9121000418450200051332',
        holder_name: 'María López García',
        holder_dni: '12345678Z',
      },
      owner.auth,
    );
    expect(signed.status).toBe(201);
    mandate = (await signed.json()) as { id: number; reference: string };
  });
  afterAll(() => app.close());

  const get = (id: number, auth: Record<string, string>, locale: string) =>
    app.fetch(`/api/user/mandates/${id}/document`, {
      headers: { ...auth, 'Accept-Language': locale },
    });

  it.each([
    [
      'es',
      'Orden de domiciliación de adeudo directo SEPA',
      'ocho semanas',
      'Firmada electrónicamente',
    ],
    ['en', 'SEPA Direct Debit Mandate', 'within 8 weeks', 'Signed electronically'],
    [
      'gl',
      'Orde de domiciliación de adebedo directo SEPA',
      'oito semanas',
      'Asinada electronicamente',
    ],
  ])(
    'in %s: legal text, creditor, debtor, date and how it was signed',
    async (locale, title, refund, how) => {
      const res = await get(mandate.id, owner.auth, locale);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${mandate.reference}.pdf"`,
      );
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
      expect(text).toContain(title);
      expect(text).toContain(mandate.reference);
      expect(text).toContain(refund);
      expect(text).toContain(how);
      // the creditor: its name, identifier and structured address (the shipped council file)
      expect(text).toContain('ES64ZZZP3603500C');
      expect(text).toContain('Nigrán');
      expect(text).toContain('María López García');
      expect(text).toContain('12345678Z');
      expect(text).toContain('ES91 2100 0418 4502 0005 1332');
      expect(text).toContain('2026');
    },
  );

  it('is only its signer’s', async () => {
    const other = await f.user();
    expect((await get(mandate.id, other.auth, 'es')).status).toBe(404);
    expect((await get(999999, owner.auth, 'es')).status).toBe(404);
    expect((await app.fetch(`/api/user/mandates/${mandate.id}/document`)).status).toBe(401);
  });
});
