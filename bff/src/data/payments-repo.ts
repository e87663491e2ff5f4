import type { Db } from './db.js';

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'superseded' | 'duplicate';

export interface PaymentRow {
  id: number;
  order_code: string;
  user_id: number | null;
  enrolment_id: number | null;
  person_name: string;
  person_dni: string;
  amount_cents: number;
  use_discount: number;
  status: PaymentStatus;
  gateway: 'redsys' | 'sandbox';
  merchant_code: string;
  terminal: string;
  response_code: string | null;
  authorisation_code: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentItemRow {
  payment_id: number;
  enrolment_id: number;
  activity_id: number;
  activity_name: string;
  amount_cents: number;
}

export interface ManagedPersonRow {
  id: number;
  first_name: string;
  last_name: string;
  dni: string;
}

export interface EnrolledActivityRow {
  activity_id: number;
  name: string;
  price_cents: number;
  is_paid: number;
  paid_payment_id: number | null;
}

export interface NewPayment {
  order_code: string;
  user_id: number;
  enrolment_id: number;
  person_name: string;
  person_dni: string;
  amount_cents: number;
  use_discount: boolean;
  gateway: 'redsys' | 'sandbox';
  merchant_code: string;
  terminal: string;
  now: string;
}

export interface NewNotification {
  payment_id: number | null;
  order_code: string | null;
  signature_ok: boolean;
  response_code: string | null;
  amount_cents: number | null;
  outcome: string;
  parameters: string | null;
  ip: string | null;
  now: string;
}

export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  /** Part of the person's name or DNI. */
  person?: string | undefined;
  /** UTC ISO instants: created_at >= from and < to. */
  fromUtc?: string | undefined;
  toUtc?: string | undefined;
}

/** Lower case without accents, so "alvarez" finds "Álvarez" (SQLite's LIKE folds ASCII only). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** LIKE pattern for a substring, with the wildcards of the user's text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: PaymentFilter): { where: string; params: Record<string, string> } {
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  if (filter.status) {
    clauses.push('status = @status');
    params.status = filter.status;
  }
  const person = filter.person?.trim();
  if (person) {
    clauses.push(
      "(payments_fold(person_name) LIKE @person ESCAPE '\\' OR payments_fold(person_dni) LIKE @person ESCAPE '\\')",
    );
    params.person = containsPattern(fold(person));
  }
  if (filter.fromUtc) {
    clauses.push('created_at >= @from');
    params.from = filter.fromUtc;
  }
  if (filter.toUtc) {
    clauses.push('created_at < @to');
    params.to = filter.toUtc;
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function createPaymentsRepo(db: Db) {
  db.function('payments_fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? fold(value) : value,
  );
  const managedPerson = db.prepare<[number, number], ManagedPersonRow>(
    `SELECT e.id, e.first_name, e.last_name, e.dni FROM enrolments e
       JOIN user_persons up ON up.enrolment_id = e.id
      WHERE up.user_id = ? AND e.id = ?`,
  );
  const enrolledActivity = db.prepare<[number, number], EnrolledActivityRow>(
    `SELECT a.id AS activity_id, a.name, a.price_cents, ea.is_paid, ea.paid_payment_id
       FROM enrolment_activities ea JOIN activities a ON a.id = ea.activity_id
      WHERE ea.enrolment_id = ? AND ea.activity_id = ?`,
  );
  const orderExists = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM payments WHERE order_code = ?',
  );
  const insertPayment = db.prepare(
    `INSERT INTO payments (order_code, user_id, enrolment_id, person_name, person_dni, amount_cents,
       use_discount, status, gateway, merchant_code, terminal, created_at, updated_at)
     VALUES (@order_code, @user_id, @enrolment_id, @person_name, @person_dni, @amount_cents,
       @use_discount, 'pending', @gateway, @merchant_code, @terminal, @now, @now)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO payment_items (payment_id, enrolment_id, activity_id, activity_name, amount_cents)
     VALUES (@payment_id, @enrolment_id, @activity_id, @activity_name, @amount_cents)`,
  );
  const byOrder = db.prepare<[string], PaymentRow>('SELECT * FROM payments WHERE order_code = ?');
  const itemsOf = db.prepare<[number], PaymentItemRow>(
    'SELECT * FROM payment_items WHERE payment_id = ? ORDER BY activity_id',
  );
  const setStatus = db.prepare(
    `UPDATE payments SET status = @status, response_code = COALESCE(@response_code, response_code),
       authorisation_code = COALESCE(@authorisation_code, authorisation_code),
       paid_at = COALESCE(@paid_at, paid_at), updated_at = @now
     WHERE id = @id`,
  );
  const markPaid = db.prepare(
    `UPDATE enrolment_activities
        SET is_paid = 1, paid_at = @now, paid_payment_id = @payment_id, paid_amount_cents = @amount_cents
      WHERE enrolment_id = @enrolment_id AND activity_id = @activity_id AND is_paid = 0`,
  );
  const insertNotification = db.prepare(
    `INSERT INTO payment_notifications (payment_id, order_code, received_at, signature_ok, response_code,
       amount_cents, outcome, parameters, ip)
     VALUES (@payment_id, @order_code, @now, @signature_ok, @response_code, @amount_cents, @outcome,
       @parameters, @ip)`,
  );
  const residentPayments = db.prepare<[number], PaymentRow>(
    `SELECT p.* FROM payments p JOIN user_persons up ON up.enrolment_id = p.enrolment_id
      WHERE up.user_id = ? AND p.status = 'paid'
      ORDER BY p.paid_at DESC, p.id DESC`,
  );

  return {
    findManagedPerson: (userId: number, enrolmentId: number) =>
      managedPerson.get(userId, enrolmentId),
    findEnrolledActivity: (enrolmentId: number, activityId: number) =>
      enrolledActivity.get(enrolmentId, activityId),
    orderExists: (orderCode: string) => (orderExists.get(orderCode)?.n ?? 0) > 0,
    insertPayment(payment: NewPayment): number {
      return Number(
        insertPayment.run({ ...payment, use_discount: payment.use_discount ? 1 : 0 })
          .lastInsertRowid,
      );
    },
    insertItem: (item: PaymentItemRow) => insertItem.run(item),
    findByOrder: (orderCode: string) => byOrder.get(orderCode),
    items: (paymentId: number) => itemsOf.all(paymentId),
    /** Pending payments of this user that cover any of these activities of this person. */
    pendingOverlapping(userId: number, enrolmentId: number, activityIds: number[]): PaymentRow[] {
      if (activityIds.length === 0) return [];
      const marks = activityIds.map(() => '?').join(', ');
      return db
        .prepare<unknown[], PaymentRow>(
          `SELECT DISTINCT p.* FROM payments p JOIN payment_items i ON i.payment_id = p.id
            WHERE p.user_id = ? AND p.status = 'pending' AND i.enrolment_id = ?
              AND i.activity_id IN (${marks})
            ORDER BY p.id`,
        )
        .all(userId, enrolmentId, ...activityIds);
    },
    setStatus(
      id: number,
      status: PaymentStatus,
      now: string,
      extra: {
        responseCode?: string | null;
        authorisationCode?: string | null;
        paidAt?: string | null;
      } = {},
    ): void {
      setStatus.run({
        id,
        status,
        now,
        response_code: extra.responseCode ?? null,
        authorisation_code: extra.authorisationCode ?? null,
        paid_at: extra.paidAt ?? null,
      });
    },
    /** Marks one enrolled activity paid by this payment; false when it was already paid or is gone. */
    markItemPaid(item: PaymentItemRow, now: string): boolean {
      return (
        markPaid.run({
          enrolment_id: item.enrolment_id,
          activity_id: item.activity_id,
          payment_id: item.payment_id,
          amount_cents: item.amount_cents,
          now,
        }).changes === 1
      );
    },
    recordNotification(notification: NewNotification): number {
      return Number(
        insertNotification.run({ ...notification, signature_ok: notification.signature_ok ? 1 : 0 })
          .lastInsertRowid,
      );
    },
    residentPayments: (userId: number) => residentPayments.all(userId),
    list(filter: PaymentFilter, page: { limit: number; offset: number } | null): PaymentRow[] {
      const { where, params } = filterSql(filter);
      const limit = page ? 'LIMIT @limit OFFSET @offset' : '';
      return db
        .prepare<Record<string, string | number>, PaymentRow>(
          `SELECT * FROM payments ${where} ORDER BY created_at DESC, id DESC ${limit}`,
        )
        .all(page ? { ...params, limit: page.limit, offset: page.offset } : params);
    },
    count(filter: PaymentFilter): number {
      const { where, params } = filterSql(filter);
      return (
        db
          .prepare<Record<string, string>, { n: number }>(
            `SELECT COUNT(*) AS n FROM payments ${where}`,
          )
          .get(params)?.n ?? 0
      );
    },
    /** Items of many payments at once, by payment id. */
    itemsByPayment(paymentIds: number[]): Map<number, PaymentItemRow[]> {
      const out = new Map<number, PaymentItemRow[]>();
      for (let i = 0; i < paymentIds.length; i += 500) {
        const chunk = paymentIds.slice(i, i + 500);
        if (chunk.length === 0) continue;
        const rows = db
          .prepare<number[], PaymentItemRow>(
            `SELECT * FROM payment_items WHERE payment_id IN (${chunk.map(() => '?').join(', ')})
              ORDER BY payment_id, activity_id`,
          )
          .all(...chunk);
        for (const row of rows) {
          const list = out.get(row.payment_id) ?? [];
          list.push(row);
          out.set(row.payment_id, list);
        }
      }
      return out;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
