import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, snapshot, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { errorOf } from './residents/helpers.js';

/**
 * Compressed request bodies (Content-Encoding): gzip, deflate and br are read; a body that does
 * not decompress is a bad request (400) and a coding the server does not read is 415, both
 * declared by the contract (the strict response check would turn anything else into a 500), and
 * neither changes anything.
 */
describe('compressed request bodies', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const compress: Record<string, (text: string) => Buffer> = {
    gzip: (text) => gzipSync(text),
    deflate: (text) => deflateSync(text),
    br: (text) => brotliCompressSync(text),
  };
  /** Bytes that no decompressor takes: a gzip body cut in half, and plain text. */
  const corrupt = (coding: string) =>
    coding === 'gzip'
      ? gzipSync(JSON.stringify({ name: 'Natación' })).subarray(0, 12)
      : Buffer.from('this is not compressed at all');

  const createActivity = (body: Buffer | string, coding: string | null, lang = 'en') =>
    app.fetch('/api/admin/activities-crud/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': lang,
        ...admin.headers,
        ...(coding === null ? {} : { 'Content-Encoding': coding }),
      },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const activity = (name: string) => JSON.stringify({ name, price: 10, start_date: null });

  it('reads a JSON body in gzip, deflate or br, whatever the case of the coding', async () => {
    for (const [index, [coding, sent]] of (
      [
        ['gzip', 'gzip'],
        ['deflate', 'deflate'],
        ['br', 'br'],
        ['gzip', 'GZIP'],
        ['br', ' Br '],
      ] as const
    ).entries()) {
      const name = `Natación ${index + 1}`;
      const res = await createActivity(compress[coding]!(activity(name)), sent);
      expect(res.status, sent).toBe(201);
      expect(await res.json()).toMatchObject({ name });
    }
    expect(await createActivity(activity('Natación sin comprimir'), 'identity')).toHaveProperty(
      'status',
      201,
    );
  });

  it('answers 400 bad_request to a body that does not decompress, and changes nothing', async () => {
    const before = await snapshot(app, 'activities', 'audit_log');
    for (const coding of ['gzip', 'deflate', 'br']) {
      for (const lang of ['es', 'en', 'gl']) {
        const error = await errorOf(await createActivity(corrupt(coding), coding, lang));
        expect(error, `${coding} ${lang}`).toMatchObject({
          status: 400,
          code: 'bad_request',
          detail: {
            es: 'La petición no es válida.',
            en: 'The request is not valid.',
            gl: 'A petición non é válida.',
          }[lang],
        });
      }
    }
    expect(await snapshot(app, 'activities', 'audit_log')).toEqual(before);
  });

  it('counts the size limit on the decompressed body: a small gzip of 20 MB answers 413', async () => {
    const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = await snapshot(app, 'activities');
    expect(await errorOf(await createActivity(bomb, 'gzip'))).toMatchObject({
      status: 413,
      code: 'payload_too_large',
    });
    expect(await snapshot(app, 'activities')).toEqual(before);
  });

  it('answers 415 unsupported_media_type to a coding it does not read, and changes nothing', async () => {
    const before = await snapshot(app, 'activities', 'audit_log');
    for (const coding of ['zstd', 'compress', 'x-gzip', 'gzip, br', 'gzip;q=1']) {
      const body = coding.startsWith('gzip')
        ? gzipSync(activity('Natación'))
        : activity('Natación');
      const error = await errorOf(await createActivity(body, coding, 'gl'));
      expect(error, coding).toMatchObject({
        status: 415,
        code: 'unsupported_media_type',
        detail: 'Formato de petición non admitido.',
      });
    }
    expect(await snapshot(app, 'activities', 'audit_log')).toEqual(before);
  });

  it('does the same on a form: the bank’s payment notification', async () => {
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const household = await f.household([4500]);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    const notify = (body: Buffer, coding: string) =>
      app.fetch('/api/payments/notification', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Encoding': coding,
        },
        body: new Uint8Array(body),
      });
    const form = new URLSearchParams(
      signedNotification(notificationParams(redirect.order, Math.round(redirect.amount * 100))),
    ).toString();
    const order = redirect.order;
    const before = await snapshot(app, 'payments', 'payment_items', 'payment_notifications');
    for (const coding of ['gzip', 'deflate', 'br']) {
      const refused = await notify(corrupt(coding), coding);
      expect(await errorOf(refused), coding).toMatchObject({ status: 400, code: 'bad_request' });
    }
    const unknown = await notify(Buffer.from(form), 'zstd');
    expect(await errorOf(unknown)).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
    });
    expect(await snapshot(app, 'payments', 'payment_items', 'payment_notifications')).toEqual(
      before,
    );
    expect((await f.payment(order))?.status).toBe('pending');

    // a well-formed one, compressed, is read and applied
    const paid = await notify(gzipSync(form), 'gzip');
    expect(paid.status).toBe(200);
    expect((await f.payment(order))?.status).toBe('paid');
  });

  it('takes no compressed file upload (415): the upload undoes no coding', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'inscripciones.xlsx');
    const body = Buffer.from(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get('content-type');
    const before = await snapshot(app, 'enrolments', 'activities');
    for (const coding of ['gzip', 'zstd']) {
      const res = await app.fetch('/api/admin/upload-table/', {
        method: 'POST',
        headers: { ...admin.headers, 'Content-Type': type!, 'Content-Encoding': coding },
        body: new Uint8Array(coding === 'gzip' ? gzipSync(body) : body),
      });
      expect(await errorOf(res), coding).toMatchObject({
        status: 415,
        code: 'unsupported_media_type',
      });
    }
    expect(await snapshot(app, 'enrolments', 'activities')).toEqual(before);
  });

  it('never reads a body an operation does not take, whatever it is', async () => {
    const id = await app.deps.repos.activities.insert({
      name: 'Pádel para borrar',
      price_cents: 1000,
      start_date: null,
    });
    const res = await app.fetch(`/api/admin/activities-crud/${id}`, {
      method: 'DELETE',
      headers: { ...admin.headers, 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(204);
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM activities WHERE id = ${id}`))).toBe(0);
  });
});
