import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { authHeaders, createAccount, nextDni, type Account } from '../admin/factory.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * A tiny but genuine file of each accepted type: a PDF with one page that parses, a JPEG and a
 * PNG whose headers give their size (the server reads the first bytes, then the content).
 */
export const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R /Size 4 >>',
    '%%EOF',
    '',
  ].join('\n'),
);
/** A JPEG's start: its JFIF header and the frame that says how large it is (SOF0). */
export function jpegOf(width: number, height: number): Buffer {
  const frame = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
  ];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
    Buffer.from([...frame, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]),
    Buffer.from(' a photo of a large-family card'),
    Buffer.from([0xff, 0xd9]),
  ]);
}
/** A PNG's signature and header chunk (IHDR) of the given size. */
export function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, header])), 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    type,
    header,
    crc,
    Buffer.from('a scan of a disability certificate'),
  ]);
}
export const JPEG = jpegOf(1200, 1600);
export const PNG = pngOf(1240, 1754);

export const CIRCUMSTANCE_TABLES = ['circumstance_requests', 'circumstance_documents'];

/** What staff write for a circumstance, with the Spanish name given. */
export function circumstanceBody(
  name: string,
  options: { validity_months?: number | null; review?: 'staff' | 'declaration' } = {},
) {
  return {
    name: { es: name, en: `${name} (en)`, gl: `${name} (gl)` },
    proof: {
      es: `Justificante de ${name}.`,
      en: `Proof of ${name}.`,
      gl: `Xustificante de ${name}.`,
    },
    validity_months: options.validity_months === undefined ? 12 : options.validity_months,
    review: options.review ?? 'staff',
  };
}

/** Creates a circumstance through staff's API; its id. */
export async function createCircumstance(
  app: TestApp,
  admin: Account,
  body: ReturnType<typeof circumstanceBody>,
): Promise<number> {
  const res = await app.json('/api/admin/circumstances', 'POST', body, admin.headers);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export interface Resident {
  account: Account;
  phone: string;
  email: string | null;
  /** The people (enrolment ids) the account manages. */
  people: number[];
}

let phones = 600_000_000 + Math.floor(Math.random() * 9_000_000) * 10;

/** A resident account with a mobile (and e-mail) of its own, managing `count` new people. */
export async function resident(
  app: TestApp,
  options: { count?: number; email?: string | null; names?: string[] } = {},
): Promise<Resident> {
  const account = await createAccount(app, 'user');
  phones += 1;
  const phone = String(phones);
  const email = options.email === undefined ? null : options.email;
  await app.exec(sql`UPDATE users SET phone = ${phone}, email = ${email} WHERE id = ${account.id}`);
  account.headers = await authHeaders(app, account.id);
  const people: number[] = [];
  const names = options.names ?? ['Xoán López Pereira'];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const [first = 'Xoán', ...last] = (names[i] ?? names[0] ?? 'Xoán López').split(' ');
    const id = await app.deps.repos.enrolments.insert({
      first_name: first,
      last_name: last.join(' ') || 'López',
      dni: nextDni(),
      email: null,
      phone: '622334455',
      birth_date: '2015-03-04',
    });
    await app.deps.repos.persons.link(account.id, id);
    people.push(id);
  }
  return { account, phone, email, people };
}

/** A document part of the multipart request. */
export interface DocumentPart {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** POST /user/persons/{id}/circumstances as the resident's browser sends it. */
export function ask(
  app: TestApp,
  who: Pick<Resident, 'account'>,
  person: number,
  fields: { circumstance_id?: number | string; document?: DocumentPart | null },
  lang = 'es',
) {
  const form = new FormData();
  if (fields.circumstance_id !== undefined)
    form.append('circumstance_id', String(fields.circumstance_id));
  if (fields.document)
    form.append(
      'document',
      new Blob([new Uint8Array(fields.document.bytes)], { type: fields.document.type ?? '' }),
      fields.document.name,
    );
  return app.fetch(`/api/user/persons/${person}/circumstances`, {
    method: 'POST',
    headers: { ...who.account.headers, 'Accept-Language': lang },
    body: form,
  });
}

/** Asks with a PDF and expects it pending; the request's id. */
export async function askWithPdf(
  app: TestApp,
  who: Pick<Resident, 'account'>,
  person: number,
  circumstance: number,
  lang = 'es',
): Promise<number> {
  const res = await ask(
    app,
    who,
    person,
    { circumstance_id: circumstance, document: { bytes: PDF, name: 'titulo.pdf' } },
    lang,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { id: number; status: string };
  expect(body.status).toBe('pending');
  return body.id;
}

/** The messages sent to a phone or an address, oldest first. */
export async function messagesTo(app: TestApp, recipient: string) {
  return app.rows<{ channel: string; subject: string | null; body: string }>(
    sql`SELECT channel, subject, body FROM outbox WHERE recipient = ${recipient} ORDER BY id`,
  );
}

export const DAY_MS = 86_400_000;
