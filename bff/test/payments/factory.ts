import { randomInt } from 'node:crypto';
import type { TestApp as PaymentsTestApp } from '../helpers/test-app.js';
import { sql } from 'kysely';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const base = randomInt(0, 89_999_999);
let sequence = 0;

/** A valid DNI that no other test data uses. */
export function freshDni(): string {
  sequence += 1;
  const n = 10_000_000 + ((base + sequence * 7919) % 89_999_999);
  return `${n}${LETTERS[n % 23]}`;
}

/** Test data straight into the database, independent of the residents' and admin areas' code. */
export function factory(app: PaymentsTestApp) {
  const { db, deps } = app;
  let passwordHash: string | null = null;
  return {
    async user(role: 'user' | 'admin' = 'user') {
      passwordHash ??= await deps.passwords.hash('correct horse battery');
      const dni = freshDni();
      const id = await deps.repos.users.insert({
        dni,
        phone: '612345678',
        email: null,
        password_hash: passwordHash,
        role,
        verified: true,
      });
      const user = (await deps.repos.users.findById(id))!;
      const token = await deps.tokens.issue(user);
      return { id, dni, token, auth: { Authorization: `Bearer ${token}` } };
    },
    async person(firstName = 'Xoán', lastName = 'López Pereira') {
      const dni = freshDni();
      const id = await deps.repos.enrolments.insert({
        first_name: firstName,
        last_name: lastName,
        dni,
        email: null,
        phone: '612345678',
      });
      return { id, dni, fullName: `${firstName} ${lastName}` };
    },
    activity(name: string, priceCents: number) {
      return deps.repos.activities.insert({
        name: `${name} ${++sequence}`,
        price_cents: priceCents,
        start_date: '2026-10-01',
      });
    },
    async enrol(personId: number, activityId: number) {
      await deps.repos.enrolments.addLink(personId, activityId);
    },
    async link(userId: number, personId: number) {
      await deps.repos.persons.link(userId, personId);
    },
    async settings(values: {
      payments_enabled?: boolean;
      discount_bp?: number;
      deadline?: string | null;
    }) {
      const current = await deps.repos.config.get();
      await deps.repos.config.save({
        ...current,
        payments_enabled: values.payments_enabled ?? current.payments_enabled,
        global_discount_bp: values.discount_bp ?? current.global_discount_bp,
        deadline_date: values.deadline === undefined ? current.deadline_date : values.deadline,
      });
    },
    /** A user managing one person enrolled in activities with these prices (cents). */
    async household(prices: number[]) {
      const user = await this.user();
      const person = await this.person();
      await this.link(user.id, person.id);
      const activities: number[] = [];
      for (const [i, price] of prices.entries()) {
        const id = await this.activity(`Actividad ${i + 1}`, price);
        await this.enrol(person.id, id);
        activities.push(id);
      }
      return { user, person, activities };
    },
    async enrolment(personId: number, activityId: number) {
      return db
        .q()
        .selectFrom('enrolment_activities')
        .select(['is_paid', 'paid_payment_id', 'paid_amount_cents', 'paid_at'])
        .where('enrolment_id', '=', personId)
        .where('activity_id', '=', activityId)
        .executeTakeFirstOrThrow();
    },
    payment(order: string) {
      return db
        .q()
        .selectFrom('payments')
        .selectAll()
        .where('order_code', '=', order)
        .executeTakeFirst();
    },
    async count(table: string) {
      const row = await app.row<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ${sql.table(table)}`);
      return Number(row?.n ?? 0);
    },
  };
}
