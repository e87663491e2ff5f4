import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTypeOf, namedAs } from '../../src/lib/file-type.js';
import { addMonths } from '../../src/lib/madrid-date.js';
import { createSecretBox } from '../../src/lib/secret-box.js';
import { declarationValidUntil } from '../../src/services/circumstances/views.js';
import { createAccount } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { circumstanceBody, createCircumstance, JPEG, PDF, PNG, resident } from './helpers.js';

describe('telling a document by its content', () => {
  it('knows PDF, JPEG and PNG by their first bytes, and nothing else', () => {
    expect(documentTypeOf(PDF)).toBe('application/pdf');
    expect(documentTypeOf(JPEG)).toBe('image/jpeg');
    expect(documentTypeOf(PNG)).toBe('image/png');
    for (const other of [
      Buffer.from('GIF89a'),
      Buffer.from('PK\u0003\u0004'), // a zip, a .docx
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from(' %PDF-1.4'),
      Buffer.from('%PDF'),
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]),
      Buffer.alloc(0),
    ])
      expect(documentTypeOf(other), other.toString('hex')).toBeNull();
  });

  it('takes a name or declared type as a lie when it says another type', () => {
    const pdf = 'application/pdf' as const;
    expect(namedAs(pdf, { name: 'titulo.PDF', mediaType: 'application/pdf' })).toBe(true);
    expect(namedAs(pdf, { name: 'titulo', mediaType: null })).toBe(true);
    expect(namedAs(pdf, { name: 'titulo', mediaType: 'application/octet-stream' })).toBe(true);
    expect(namedAs(pdf, { name: 'resolución 2026.03', mediaType: '' })).toBe(true);
    expect(namedAs('image/jpeg', { name: 'foto.jpeg', mediaType: 'image/jpg' })).toBe(true);
    expect(namedAs(pdf, { name: 'titulo.png', mediaType: null })).toBe(false);
    expect(namedAs(pdf, { name: 'titulo.html', mediaType: null })).toBe(false);
    expect(namedAs(pdf, { name: 'titulo', mediaType: 'text/html' })).toBe(false);
    expect(namedAs('image/png', { name: 'escaneo.pdf', mediaType: 'image/png' })).toBe(false);
  });
});

describe('the secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals bytes so that the sealed ones show nothing of them, and opens them again', () => {
    const sealed = box.sealBytes(PDF);
    expect(sealed.length).toBe(PDF.length + 28);
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);
    expect(box.openBytes(sealed).equals(PDF)).toBe(true);
    // a fresh nonce each time
    expect(box.sealBytes(PDF).equals(sealed)).toBe(false);
    // a view into a larger buffer (as drivers return) opens too
    const inside = Buffer.concat([Buffer.from('xx'), sealed]).subarray(2);
    expect(box.openBytes(inside).equals(PDF)).toBe(true);
  });

  it('refuses bytes changed since, or sealed under another key', () => {
    const sealed = box.sealBytes(PNG);
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    expect(() => box.openBytes(changed)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).openBytes(sealed)).toThrow();
  });

  it('keeps sealing text as before (MFA secrets, draw seeds)', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^[\w-]+$/);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.openBytes(Buffer.from(sealed, 'base64url')).toString()).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('end dates', () => {
  it('adds calendar months, on the month’s last day when it is shorter', () => {
    expect(addMonths('2026-11-21', 12)).toBe('2027-11-21');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 60)).toBe('2031-08-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('lasts a declaration without months until the season ends on 31 August', () => {
    expect(declarationValidUntil(null, '2026-11-21')).toBe('2027-08-31');
    expect(declarationValidUntil(null, '2027-03-02')).toBe('2027-08-31');
    expect(declarationValidUntil(null, '2027-08-31')).toBe('2027-08-31');
    expect(declarationValidUntil(null, '2027-09-01')).toBe('2028-08-31');
    expect(declarationValidUntil(6, '2027-09-01')).toBe('2028-03-01');
  });
});

describe('approvals in force, for the pricing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers who holds which circumstance on a day, in one query per thousand people', async () => {
    const admin = await createAccount(app, 'admin');
    const a = await createCircumstance(app, admin, circumstanceBody('Pensionista'));
    const b = await createCircumstance(app, admin, circumstanceBody('Estudiante'));
    const family = await resident(app, { count: 3 });
    const [p1, p2, p3] = family.people as [number, number, number];
    const row = (enrolment: number, circumstance: number, status: string, until: string | null) =>
      sql`INSERT INTO circumstance_requests (enrolment_id, circumstance_id, source, status,
            valid_until, created_at, updated_at)
          VALUES (${enrolment}, ${circumstance}, 'counter', ${status}, ${until},
            '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
    await app.exec(row(p1, a, 'approved', '2026-11-21')); // its last day
    await app.exec(row(p1, a, 'approved', '2027-01-01')); // twice: once in the answer
    await app.exec(row(p1, b, 'approved', '2026-11-20')); // expired yesterday
    await app.exec(row(p2, b, 'approved', '2030-01-01'));
    await app.exec(row(p2, a, 'withdrawn', '2030-01-01'));
    await app.exec(row(p3, a, 'pending', null));
    await app.exec(row(p3, b, 'refused', null));
    const repo = app.deps.repos.circumstances;
    const found = await repo.approvalsInForce([p1, p2, p3, p1], '2026-11-21');
    expect(
      [...found].sort(
        (x, y) => x.enrolment_id - y.enrolment_id || x.circumstance_id - y.circumstance_id,
      ),
    ).toEqual([
      { enrolment_id: p1, circumstance_id: a },
      { enrolment_id: p2, circumstance_id: b },
    ]);
    expect(await repo.approvalsInForce([], '2026-11-21')).toEqual([]);
    // 2,500 people: three queries, the same answer
    const many = [...Array.from({ length: 2_497 }, (_, i) => 10_000_000 + i), p1, p2, p3];
    expect(await repo.approvalsInForce(many, '2026-11-21')).toHaveLength(2);
    const names = await repo.names();
    expect(names.get(a)).toEqual({
      es: 'Pensionista',
      en: 'Pensionista (en)',
      gl: 'Pensionista (gl)',
    });
  });
});
