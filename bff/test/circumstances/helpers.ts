import { expect } from 'vitest';
import { sql } from 'kysely';
import { authHeaders, createAccount, nextDni, type Account } from '../admin/factory.js';
import type { TestApp } from '../helpers/test-app.js';

/** A tiny but genuine file of each accepted type (the server looks at the first bytes). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0 a photo of a large-family card'),
  Buffer.from([0xff, 0xd9]),
]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR a scan of a disability certificate'),
]);

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
