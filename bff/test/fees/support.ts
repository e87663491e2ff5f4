import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { factory, freshDni } from '../payments/factory.js';

let sequence = 0;

/** Every row of these tables, to compare before and after a refused request. */
export async function tables(app: TestApp, ...names: string[]) {
  const out: Record<string, unknown[]> = {};
  for (const name of names)
    out[name] = await app.rows(sql`SELECT * FROM ${sql.table(name)} ORDER BY 1`);
  return out;
}

export interface Names {
  es: string;
  en: string;
  gl: string;
}

export type Auth = { Authorization: string };

/** A UserActivity as GET /user/activities/{id} answers it (the fields the fee tests read). */
export interface Due {
  id: number;
  name: string;
  is_paid: boolean;
  amount_due: number | null;
  amount: number;
  amount_with_discount: number | null;
  breakdown: {
    tariff_price: number;
    tariff: {
      min_age: number;
      max_age: number | null;
      age: number | null;
      default: boolean;
    } | null;
    reduction: {
      circumstance_id: number;
      name: string;
      percent: number | null;
      price: number | null;
      amount: number;
    } | null;
    family_discount: { member: number; percent: number; amount: number } | null;
  } | null;
}

/**
 * The fee tests' world: accounts, people with birth dates and families straight into the
 * database; circumstances and their approvals too (the circumstances' own calls are another
 * part's); activities and fee rules through the admin API, as staff write them.
 */
export function feesWorld(app: TestApp) {
  const f = factory(app);
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });

  return {
    ...f,
    /** Every fee rule gone: the simple mode again. */
    async clearRules() {
      await app.exec(sql`DELETE FROM reduction_rules`);
      await app.exec(sql`DELETE FROM family_discounts`);
      await app.exec(sql`DELETE FROM circumstance_requests`);
      await app.exec(sql`DELETE FROM circumstances`);
      await app.exec(sql`UPDATE activities SET tariffs = '[]', fee_group = NULL`);
      await app.exec(sql`UPDATE config SET fees_cumulative = 0`);
    },

    /** A circumstance of the council's list; its name in three languages. */
    async circumstance(names: Names | string): Promise<number> {
      const n = typeof names === 'string' ? { es: names, en: names, gl: names } : names;
      const suffix = ` ${++sequence}`;
      const now = new Date().toISOString();
      const row = await app.row<{ id: number }>(sql`
        INSERT INTO circumstances (name_es, name_en, name_gl, proof_es, proof_en, proof_gl,
          validity_months, review, created_at, updated_at)
        VALUES (${n.es + suffix}, ${n.en + suffix}, ${n.gl + suffix}, 'Documento', 'Document',
          'Documento', 12, 'staff', ${now}, ${now})
        RETURNING id`);
      return Number(row!.id);
    },

    /** The person holds the circumstance (approved at the counter) until `until`. */
    async approve(personId: number, circumstanceId: number, until = '2027-06-30') {
      const now = new Date().toISOString();
      await app.exec(sql`
        INSERT INTO circumstance_requests (enrolment_id, circumstance_id, user_id, source, status,
          valid_until, created_at, decided_at, updated_at)
        VALUES (${personId}, ${circumstanceId}, NULL, 'counter', 'approved', ${until}, ${now},
          ${now}, ${now})`);
    },

    /** A person (with a DNI from 14) born on `birthDate`, or without a birth date. */
    async born(firstName: string, birthDate: string | null) {
      const id = await app.deps.repos.enrolments.insert({
        first_name: firstName,
        last_name: `Proba ${++sequence}`,
        dni: freshDni(),
        email: null,
        phone: '612345678',
        birth_date: birthDate,
      });
      return id;
    },

    /** An account managing these people (a family). */
    async family(...people: number[]) {
      const user = await f.user();
      for (const person of people) await f.link(user.id, person);
      return user;
    },

    /** An activity as staff create it (ActivityWrite); its id. */
    async staffActivity(admin: Auth, body: Record<string, unknown>): Promise<number> {
      const res = await app.json(
        '/api/admin/activities-crud/',
        'POST',
        { start_date: '2026-10-01', ...body, name: `${String(body.name)} ${++sequence}` },
        admin,
      );
      const answer = await json(res);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as number;
    },

    /** The council's fee rules, replaced as staff save them. */
    async rules(admin: Auth, body: Record<string, unknown>) {
      const res = await app.json(
        '/api/admin/fee-rules',
        'PUT',
        { reductions: [], family_discounts: [], cumulative: false, ...body },
        admin,
      );
      const answer = await json(res);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },

    /** A person's activities as the resident's dashboard reads them, by activity id. */
    async due(user: { auth: Auth }, personId: number, lang = 'es'): Promise<Map<number, Due>> {
      const res = await app.fetch(`/api/user/activities/${personId}`, {
        headers: { ...user.auth, 'Accept-Language': lang },
      });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Due[];
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** The amount due of one activity of one person. */
    async amountDue(user: { auth: Auth }, personId: number, activityId: number) {
      return (await this.due(user, personId)).get(activityId)?.amount_due;
    },
  };
}
