import { hashPassword } from '../../src/services/passwords.js';
import type { TestApp } from '../helpers/test-app.js';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let counter = 10_000_000 + Math.floor(Math.random() * 1_000_000);

/** A fresh valid DNI on every call. */
export function nextDni(): string {
  counter += 1;
  return `${String(counter).padStart(8, '0')}${LETTERS[counter % 23]}`;
}

export const dniWithLetter = (digits: number) =>
  `${String(digits).padStart(8, '0')}${LETTERS[digits % 23]}`;

export interface Account {
  id: number;
  dni: string;
  password: string;
  headers: { Authorization: string };
}

/** A verified account of the given role, straight through the repos, with a live token. */
export async function createAccount(
  app: TestApp,
  role: 'user' | 'admin',
  password = 'polideportivo-2026',
): Promise<Account> {
  const dni = nextDni();
  const id = app.deps.repos.users.insert({
    dni,
    phone: '612345678',
    email: null,
    password_hash: await hashPassword(password),
    role,
    verified: true,
  });
  return { id, dni, password, headers: await authHeaders(app, id) };
}

export async function authHeaders(app: TestApp, id: number): Promise<{ Authorization: string }> {
  const user = app.deps.repos.users.findById(id);
  if (!user) throw new Error(`no user ${id}`);
  return { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
}

/** Rows of a table, to compare before and after a refused request. */
export function snapshot(app: TestApp, ...tables: string[]): Record<string, unknown[]> {
  return Object.fromEntries(
    tables.map((t) => [t, app.db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]),
  );
}

export function insertActivity(
  app: TestApp,
  name: string,
  priceCents: number,
  startDate: string | null = null,
): number {
  return Number(
    app.db
      .prepare('INSERT INTO activities (name, price_cents, start_date) VALUES (?, ?, ?)')
      .run(name, priceCents, startDate).lastInsertRowid,
  );
}

export function insertEnrolment(
  app: TestApp,
  person: {
    first_name: string;
    last_name: string;
    dni?: string;
    phone?: string;
    email?: string | null;
  },
  activities: { id: number; paid?: boolean }[] = [],
): { id: number; dni: string } {
  const dni = person.dni ?? nextDni();
  const id = Number(
    app.db
      .prepare(
        'INSERT INTO enrolments (first_name, last_name, dni, email, phone) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        person.first_name,
        person.last_name,
        dni,
        person.email ?? null,
        person.phone ?? '622334455',
      ).lastInsertRowid,
  );
  for (const a of activities) {
    app.db
      .prepare(
        'INSERT INTO enrolment_activities (enrolment_id, activity_id, is_paid, paid_at, paid_amount_cents) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, a.id, a.paid ? 1 : 0, a.paid ? '2026-11-01T10:00:00Z' : null, a.paid ? 4500 : null);
  }
  return { id, dni };
}
