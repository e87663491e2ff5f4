import { sql } from 'kysely';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ask,
  CIRCUMSTANCE_TABLES,
  createCircumstance,
  jpegOf,
  PDF,
  pngOf,
  resident,
  type Resident,
} from './helpers.js';

/**
 * A proof is judged by its content, not only by its first bytes (issue 59, item 10): a PDF must
 * parse as one and carry no JavaScript, launch action or embedded file (422
 * `document_active_content`); an image of more than 40 megapixels is refused (422
 * `image_too_large`); a body that is not multipart answers 415. Nothing is stored.
 */

/** A one-page PDF made by a real writer, changed by `dress` before it is saved. */
async function pdfWith(dress: (pdf: PDFDocument) => void | Promise<void> = () => {}) {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  await dress(pdf);
  return Buffer.from(await pdf.save());
}

describe('what a proof holds', () => {
  let app: TestApp;
  let admin: Account;
  let family: Resident;
  let disability: number;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    disability = await createCircumstance(app, admin, {
      name: { es: 'Discapacidad', en: 'Disability', gl: 'Discapacidade' },
      proof: { es: 'Certificado.', en: 'Certificate.', gl: 'Certificado.' },
      validity_months: 12,
      review: 'staff',
    });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM circumstance_requests`);
    await app.exec(sql`DELETE FROM rate_buckets`);
    family = await resident(app);
  });

  const send = (bytes: Buffer, name: string, lang = 'es') =>
    ask(
      app,
      family,
      family.people[0]!,
      { circumstance_id: disability, document: { bytes, name } },
      lang,
    );

  async function refusedAs(res: Response, type: string, lang = 'es') {
    const body = (await res.json()) as {
      code: string;
      detail: { loc: unknown[]; msg: string; type: string }[];
    };
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.detail).toEqual([{ loc: ['body', 'document'], msg: t(lang as 'es', type), type }]);
  }

  it('takes a PDF that parses, as a real writer makes it, and the small one the tests use', async () => {
    expect((await send(await pdfWith(), 'certificado.pdf')).status).toBe(201);
    await app.exec(sql`DELETE FROM circumstance_requests`);
    expect((await send(PDF, 'certificado.pdf')).status).toBe(201);
  });

  it('refuses what only starts like a PDF', async () => {
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const html = Buffer.from(
      '%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>',
    );
    await refusedAs(await send(html, 'certificado.pdf'), 'document_type');
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
  });

  it('refuses a PDF with JavaScript, a launch action or an embedded file, in each language', async () => {
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const active = [
      // JavaScript run when the file opens (kept in an object stream, as writers do)
      await pdfWith((pdf) => {
        pdf.catalog.set(
          PDFName.of('OpenAction'),
          pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
        );
      }),
      // document-level JavaScript in the names tree
      await pdfWith((pdf) => {
        const script = pdf.context.register(
          pdf.context.obj({ S: 'JavaScript', JS: PDFHexString.fromText('app.alert(2)') }),
        );
        const names = pdf.context.obj({ Names: [PDFString.of('a'), script] });
        pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ ['J#61vaScript']: names }));
      }),
      // a link that launches another program
      await pdfWith((pdf) => {
        const link = pdf.context.register(
          pdf.context.obj({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [0, 0, 100, 100],
            A: { S: 'Launch', F: PDFString.of('cmd.exe') },
          }),
        );
        pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([link]));
      }),
      // an attached file
      await pdfWith(async (pdf) => {
        await pdf.attach(Buffer.from('MZ not really a program'), 'factura.exe', {
          mimeType: 'application/octet-stream',
        });
      }),
    ];
    const langs = ['es', 'en', 'gl', 'es'];
    for (const [index, bytes] of active.entries())
      await refusedAs(
        await send(bytes, 'certificado.pdf', langs[index]),
        'document_active_content',
        langs[index],
      );
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
  });

  it('refuses an image over 40 megapixels, by its header, and takes one at the bound', async () => {
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    await refusedAs(await send(pngOf(30_000, 30_000), 'escaneo.png'), 'image_too_large');
    await refusedAs(await send(jpegOf(8000, 6000), 'foto.jpg', 'gl'), 'image_too_large', 'gl');
    // a PNG whose header says nothing readable is no image
    const broken = Buffer.concat([
      pngOf(10, 10).subarray(0, 8),
      Buffer.from('not a header at all'),
    ]);
    await refusedAs(await send(broken, 'escaneo.png'), 'document_type');
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
    expect((await send(jpegOf(8000, 5000), 'foto.jpg')).status).toBe(201);
  });

  it('answers 415 to a body that is not multipart, before reading it', async () => {
    for (const [type, body] of [
      ['application/json', JSON.stringify({ circumstance_id: disability })],
      ['application/x-www-form-urlencoded', `circumstance_id=${disability}`],
    ] as const) {
      const res = await app.fetch(`/api/user/persons/${family.people[0]}/circumstances`, {
        method: 'POST',
        headers: { ...family.account.headers, 'Content-Type': type },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('unsupported_media_type');
    }
    expect(Number(await app.value(sql`SELECT count(*) FROM circumstance_requests`))).toBe(0);
  });
});
