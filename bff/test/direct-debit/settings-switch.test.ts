import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdminConfig, updateAdminConfig } from '../../src/generated/sdk.gen.js';
import { repoRoot } from '../../src/lib/paths.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, type Account } from '../admin/factory.js';

const BASE = {
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: null,
};

/** A copy of the example council without its `sepa` block (no creditor data). */
function councilWithoutSepa(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-council-nosepa-'));
  cpSync(resolve(repoRoot, 'councils/ejemplo'), dir, { recursive: true });
  const file = JSON.parse(readFileSync(join(dir, 'council.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete file.sepa;
  writeFileSync(join(dir, 'council.json'), JSON.stringify(file));
  return dir;
}

const settingsRow = (app: TestApp) =>
  app.row(
    sql`SELECT direct_debit_enabled, direct_debit_notice_days, direct_debit_return_fee_cents FROM config`,
  );

/** The direct debit settings in the admin config: the switch needs the council's creditor data. */
describe('direct debit settings', () => {
  describe('with the creditor data in the council file', () => {
    let app: TestApp;
    let admin: Account;
    beforeAll(async () => {
      app = await startTestApp();
      admin = await createAccount(app, 'admin');
    });
    afterAll(() => app.close());

    it('says direct debit is available and saves the switch, the notice days and the return fee', async () => {
      const initial = await getAdminConfig({ client: app.api, headers: admin.headers });
      expect(initial.data).toMatchObject({
        direct_debit_enabled: false,
        direct_debit_available: true,
        direct_debit_notice_days: 14,
        direct_debit_return_fee: 0,
      });
      const saved = await updateAdminConfig({
        client: app.api,
        headers: admin.headers,
        body: {
          ...BASE,
          direct_debit_enabled: true,
          direct_debit_notice_days: 10,
          direct_debit_return_fee: 6.5,
        },
      });
      expect(saved.response?.status).toBe(200);
      expect(saved.data).toMatchObject({
        direct_debit_enabled: true,
        direct_debit_available: true,
        direct_debit_notice_days: 10,
        direct_debit_return_fee: 6.5,
      });
      expect(await settingsRow(app)).toMatchObject({
        direct_debit_notice_days: 10,
        direct_debit_return_fee_cents: 650,
      });
    });

    it.each([
      [
        'direct_debit_notice_days',
        0,
        'Los días de preaviso deben ser un número entero entre 1 y 60.',
      ],
      [
        'direct_debit_notice_days',
        61,
        'Los días de preaviso deben ser un número entero entre 1 y 60.',
      ],
      [
        'direct_debit_return_fee',
        100.5,
        'La comisión por devolución debe ser un importe entre 0 y 100 €, con céntimos como mucho.',
      ],
    ])('refuses %s %s by its field, in words, changing nothing', async (field, value, msg) => {
      const before = await settingsRow(app);
      // the generated client would refuse the body itself: sent as a browser would
      const answer = await fetch(`${app.baseUrl}/api/admin/config`, {
        method: 'PUT',
        headers: { ...admin.headers, 'Accept-Language': 'es', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...BASE, [field]: value }),
      });
      expect(answer.status).toBe(422);
      expect(await answer.json()).toMatchObject({
        code: 'validation_error',
        detail: [{ loc: ['body', field], msg }],
      });
      expect(await settingsRow(app)).toEqual(before);
    });
  });

  describe('without the creditor data', () => {
    let app: TestApp;
    let admin: Account;
    let dir: string;
    beforeAll(async () => {
      dir = councilWithoutSepa();
      app = await startTestApp({ env: { COUNCIL_FILE: join(dir, 'council.json') } });
      admin = await createAccount(app, 'admin');
    });
    afterAll(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('says direct debit is not available and refuses switching it on by its field', async () => {
      const initial = await getAdminConfig({ client: app.api, headers: admin.headers });
      expect(initial.data).toMatchObject({
        direct_debit_enabled: false,
        direct_debit_available: false,
      });
      const answer = await updateAdminConfig({
        client: app.api,
        headers: { ...admin.headers, 'Accept-Language': 'en' },
        body: { ...BASE, direct_debit_enabled: true },
      });
      expect(answer.response?.status).toBe(422);
      expect(answer.error).toMatchObject({
        code: 'validation_error',
        detail: [
          {
            loc: ['body', 'direct_debit_enabled'],
            type: 'direct_debit_unavailable',
            msg: 'Direct debit needs the council’s SEPA creditor data in its council file.',
          },
        ],
      });
      expect(await settingsRow(app)).toMatchObject({ direct_debit_notice_days: 14 });
      expect(
        (await getAdminConfig({ client: app.api, headers: admin.headers })).data,
      ).toMatchObject({ direct_debit_enabled: false });
      // switching it off, or the other settings, is still allowed
      const off = await updateAdminConfig({
        client: app.api,
        headers: admin.headers,
        body: { ...BASE, direct_debit_enabled: false, direct_debit_notice_days: 20 },
      });
      expect(off.data).toMatchObject({
        direct_debit_available: false,
        direct_debit_notice_days: 20,
      });
    });
  });
});
