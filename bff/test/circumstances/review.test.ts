import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zAdminCircumstanceRequest } from '../../src/generated/zod.gen.js';
import { authHeaders, createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import {
  askWithPdf,
  CIRCUMSTANCE_TABLES,
  createCircumstance,
  messagesTo,
  PDF,
  resident,
  type Resident,
} from './helpers.js';

const TABLES = [...CIRCUMSTANCE_TABLES, 'outbox'];

describe('staff review circumstance requests', () => {
  let app: TestApp;
  let admin: Account;
  /** 12 months by rule. */
  let disability: number;
  /** Staff take the end date from the document. */
  let largeFamily: number;

  beforeAll(async () => {
    // 21 November 2026
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    disability = await createCircumstance(app, admin, {
      name: { es: 'Discapacidad', en: 'Disability', gl: 'Discapacidade' },
      proof: { es: 'Certificado.', en: 'Certificate.', gl: 'Certificado.' },
      validity_months: 12,
      review: 'staff',
    });
    largeFamily = await createCircumstance(app, admin, {
      name: { es: 'Familia numerosa', en: 'Large family', gl: 'Familia numerosa' },
      proof: { es: 'Título.', en: 'Card.', gl: 'Título.' },
      validity_months: null,
      review: 'staff',
    });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    admin.headers = await authHeaders(app, admin.id);
    await app.exec(sql`DELETE FROM circumstance_requests`);
    await app.exec(sql`DELETE FROM rate_buckets`);
    await app.exec(sql`UPDATE config SET reminder_channel = 'both'`);
  });

  const post = (path: string, body: unknown, lang = 'es', who: Account = admin) =>
    app.json(`/api/admin/circumstance-requests${path}`, 'POST', body, {
      ...who.headers,
      'Accept-Language': lang,
    });
  const queue = async (query: string, lang = 'es') => {
    const res = await app.fetch(`/api/admin/circumstance-requests${query}`, {
      headers: { ...admin.headers, 'Accept-Language': lang },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return {
      total: Number(res.headers.get('x-total-count')),
      rows: zAdminCircumstanceRequest.array().parse(await res.json()),
    };
  };

  it('shows the queue oldest first, paged, searched by name or DNI, with the rule’s end date', async () => {
    const ids: number[] = [];
    const families: Resident[] = [];
    for (let i = 0; i < 12; i++) {
      const family = await resident(app, { names: [`Persoa${i} Núñez Proba`] });
      families.push(family);
      ids.push(await askWithPdf(app, family, family.people[0]!, i % 2 ? largeFamily : disability));
      app.clock.advance(60_000);
    }
    // one decided: it leaves the queue
    await post(`/${ids[3]}/refuse`, { reason_code: 'unreadable' });

    const first = await queue('?status=pending&page=1&page_size=5', 'en');
    expect(first.total).toBe(11);
    expect(first.rows.map((r) => r.id)).toEqual([ids[0], ids[1], ids[2], ids[4], ids[5]]);
    expect(first.rows[0]).toMatchObject({
      person_name: 'Persoa0 Núñez Proba',
      circumstance_name: 'Disability',
      status: 'pending',
      source: 'resident',
      document_type: 'application/pdf',
      suggested_valid_until: '2027-11-21',
      valid_until: null,
      decided_at: null,
    });
    // staff take the end date of a large family's card from the card
    expect(first.rows[1]).toMatchObject({
      circumstance_name: 'Large family',
      suggested_valid_until: null,
    });
    const third = await queue('?status=pending&page=3&page_size=5');
    expect(third.rows.map((r) => r.id)).toEqual([ids[11]]);
    // the panel's default page size
    expect((await queue('?status=pending&page=1')).rows).toHaveLength(10);

    // by name without accents or case, and by DNI
    const byName = await queue('?status=pending&q=PERSOA7%20nunez');
    expect(byName.rows.map((r) => r.id)).toEqual([ids[7]]);
    const dni = first.rows[2]!.dni!;
    const byDni = await queue(`?q=${dni.toLowerCase()}`);
    expect(byDni.rows.map((r) => r.id)).toEqual([ids[2]]);

    // every state, and the history
    const refused = await queue('?status=refused', 'gl');
    expect(refused.rows).toEqual([
      expect.objectContaining({
        id: ids[3],
        status: 'refused',
        reason: 'O documento non se pode ler.',
      }),
    ]);
    expect((await queue('')).total).toBe(12);
    expect((await queue('?status=approved')).total).toBe(0);
  });

  it('approves until a date, audited, and tells the resident in their language by SMS and e-mail', async () => {
    const family = await resident(app, { email: 'xoan@example.es' });
    const id = await askWithPdf(app, family, family.people[0]!, largeFamily, 'gl');
    const res = await post(`/${id}/approve`, { valid_until: '2029-03-31' }, 'en');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(zAdminCircumstanceRequest.parse(await res.json())).toMatchObject({
      id,
      status: 'approved',
      valid_until: '2029-03-31',
      circumstance_name: 'Large family',
      decided_at: '2026-11-21T10:00:00.000Z',
      suggested_valid_until: null,
    });
    const row = await app.row<Record<string, unknown>>(
      sql`SELECT status, valid_until, decided_by FROM circumstance_requests WHERE id = ${id}`,
    );
    expect(row).toEqual({ status: 'approved', valid_until: '2029-03-31', decided_by: admin.id });
    // the document's countdown starts: 30 days
    expect(
      await app.value(
        sql`SELECT delete_after FROM circumstance_documents WHERE request_id = ${id}`,
      ),
    ).toBe('2026-12-21T10:00:00.000Z');

    const sms = await messagesTo(app, family.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(
      'aprobada «Familia numerosa» para Xoán López Pereira ata o 31 de marzo de 2029',
    );
    const mail = await messagesTo(app, 'xoan@example.es');
    expect(mail).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Aprobada: Familia numerosa' }),
    ]);
    expect(mail[0]?.body).toContain('O documento borrarase dentro de 30 días.');

    const audit = await app.row<{ actor_user_id: number; details: string }>(
      sql`SELECT actor_user_id, details FROM audit_log WHERE action = 'circumstance.approve' AND entity_id = ${String(id)}`,
    );
    expect(audit?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      enrolment_id: family.people[0],
      circumstance_id: largeFamily,
      valid_until: '2029-03-31',
    });

    // approving twice
    const before = await snapshot(app, ...TABLES);
    const again = await post(`/${id}/approve`, { valid_until: '2029-03-31' }, 'en');
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      code: 'request_decided',
      detail: 'This request has already been decided.',
    });
    const refuse = await post(`/${id}/refuse`, { reason_code: 'expired' });
    expect((await errorOf(refuse)).code).toBe('request_decided');
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses with a usual reason, told in the resident’s language, or with staff’s own words', async () => {
    await app.exec(sql`UPDATE config SET reminder_channel = 'sms'`);
    const galician = await resident(app, { email: 'uxia@example.es' });
    const first = await askWithPdf(app, galician, galician.people[0]!, disability, 'gl');
    const refused = await post(
      `/${first}/refuse`,
      { reason_code: 'other_person', reason: null },
      'es',
    );
    expect(refused.status).toBe(200);
    expect(zAdminCircumstanceRequest.parse(await refused.json())).toMatchObject({
      status: 'refused',
      valid_until: null,
      reason: 'El documento es de otra persona.',
    });
    const told = await messagesTo(app, galician.phone);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(
      'non se aprobou «Discapacidade» para Xoán López Pereira. Motivo: O documento é doutra persoa.',
    );
    // the channel is SMS only
    expect(await messagesTo(app, 'uxia@example.es')).toEqual([]);

    await app.exec(sql`UPDATE config SET reminder_channel = 'email'`);
    const english = await resident(app, { email: 'ann@example.es' });
    const second = await askWithPdf(app, english, english.people[0]!, largeFamily, 'en');
    const free = await post(`/${second}/refuse`, { reason: '  The card expired in 2019.  ' });
    expect(zAdminCircumstanceRequest.parse(await free.json())).toMatchObject({
      reason: 'The card expired in 2019.',
    });
    expect(await messagesTo(app, english.phone)).toEqual([]);
    const mail = await messagesTo(app, 'ann@example.es');
    expect(mail).toEqual([expect.objectContaining({ subject: 'Not approved: Large family' })]);
    expect(mail[0]?.body).toContain('Reason: The card expired in 2019.');

    // the resident reads why on Mi cuenta, in Galician
    const mine = await app.fetch('/api/user/circumstances', {
      headers: { ...galician.account.headers, 'Accept-Language': 'gl' },
    });
    expect(await mine.json()).toEqual([
      expect.objectContaining({
        id: first,
        status: 'refused',
        reason: 'O documento é doutra persoa.',
      }),
    ]);
  });

  it('refuses a decision without what it needs, and changes nothing', async () => {
    const family = await resident(app);
    const id = await askWithPdf(app, family, family.people[0]!, disability);
    const before = await snapshot(app, ...TABLES);
    const cases: [string, unknown, number, RegExp][] = [
      ['/approve', { valid_until: '2026-11-20' }, 422, /hoxe ou unha data posterior/],
      ['/approve', { valid_until: '2026-02-30' }, 422, /data/],
      ['/approve', {}, 422, /obrigatorio/],
      ['/refuse', {}, 422, /escolle un da lista ou escríbeo/],
      ['/refuse', { reason_code: null, reason: '   ' }, 422, /escolle un da lista/],
      ['/refuse', { reason_code: 'ugly' }, 422, /./],
      ['/refuse', { reason: 'x'.repeat(501) }, 422, /./],
      ['/refuse', { reason: 'Falta\u202eal revés' }, 422, /./],
      ['/withdraw', undefined, 409, /non está aprobada/],
    ];
    for (const [path, body, status, message] of cases) {
      const error = await errorOf(await post(`/${id}${path}`, body, 'gl'));
      expect(error.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(error.detail), path).toMatch(message);
    }
    for (const [path, body] of [
      ['/approve', { valid_until: '2027-01-01' }],
      ['/refuse', { reason_code: 'expired' }],
      ['/withdraw', undefined],
    ] as const) {
      const missing = await post(`/999999${path}`, body);
      expect(missing.status, path).toBe(404);
    }
    // a resident is no member of staff
    const notStaff = await post(
      `/${id}/approve`,
      { valid_until: '2027-01-01' },
      'es',
      family.account,
    );
    expect(notStaff.status).toBe(403);
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('withdraws an approval in force only, tells the resident, and keeps its date', async () => {
    const family = await resident(app);
    const id = await askWithPdf(app, family, family.people[0]!, disability, 'en');
    await post(`/${id}/approve`, { valid_until: '2026-12-31' });
    const res = await post(`/${id}/withdraw`, undefined);
    expect(res.status).toBe(200);
    expect(zAdminCircumstanceRequest.parse(await res.json())).toMatchObject({
      status: 'withdrawn',
      valid_until: '2026-12-31',
    });
    const sms = await messagesTo(app, family.phone);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringContaining(
        '"Disability" approved for Xoán López Pereira until 31 December 2026',
      ),
      expect.stringContaining('"Disability" has been withdrawn for Xoán López Pereira'),
    ]);
    expect(
      await app.value(sql`SELECT action FROM audit_log WHERE action = 'circumstance.withdraw'`),
    ).toBe('circumstance.withdraw');
    const twice = await post(`/${id}/withdraw`, undefined, 'en');
    expect(await errorOf(twice)).toMatchObject({
      status: 409,
      code: 'not_approved',
      detail: 'This request is not approved.',
    });

    // an expired approval is no longer in force
    const other = await askWithPdf(app, family, family.people[0]!, largeFamily);
    await post(`/${other}/approve`, { valid_until: '2026-11-30' });
    const beforeExpired = await snapshot(app, ...TABLES);
    app.clock.set('2026-12-01T10:00:00Z');
    admin.headers = await authHeaders(app, admin.id);
    const late = await post(`/${other}/withdraw`, undefined);
    expect((await errorOf(late)).code).toBe('not_approved');
    expect((await queue('?status=expired')).rows.map((r) => r.id)).toEqual([other]);
    expect(await snapshot(app, ...TABLES)).toEqual(beforeExpired);
  });

  it('serves staff a request’s document as a sandboxed download, audited', async () => {
    const family = await resident(app);
    const id = await askWithPdf(app, family, family.people[0]!, disability);
    const res = await app.fetch(`/api/admin/circumstance-requests/${id}/document`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="documento-${id}.pdf"`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(
      await app.value(
        sql`SELECT actor_user_id FROM audit_log WHERE action = 'circumstance.document_viewed' AND entity_id = ${String(id)}`,
      ),
    ).toBe(admin.id);
    // residents never reach staff's copy, not even their own
    const resident403 = await app.fetch(`/api/admin/circumstance-requests/${id}/document`, {
      headers: family.account.headers,
    });
    expect(resident403.status).toBe(403);
    const missing = await app.fetch('/api/admin/circumstance-requests/999999/document', {
      headers: admin.headers,
    });
    expect(missing.status).toBe(404);
  });

  it('records a circumstance seen at the counter, without a document', async () => {
    const family = await resident(app);
    const person = family.people[0]!;
    const path = `/api/admin/persons/${person}/circumstances`;
    const res = await app.json(
      path,
      'POST',
      { circumstance_id: disability, valid_until: '2027-11-21' },
      admin.headers,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const body = zAdminCircumstanceRequest.parse(await res.json());
    expect(body).toMatchObject({
      person_activity_id: person,
      status: 'approved',
      source: 'counter',
      valid_until: '2027-11-21',
      document_type: null,
    });
    expect(
      await app.value(sql`SELECT action FROM audit_log WHERE action = 'circumstance.record'`),
    ).toBe('circumstance.record');
    // the resident sees it beside the person
    const mine = await app.fetch('/api/user/circumstances', { headers: family.account.headers });
    expect(await mine.json()).toEqual([
      expect.objectContaining({ id: body.id, status: 'approved', has_document: false }),
    ]);

    await askWithPdf(app, family, person, largeFamily);
    const before = await snapshot(app, ...TABLES);
    const cases: [string, unknown, number, string][] = [
      [path, { circumstance_id: disability, valid_until: '2028-01-01' }, 409, 'already_approved'],
      [path, { circumstance_id: largeFamily, valid_until: '2028-01-01' }, 409, 'request_pending'],
      [path, { circumstance_id: 999_999, valid_until: '2028-01-01' }, 422, 'validation_error'],
      [path, { circumstance_id: disability, valid_until: '2026-11-20' }, 422, 'validation_error'],
      [path, { circumstance_id: disability }, 422, 'validation_error'],
      [
        '/api/admin/persons/999999/circumstances',
        { circumstance_id: disability, valid_until: '2028-01-01' },
        404,
        'not_found',
      ],
    ];
    for (const [where, input, status, code] of cases) {
      const error = await errorOf(await app.json(where, 'POST', input, admin.headers));
      expect([error.status, error.code], JSON.stringify(input)).toEqual([status, code]);
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });
});
