import { randomInt } from 'node:crypto';
import type { TestApp as PaymentsTestApp } from '../helpers/test-app.js';
import { hashPassword } from '../../src/services/passwords.js';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const base = randomInt(0, 89_999_999);
let sequence = 0;

/** A valid DNI that no other test data uses. */
export function freshDni(): string {
  sequence += 1;
  const n = 10_000_000 + ((base + sequence * 7919) % 89_999_999);
  return `${n}${LETTERS[n % 23]}`;
}

/** Test data straight into SQLite, independent of the residents' and admin areas' code. */
export function factory(app: PaymentsTestApp) {
  const { db, deps } = app;
  let passwordHash: string | null = null;
  return {
    async user(role: 'user' | 'admin' = 'user') {
      passwordHash ??= await hashPassword('correct horse battery');
      const dni = freshDni();
      const id = deps.repos.users.insert({
        dni,
        phone: '612345678',
        email: null,
        password_hash: passwordHash,
        role,
        verified: true,
      });
      const user = deps.repos.users.findById(id)!;
      const token = await deps.tokens.issue(user);
      return { id, dni, token, auth: { Authorization: `Bearer ${token}` } };
    },
    person(firstName = 'Xoán', lastName = 'López Pereira') {
      const dni = freshDni();
      const id = Number(
        db
          .prepare('INSERT INTO enrolments (first_name, last_name, dni, phone) VALUES (?, ?, ?, ?)')
          .run(firstName, lastName, dni, '612345678').lastInsertRowid,
      );
      return { id, dni, fullName: `${firstName} ${lastName}` };
    },
    activity(name: string, priceCents: number) {
      return Number(
        db
          .prepare('INSERT INTO activities (name, price_cents, start_date) VALUES (?, ?, ?)')
          .run(`${name} ${++sequence}`, priceCents, '2026-10-01').lastInsertRowid,
      );
    },
    enrol(personId: number, activityId: number) {
      db.prepare('INSERT INTO enrolment_activities (enrolment_id, activity_id) VALUES (?, ?)').run(
        personId,
        activityId,
      );
    },
    link(userId: number, personId: number) {
      db.prepare('INSERT INTO user_persons (user_id, enrolment_id) VALUES (?, ?)').run(
        userId,
        personId,
      );
    },
    settings(values: {
      payments_enabled?: boolean;
      discount_bp?: number;
      deadline?: string | null;
    }) {
      const current = deps.repos.config.get();
      deps.repos.config.save({
        maintenance_mode: current.maintenance_mode,
        payments_enabled: values.payments_enabled ?? current.payments_enabled,
        global_discount_bp: values.discount_bp ?? current.global_discount_bp,
        deadline_date: values.deadline === undefined ? current.deadline_date : values.deadline,
      });
    },
    /** A user managing one person enrolled in activities with these prices (cents). */
    async household(prices: number[]) {
      const user = await this.user();
      const person = this.person();
      this.link(user.id, person.id);
      const activities = prices.map((price, i) => {
        const id = this.activity(`Actividad ${i + 1}`, price);
        this.enrol(person.id, id);
        return id;
      });
      return { user, person, activities };
    },
    enrolment(personId: number, activityId: number) {
      return db
        .prepare<
          [number, number],
          {
            is_paid: number;
            paid_payment_id: number | null;
            paid_amount_cents: number | null;
            paid_at: string | null;
          }
        >(
          'SELECT is_paid, paid_payment_id, paid_amount_cents, paid_at FROM enrolment_activities WHERE enrolment_id = ? AND activity_id = ?',
        )
        .get(personId, activityId)!;
    },
    payment(order: string) {
      return db
        .prepare<
          [string],
          {
            id: number;
            status: string;
            amount_cents: number;
            response_code: string | null;
            authorisation_code: string | null;
            paid_at: string | null;
          }
        >('SELECT * FROM payments WHERE order_code = ?')
        .get(order);
    },
    count(table: string) {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    },
  };
}
