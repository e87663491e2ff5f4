import { sql } from 'kysely';
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
  const id = await app.deps.repos.users.insert({
    dni,
    phone: '612345678',
    email: null,
    password_hash: await app.deps.passwords.hash(password),
    role,
    verified: true,
  });
  return { id, dni, password, headers: await authHeaders(app, id) };
}

export async function authHeaders(app: TestApp, id: number): Promise<{ Authorization: string }> {
  const user = await app.deps.repos.users.findById(id);
  if (!user) throw new Error(`no user ${id}`);
  return { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
}

/**
 * Rows of a table, to compare before and after a refused request. An account's `locale` is left
 * out: every call records the language it was made in, whatever its outcome.
 */
export async function snapshot(
  app: TestApp,
  ...tables: string[]
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await app.rows(
      sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`,
    );
    if (table === 'users') for (const row of rows) delete row.locale;
    out[table] = rows;
  }
  return out;
}

export async function insertActivity(
  app: TestApp,
  name: string,
  priceCents: number,
  startDate: string | null = null,
): Promise<number> {
  return app.deps.repos.activities.insert({ name, price_cents: priceCents, start_date: startDate });
}

export async function insertEnrolment(
  app: TestApp,
  person: {
    first_name: string;
    last_name: string;
    dni?: string;
    phone?: string;
    email?: string | null;
  },
  activities: { id: number; paid?: boolean }[] = [],
): Promise<{ id: number; dni: string }> {
  const dni = person.dni ?? nextDni();
  const id = await app.deps.repos.enrolments.insert({
    first_name: person.first_name,
    last_name: person.last_name,
    dni,
    email: person.email ?? null,
    phone: person.phone ?? '622334455',
  });
  for (const a of activities) {
    await app.db
      .q()
      .insertInto('enrolment_activities')
      .values({
        enrolment_id: id,
        activity_id: a.id,
        is_paid: a.paid ? 1 : 0,
        paid_at: a.paid ? '2026-11-01T10:00:00Z' : null,
        paid_amount_cents: a.paid ? 4500 : null,
      })
      .execute();
  }
  return { id, dni };
}
