import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zCircumstanceRequest, zCircumstanceRequestCreated } from '../../src/generated/zod.gen.js';
import { createSecretBox } from '../../src/lib/secret-box.js';
import { authHeaders, createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import {
  ask,
  askWithPdf,
  CIRCUMSTANCE_TABLES,
  circumstanceBody,
  createCircumstance,
  JPEG,
  PDF,
  PNG,
  resident,
  type Resident,
} from './helpers.js';

describe('a resident asks for a circumstance', () => {
  let app: TestApp;
  let admin: Account;
  let family: Resident;
  /** Staff review the proof; an approval lasts 12 months. */
  let disability: number;
  /** Staff take the end date from the document. */
  let largeFamily: number;
  /** The resident's word is enough, for 12 months. */
  let pensioner: number;
  /** The resident's word is enough, with no months: until the season ends. */
  let resident18: number;

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
    pensioner = await createCircumstance(
      app,
      admin,
      circumstanceBody('Pensionista', { review: 'declaration', validity_months: 12 }),
    );
    resident18 = await createCircumstance(
      app,
      admin,
      circumstanceBody('Empadronado', { review: 'declaration', validity_months: null }),
    );
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM circumstance_requests`);
    await app.exec(sql`DELETE FROM rate_buckets`);
    family = await resident(app, { count: 2 });
  });

  const created = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(201);
    return zCircumstanceRequestCreated.parse(await res.json());
  };

  it('sends a proof, stored encrypted, and waits for staff', async () => {
    const res = await ask(
      app,
      family,
      family.people[0]!,
      { circumstance_id: disability, document: { bytes: PDF, name: 'certificado.pdf' } },
      'gl',
    );
    const body = await created(res);
    expect(body).toMatchObject({ status: 'pending', valid_until: null });
    const request = await app.row<Record<string, unknown>>(
      sql`SELECT * FROM circumstance_requests WHERE id = ${body.id}`,
    );
    expect(request).toMatchObject({
      enrolment_id: family.people[0],
      circumstance_id: disability,
      user_id: family.account.id,
      source: 'resident',
      status: 'pending',
      locale: 'gl',
      valid_until: null,
      decided_at: null,
    });
    const stored = await app.row<{
      content_type: string;
      size: number;
      sealed: Uint8Array;
      delete_after: null;
    }>(
      sql`SELECT content_type, size, sealed, delete_after FROM circumstance_documents WHERE request_id = ${body.id}`,
    );
    expect(stored).toMatchObject({
      content_type: 'application/pdf',
      size: PDF.length,
      delete_after: null,
    });
    // at rest: not the file, nor any part of it
    const sealed = Buffer.from(stored!.sealed);
    expect(sealed.equals(PDF)).toBe(false);
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);
    expect(sealed.includes(Buffer.from('Catalog'))).toBe(false);
    // and it opens only under the documents' own key
    const box = createSecretBox(app.deps.derivedKey('circumstance-documents/v1'));
    expect(box.openBytes(sealed).equals(PDF)).toBe(true);
    expect(() =>
      createSecretBox(app.deps.derivedKey('mfa-secrets/v1')).openBytes(sealed),
    ).toThrow();
    const audit = await app.row<{ action: string; actor_user_id: number }>(
      sql`SELECT action, actor_user_id FROM audit_log WHERE entity = 'circumstance_request' AND entity_id = ${String(body.id)}`,
    );
    expect(audit).toEqual({ action: 'circumstance.request', actor_user_id: family.account.id });
  });

  it('takes JPEG and PNG by their content, whatever sensible name they have', async () => {
    const cases: [Buffer, string, string][] = [
      [JPEG, 'foto.JPG', 'image/jpeg'],
      [PNG, 'escaneo.png', 'image/png'],
      [PDF, 'sin extension', 'application/pdf'],
      [JPEG, 'título 2026.03', 'image/jpeg'],
    ];
    let person = 0;
    for (const [bytes, name, type] of cases) {
      const circumstance = person % 2 === 0 ? disability : largeFamily;
      const who = person < 2 ? family.people[0]! : family.people[1]!;
      const body = await created(
        await ask(app, family, who, { circumstance_id: circumstance, document: { bytes, name } }),
      );
      expect(
        await app.value(
          sql`SELECT content_type FROM circumstance_documents WHERE request_id = ${body.id}`,
        ),
      ).toBe(type);
      person += 1;
    }
  });

  it('approves a declaration at once, for its months or until the season ends, keeping no document', async () => {
    const declared = await created(
      await ask(app, family, family.people[0]!, {
        circumstance_id: pensioner,
        document: { bytes: PDF, name: 'carta.pdf' },
      }),
    );
    expect(declared).toMatchObject({ status: 'approved', valid_until: '2027-11-21' });
    const season = await created(
      await ask(app, family, family.people[0]!, { circumstance_id: resident18 }),
    );
    expect(season).toMatchObject({ status: 'approved', valid_until: '2027-08-31' });
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM circumstance_documents`))).toBe(0);
    const row = await app.row<{ source: string; decided_at: string | null; decided_by: null }>(
      sql`SELECT source, decided_at, decided_by FROM circumstance_requests WHERE id = ${declared.id}`,
    );
    expect(row).toEqual({
      source: 'resident',
      decided_at: '2026-11-21T10:00:00.000Z',
      decided_by: null,
    });
    // declared again while in force
    const again = await ask(app, family, family.people[0]!, { circumstance_id: pensioner });
    expect((await errorOf(again)).code).toBe('already_approved');
  });

  it('refuses each wrong input with a clear message in the caller’s language, and changes nothing', async () => {
    const stranger = await resident(app);
    await askWithPdf(app, family, family.people[1]!, largeFamily);
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const person = family.people[0]!;
    const cases: {
      label: string;
      send: () => Promise<Response>;
      status: number;
      code: string;
      message: RegExp;
    }[] = [
      {
        label: 'over 5 MB',
        send: () =>
          ask(
            app,
            family,
            person,
            {
              circumstance_id: disability,
              document: {
                bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
                name: 'grande.pdf',
              },
            },
            'en',
          ),
        status: 413,
        code: 'document_too_large',
        message: /larger than 5 MB/,
      },
      {
        label: 'a text file',
        send: () =>
          ask(
            app,
            family,
            person,
            {
              circumstance_id: disability,
              document: { bytes: Buffer.from('hola, soy un texto'), name: 'nota.txt' },
            },
            'gl',
          ),
        status: 422,
        code: 'validation_error',
        message: /O documento debe ser un PDF, unha foto JPEG ou unha imaxe PNG/,
      },
      {
        label: 'HTML named .pdf',
        send: () =>
          ask(app, family, person, {
            circumstance_id: disability,
            document: { bytes: Buffer.from('<html><script>alert(1)</script>'), name: 'x.pdf' },
          }),
        status: 422,
        code: 'validation_error',
        message: /debe ser un PDF/,
      },
      {
        label: 'a PNG named .pdf',
        send: () =>
          ask(app, family, person, {
            circumstance_id: disability,
            document: { bytes: PNG, name: 'titulo.pdf' },
          }),
        status: 422,
        code: 'validation_error',
        message: /debe ser un PDF/,
      },
      {
        label: 'a PDF declared as an image',
        send: () =>
          ask(app, family, person, {
            circumstance_id: disability,
            document: { bytes: PDF, name: 'documento', type: 'image/png' },
          }),
        status: 422,
        code: 'validation_error',
        message: /debe ser un PDF/,
      },
      {
        label: 'a JPEG named .exe',
        send: () =>
          ask(app, family, person, {
            circumstance_id: disability,
            document: { bytes: JPEG, name: 'foto.exe' },
          }),
        status: 422,
        code: 'validation_error',
        message: /debe ser un PDF/,
      },
      {
        label: 'an empty file',
        send: () =>
          ask(app, family, person, {
            circumstance_id: disability,
            document: { bytes: Buffer.alloc(0), name: 'vacio.pdf' },
          }),
        status: 422,
        code: 'validation_error',
        message: /vacío/,
      },
      {
        label: 'no document where staff review one',
        send: () => ask(app, family, person, { circumstance_id: disability }, 'en'),
        status: 422,
        code: 'validation_error',
        message: /Attach the document that proves it/,
      },
      {
        label: 'no circumstance',
        send: () => ask(app, family, person, { document: { bytes: PDF, name: 'titulo.pdf' } }),
        status: 422,
        code: 'validation_error',
        message: /obligatorio/,
      },
      {
        label: 'an unknown circumstance',
        send: () =>
          ask(app, family, person, {
            circumstance_id: 999_999,
            document: { bytes: PDF, name: 'titulo.pdf' },
          }),
        status: 422,
        code: 'validation_error',
        message: /Esa circunstancia no existe/,
      },
      {
        label: 'a circumstance id that is not one',
        send: () =>
          ask(app, family, person, {
            circumstance_id: 'uno',
            document: { bytes: PDF, name: 'titulo.pdf' },
          }),
        status: 422,
        code: 'validation_error',
        message: /./,
      },
      {
        label: 'a person another account manages',
        send: () =>
          ask(app, stranger, person, {
            circumstance_id: disability,
            document: { bytes: PDF, name: 'titulo.pdf' },
          }),
        status: 404,
        code: 'not_found',
        message: /No encontrado/,
      },
      {
        label: 'a person nobody has',
        send: () =>
          ask(app, family, 999_999, {
            circumstance_id: disability,
            document: { bytes: PDF, name: 'titulo.pdf' },
          }),
        status: 404,
        code: 'not_found',
        message: /No encontrado/,
      },
      {
        label: 'a second pending request',
        send: () =>
          ask(app, family, family.people[1]!, {
            circumstance_id: largeFamily,
            document: { bytes: JPEG, name: 'otra.jpg' },
          }),
        status: 409,
        code: 'request_pending',
        message: /Ya hay una solicitud de esta circunstancia pendiente/,
      },
      {
        label: 'two files',
        send: () => {
          const form = new FormData();
          form.append('circumstance_id', String(disability));
          form.append('document', new Blob([new Uint8Array(PDF)]), 'a.pdf');
          form.append('document', new Blob([new Uint8Array(PDF)]), 'b.pdf');
          return app.fetch(`/api/user/persons/${person}/circumstances`, {
            method: 'POST',
            headers: family.account.headers,
            body: form,
          });
        },
        status: 422,
        code: 'too_many_files',
        message: /un solo archivo/,
      },
      {
        label: 'JSON instead of a form',
        send: () =>
          app.json(
            `/api/user/persons/${person}/circumstances`,
            'POST',
            { circumstance_id: String(pensioner) },
            family.account.headers,
          ),
        // not multipart: 415, as the contract says for other calls (issue 59, item 10)
        status: 415,
        code: 'unsupported_media_type',
        message: /Formato de petición no admitido/,
      },
    ];
    for (const { label, send, status, code, message } of cases) {
      const error = await errorOf(await send());
      expect(error.status, label).toBe(status);
      expect(error.code, label).toBe(code);
      expect(JSON.stringify(error.detail), label).toMatch(message);
    }
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
  });

  it('refuses a request while an approval is in force, and allows one once it has expired', async () => {
    await app.db
      .q()
      .insertInto('circumstance_requests')
      .values([
        {
          enrolment_id: family.people[0]!,
          circumstance_id: disability,
          user_id: null,
          source: 'counter',
          status: 'approved',
          valid_until: '2026-11-21',
          created_at: '2025-11-21T10:00:00.000Z',
          decided_at: '2025-11-21T10:00:00.000Z',
          updated_at: '2025-11-21T10:00:00.000Z',
        },
        {
          enrolment_id: family.people[1]!,
          circumstance_id: disability,
          user_id: null,
          source: 'counter',
          status: 'approved',
          valid_until: '2026-11-20',
          created_at: '2025-11-20T10:00:00.000Z',
          decided_at: '2025-11-20T10:00:00.000Z',
          updated_at: '2025-11-20T10:00:00.000Z',
        },
      ])
      .execute();
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    // in force today, its last day
    const refused = await ask(
      app,
      family,
      family.people[0]!,
      { circumstance_id: disability, document: { bytes: PDF, name: 'a.pdf' } },
      'en',
    );
    expect(await errorOf(refused)).toMatchObject({
      status: 409,
      code: 'already_approved',
      detail: 'This person already has this circumstance approved.',
    });
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
    // expired yesterday: a new request is welcome
    await askWithPdf(app, family, family.people[1]!, disability);
  });

  it('takes a few documents a day per account (429 after ten), and again the next day', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ask(app, family, family.people[0]!, {
        circumstance_id: disability,
        document: { bytes: Buffer.from('not a proof'), name: 'nota.txt' },
      });
      expect(res.status).toBe(422);
    }
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const blocked = await ask(
      app,
      family,
      family.people[0]!,
      { circumstance_id: disability, document: { bytes: PDF, name: 'bueno.pdf' } },
      'gl',
    );
    const error = await errorOf(blocked);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(Number(error.retryAfter)).toBeGreaterThan(0);
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
    // a declaration needs no document, and is not held back
    await created(await ask(app, family, family.people[0]!, { circumstance_id: pensioner }));
    // another account is not held back either
    const neighbour = await resident(app);
    await askWithPdf(app, neighbour, neighbour.people[0]!, disability);
    app.clock.advance(24 * 3_600_000 + 1000);
    try {
      family.account.headers = await authHeaders(app, family.account.id);
      await askWithPdf(app, family, family.people[0]!, disability);
    } finally {
      app.clock.set('2026-11-21T10:00:00Z');
    }
  });

  it('lists the account’s requests, newest first, in its language, with expired read from the date', async () => {
    const other = await resident(app);
    await askWithPdf(app, other, other.people[0]!, disability);
    const values = (
      person: number,
      circumstance: number,
      fields: Record<string, unknown>,
      createdAt: string,
    ) => ({
      enrolment_id: person,
      circumstance_id: circumstance,
      user_id: family.account.id,
      source: 'resident' as const,
      status: 'pending' as const,
      created_at: createdAt,
      updated_at: createdAt,
      ...fields,
    });
    await app.db
      .q()
      .insertInto('circumstance_requests')
      .values([
        values(
          family.people[0]!,
          largeFamily,
          { status: 'approved', valid_until: '2026-10-31', decided_at: '2025-10-03T09:00:00.000Z' },
          '2025-10-02T11:00:00.000Z',
        ),
        values(
          family.people[1]!,
          disability,
          {
            status: 'refused',
            reason_code: 'unreadable',
            reason: 'Falta la segunda cara.',
            decided_at: '2026-11-19T09:05:00.000Z',
          },
          '2026-11-18T17:40:00.000Z',
        ),
        values(
          family.people[1]!,
          largeFamily,
          {
            status: 'refused',
            reason: 'El título es de 2019.',
            decided_at: '2026-11-19T09:06:00.000Z',
          },
          '2026-11-18T17:41:00.000Z',
        ),
        values(
          family.people[0]!,
          pensioner,
          {
            status: 'approved',
            valid_until: '2027-06-30',
            user_id: null,
            source: 'counter',
            decided_at: '2026-11-20T10:00:00.000Z',
          },
          '2026-11-20T10:00:00.000Z',
        ),
        values(
          family.people[0]!,
          disability,
          {
            status: 'withdrawn',
            valid_until: '2027-01-31',
            decided_at: '2026-11-20T12:00:00.000Z',
          },
          '2026-11-20T11:00:00.000Z',
        ),
      ])
      .execute();
    const pending = await askWithPdf(app, family, family.people[0]!, largeFamily);

    const res = await app.fetch('/api/user/circumstances', {
      headers: { ...family.account.headers, 'Accept-Language': 'gl' },
    });
    expect(res.status).toBe(200);
    const list = zCircumstanceRequest.array().parse(await res.json());
    expect(list.map((r) => [r.circumstance_name, r.status, r.valid_until, r.reason])).toEqual([
      ['Familia numerosa', 'pending', null, null],
      ['Discapacidade', 'withdrawn', '2027-01-31', null],
      ['Pensionista (gl)', 'approved', '2027-06-30', null],
      ['Familia numerosa', 'refused', null, 'El título es de 2019.'],
      ['Discapacidade', 'refused', null, 'O documento non se pode ler. Falta la segunda cara.'],
      ['Familia numerosa', 'expired', '2026-10-31', null],
    ]);
    expect(list[0]).toMatchObject({
      id: pending,
      person_activity_id: family.people[0],
      person_name: 'Xoán López Pereira',
      has_document: true,
      decided_at: null,
    });
    // the counter's approval has no document; nobody else's request is listed
    expect(list.filter((r) => r.has_document)).toHaveLength(1);
    const english = zCircumstanceRequest.array().parse(
      await (
        await app.fetch('/api/user/circumstances', {
          headers: { ...family.account.headers, 'Accept-Language': 'en' },
        })
      ).json(),
    );
    expect(english[4]?.reason).toBe('The document cannot be read. Falta la segunda cara.');
    expect(english[1]?.circumstance_name).toBe('Disability');
  });

  it('gives the document back to the account that sent it, as a download that cannot run here', async () => {
    const id = await askWithPdf(app, family, family.people[0]!, disability);
    const res = await app.fetch(`/api/user/circumstances/${id}/document`, {
      headers: family.account.headers,
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

    // another account, even one managing the same person, and a request with none: not found
    const other = await resident(app);
    await app.deps.repos.persons.link(other.account.id, family.people[0]!);
    for (const [who, path] of [
      [other, `/api/user/circumstances/${id}/document`],
      [family, '/api/user/circumstances/999999/document'],
    ] as const) {
      const refused = await app.fetch(path, { headers: who.account.headers });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toMatch(/json/);
    }
    const listed = zCircumstanceRequest
      .array()
      .parse(
        await (
          await app.fetch('/api/user/circumstances', { headers: other.account.headers })
        ).json(),
      );
    expect(listed).toEqual([expect.objectContaining({ id, has_document: false })]);
  });
});
