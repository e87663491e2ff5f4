import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { zAdminCircumstanceRequest, zCircumstanceRequest } from '../../src/generated/zod.gen.js';
import { authHeaders, createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { askWithPdf, circumstanceBody, createCircumstance, DAY_MS, resident } from './helpers.js';

describe('documents are deleted some days after the decision', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp({ env: { DOCUMENT_RETENTION_DAYS: '7' } });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const documents = () =>
    app.column<number>(sql`SELECT request_id FROM circumstance_documents ORDER BY request_id`);
  const housekeeping = async () => {
    const turn = await app.deps.jobs.runNow<Record<string, number>>('housekeeping');
    expect(turn.ran).toBe(true);
    return turn.result?.circumstance_documents_deleted;
  };

  it('keeps a pending request’s document, and deletes a decided one’s when its days are up', async () => {
    const circumstance = await createCircumstance(app, admin, circumstanceBody('Desempleo'));
    const family = await resident(app, { count: 3 });
    const approved = await askWithPdf(app, family, family.people[0]!, circumstance);
    const refused = await askWithPdf(app, family, family.people[1]!, circumstance);
    const pending = await askWithPdf(app, family, family.people[2]!, circumstance);
    const decide = async (id: number, path: string, body: unknown) => {
      const res = await app.json(
        `/api/admin/circumstance-requests/${id}/${path}`,
        'POST',
        body,
        admin.headers,
      );
      expect(res.status).toBe(200);
    };
    await decide(approved, 'approve', { valid_until: '2027-11-21' });
    app.clock.advance(2 * DAY_MS);
    admin.headers = await authHeaders(app, admin.id);
    await decide(refused, 'refuse', { reason_code: 'unreadable' });

    // six days and 23 hours after the approval: nothing yet
    app.clock.advance(5 * DAY_MS - 3_600_000 + 1);
    expect(await housekeeping()).toBe(0);
    expect(await documents()).toEqual([approved, refused, pending]);

    // seven days after the approval: its document goes, the refusal's in two days more
    app.clock.advance(3_600_000);
    expect(await housekeeping()).toBe(1);
    expect(await documents()).toEqual([refused, pending]);
    app.clock.advance(2 * DAY_MS);
    expect(await housekeeping()).toBe(1);
    // a pending request waits, however long
    app.clock.advance(400 * DAY_MS);
    expect(await housekeeping()).toBe(0);
    expect(await documents()).toEqual([pending]);

    // the request stays, its document does not
    family.account.headers = await authHeaders(app, family.account.id);
    admin.headers = await authHeaders(app, admin.id);
    const mine = zCircumstanceRequest
      .array()
      .parse(
        await (
          await app.fetch('/api/user/circumstances', { headers: family.account.headers })
        ).json(),
      );
    expect(Object.fromEntries(mine.map((r) => [r.id, r.has_document]))).toEqual({
      [approved]: false,
      [refused]: false,
      [pending]: true,
    });
    const staff = zAdminCircumstanceRequest
      .array()
      .parse(
        await (
          await app.fetch('/api/admin/circumstance-requests', { headers: admin.headers })
        ).json(),
      );
    expect(Object.fromEntries(staff.map((r) => [r.id, r.document_type]))).toEqual({
      [approved]: null,
      [refused]: null,
      [pending]: 'application/pdf',
    });
    for (const path of [
      `/api/user/circumstances/${approved}/document`,
      `/api/admin/circumstance-requests/${approved}/document`,
    ]) {
      const who = path.startsWith('/api/user') ? family.account.headers : admin.headers;
      expect((await app.fetch(path, { headers: who })).status, path).toBe(404);
    }
  });

  it('takes DOCUMENT_RETENTION_DAYS from 1 to 365, 30 when unset, and refuses anything else', () => {
    expect(loadConfig({}).documentRetentionDays).toBe(30);
    expect(loadConfig({ DOCUMENT_RETENTION_DAYS: '1' }).documentRetentionDays).toBe(1);
    expect(loadConfig({ DOCUMENT_RETENTION_DAYS: '365' }).documentRetentionDays).toBe(365);
    for (const wrong of ['0', '366', '-3', '7.5', 'thirty']) {
      expect(() => loadConfig({ DOCUMENT_RETENTION_DAYS: wrong }), wrong).toThrow(ConfigError);
      expect(() => loadConfig({ DOCUMENT_RETENTION_DAYS: wrong }), wrong).toThrow(
        /DOCUMENT_RETENTION_DAYS must be a whole number from 1 to 365/,
      );
    }
  });
});
