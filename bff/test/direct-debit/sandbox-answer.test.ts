import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_RETURN_IBANS } from '../../src/adapters/direct-debit-sandbox/bank.js';
import { bffRoot } from '../../src/lib/paths.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';

const GOOD_IBAN = 'ES9121000418450200051332';
/** Redsys's public test merchant: with it configured the sandbox gateway and bank are off. */
const REDSYS = {
  REDSYS_MERCHANT_CODE: '999008881',
  REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
};

type Admin = Awaited<ReturnType<ReturnType<typeof factory>['user']>>;

/** A fee of its own on a mandate of this IBAN, for a family of its own. */
async function domiciled(app: TestApp, f: ReturnType<typeof factory>, iban: string, name: string) {
  const user = await f.user();
  const person = await f.person(name, 'Pereira Souto');
  await f.link(user.id, person.id);
  const activityId = await f.activity(`Ximnasia ${name}`, 3000);
  await f.enrol(person.id, activityId);
  const signed = await app.json(
    '/api/user/mandates',
    'POST',
    { iban, holder_name: `${name} Pereira Souto`, holder_dni: user.dni },
    user.auth,
  );
  expect(signed.status).toBe(201);
  const mandate = (await signed.json()) as { id: number };
  const res = await app.json(
    '/api/user/direct-debits',
    'POST',
    { mandate_id: mandate.id, person_activity_id: person.id, activity_id: activityId },
    user.auth,
  );
  expect(res.status).toBe(201);
}

/** An app with direct debit on, staff, and a remittance of the given accounts' fees. */
async function withRemittance(env: Record<string, string>, ibans: Record<string, string>) {
  const app = await startTestApp({ now: '2026-09-01T10:00:00Z', env });
  const f = factory(app);
  const admin: Admin = await f.user('admin');
  const current = await app.deps.repos.config.get();
  await app.deps.repos.config.save({
    ...current,
    payments_enabled: true,
    direct_debit_enabled: true,
  });
  for (const [name, iban] of Object.entries(ibans)) await domiciled(app, f, iban, name);
  (app.clock as unknown as { set(at: string): void }).set('2026-10-01T09:00:00Z');
  const user = (await app.deps.repos.users.findById(admin.id))!;
  const auth = { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
  const created = await app.json(
    '/api/admin/remittances',
    'POST',
    { collection_date: '2026-10-15' },
    auth,
  );
  expect(created.status).toBe(201);
  const remittance = (await created.json()) as { id: number; count: number };
  return { app, f, auth, remittance };
}

/** The sandbox bank's answer to a remittance over HTTP (issue 62, item 7). */
describe('the sandbox bank’s answer to a remittance', () => {
  describe('where sandbox payments are on', () => {
    let ctx: Awaited<ReturnType<typeof withRemittance>>;
    beforeAll(async () => {
      ctx = await withRemittance(
        {},
        {
          Xoán: GOOD_IBAN,
          ...Object.fromEntries(
            Object.entries(SANDBOX_RETURN_IBANS).map(([code, iban]) => [code, iban]),
          ),
        },
      );
    });
    afterAll(() => ctx.app.close());

    it('the remittance says the sandbox bank answers it', async () => {
      const res = await ctx.app.fetch(`/api/admin/remittances/${ctx.remittance.id}`, {
        headers: ctx.auth,
      });
      expect(await res.json()).toMatchObject({ sandbox_bank: true });
    });

    it('downloads a camt.054 returning each test account with its code, audited, and it imports cleanly once', async () => {
      const { app, auth, remittance } = ctx;
      expect(remittance.count).toBe(9);
      const res = await app.fetch(`/api/admin/remittances/${remittance.id}/sandbox-answer`, {
        headers: auth,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[\w-]+-sandbox-camt054\.xml"$/,
      );
      const xml = await res.text();
      expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:camt.054.001.02');
      const schema = readFileSync(
        resolve(bffRoot, 'test/fixtures/sepa/camt.054.001.02.xsd'),
        'utf8',
      );
      const valid = await validateXML({
        xml: { fileName: 'answer.xml', contents: xml },
        schema: [{ fileName: 'camt.054.001.02.xsd', contents: schema }],
      });
      expect(valid.errors).toEqual([]);
      const codes = [...xml.matchAll(/<Rsn><Cd>(\w+)<\/Cd><\/Rsn>/g)].map((m) => m[1]).sort();
      expect(codes).toEqual(Object.keys(SANDBOX_RETURN_IBANS).sort());

      const audited = await app.deps.db
        .q()
        .selectFrom('audit_log')
        .select(['action', 'entity_id'])
        .where('action', '=', 'remittance.sandbox_answer')
        .execute();
      expect(audited).toEqual([
        { action: 'remittance.sandbox_answer', entity_id: String(remittance.id) },
      ]);

      const upload = () => {
        const form = new FormData();
        form.append('file', new Blob([xml], { type: 'text/xml' }), 'answer.xml');
        return app.fetch(`/api/admin/remittances/${remittance.id}/returns`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
      };
      const first = await upload();
      expect(first.status).toBe(200);
      const applied = (await first.json()) as {
        file_type: string;
        applied: number;
        returns: { reason_code: string }[];
      };
      expect(applied).toMatchObject({ file_type: 'camt.054', applied: 8, already_applied: 0 });
      expect(applied.returns.map((r) => r.reason_code).sort()).toEqual(codes);
      expect(await (await upload()).json()).toMatchObject({ applied: 0, already_applied: 8 });
    });

    it('answers 404 for a remittance that does not exist, and 401 without staff', async () => {
      expect(
        (await ctx.app.fetch('/api/admin/remittances/99999/sandbox-answer', { headers: ctx.auth }))
          .status,
      ).toBe(404);
      expect(
        (await ctx.app.fetch(`/api/admin/remittances/${ctx.remittance.id}/sandbox-answer`)).status,
      ).toBe(401);
      const resident = await ctx.f.user();
      expect(
        (
          await ctx.app.fetch(`/api/admin/remittances/${ctx.remittance.id}/sandbox-answer`, {
            headers: resident.auth,
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('where the sandbox is off (Redsys configured)', () => {
    let ctx: Awaited<ReturnType<typeof withRemittance>>;
    beforeAll(async () => {
      ctx = await withRemittance(REDSYS, { Xoán: GOOD_IBAN });
    });
    afterAll(() => ctx.app.close());

    it('answers 404 as an unknown address does, for staff and anyone, writing no audit', async () => {
      const { app, auth, remittance } = ctx;
      const unknown = await app.fetch('/api/admin/remittances/no-such-route/at-all', {
        headers: auth,
      });
      expect(unknown.status).toBe(404);
      const unknownBody = await unknown.json();
      for (const headers of [auth, {}]) {
        const res = await app.fetch(`/api/admin/remittances/${remittance.id}/sandbox-answer`, {
          headers,
        });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual(unknownBody);
      }
      const audited = await app.deps.db
        .q()
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'remittance.sandbox_answer')
        .execute();
      expect(audited).toEqual([]);
      const detail = await app.fetch(`/api/admin/remittances/${remittance.id}`, { headers: auth });
      expect(await detail.json()).toMatchObject({ sandbox_bank: false });
    });
  });
});
