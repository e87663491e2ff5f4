import type { Db } from './db.js';

export interface EnrolmentRow {
  id: number;
  first_name: string;
  last_name: string;
  dni: string;
  email: string | null;
  phone: string;
  created_at: string;
  updated_at: string;
}

export type EnrolmentFields = Pick<
  EnrolmentRow,
  'first_name' | 'last_name' | 'dni' | 'email' | 'phone'
>;

export interface EnrolmentLink {
  enrolment_id: number;
  activity_id: number;
  name: string;
  is_paid: number;
}

/** People enrolled in activities (the spec's "person-activity") and their activity links. */
export function createEnrolmentsRepo(db: Db) {
  const all = db.prepare<[], EnrolmentRow>(
    'SELECT * FROM enrolments ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id',
  );
  const allLinks = db.prepare<[], EnrolmentLink>(
    `SELECT ea.enrolment_id, a.id AS activity_id, a.name, ea.is_paid
       FROM enrolment_activities ea JOIN activities a ON a.id = ea.activity_id
      ORDER BY a.name COLLATE NOCASE, IFNULL(a.start_date, ''), a.id`,
  );
  const linksOf = db.prepare<[number], EnrolmentLink>(
    `SELECT ea.enrolment_id, a.id AS activity_id, a.name, ea.is_paid
       FROM enrolment_activities ea JOIN activities a ON a.id = ea.activity_id
      WHERE ea.enrolment_id = ?
      ORDER BY a.name COLLATE NOCASE, IFNULL(a.start_date, ''), a.id`,
  );
  const byId = db.prepare<[number], EnrolmentRow>('SELECT * FROM enrolments WHERE id = ?');
  const byDni = db.prepare<[string], EnrolmentRow>('SELECT * FROM enrolments WHERE dni = ?');
  const insert = db.prepare<[EnrolmentFields]>(
    `INSERT INTO enrolments (first_name, last_name, dni, email, phone)
     VALUES (@first_name, @last_name, @dni, @email, @phone)`,
  );
  const update = db.prepare<[EnrolmentFields & { id: number }]>(
    `UPDATE enrolments SET first_name = @first_name, last_name = @last_name, dni = @dni, email = @email,
       phone = @phone, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`,
  );
  const addLink = db.prepare<[number, number]>(
    'INSERT OR IGNORE INTO enrolment_activities (enrolment_id, activity_id) VALUES (?, ?)',
  );
  const markPaid = db.prepare<
    [{ enrolment_id: number; activity_id: number; paid_at: string; amount: number }]
  >(
    `UPDATE enrolment_activities SET is_paid = 1, paid_at = @paid_at, paid_amount_cents = @amount
      WHERE enrolment_id = @enrolment_id AND activity_id = @activity_id AND is_paid = 0`,
  );
  const removeUnpaidLink = db.prepare<[number, number]>(
    'DELETE FROM enrolment_activities WHERE enrolment_id = ? AND activity_id = ? AND is_paid = 0',
  );
  const paidCount = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM enrolment_activities WHERE enrolment_id = ? AND is_paid = 1',
  );
  const remove = db.prepare<[number]>('DELETE FROM enrolments WHERE id = ?');
  return {
    list: () => all.all(),
    allLinks: () => allLinks.all(),
    linksOf: (id: number) => linksOf.all(id),
    findById: (id: number) => byId.get(id),
    findByDni: (dni: string) => byDni.get(dni),
    insert: (fields: EnrolmentFields) => Number(insert.run(fields).lastInsertRowid),
    update: (id: number, fields: EnrolmentFields) => update.run({ ...fields, id }).changes > 0,
    /** True when the link is new. */
    addLink: (enrolmentId: number, activityId: number) =>
      addLink.run(enrolmentId, activityId).changes > 0,
    /** Marks an unpaid link as paid outside the card flow (e.g. paid at the desk, from an import). */
    markPaid: (enrolmentId: number, activityId: number, paidAt: string, amountCents: number) =>
      markPaid.run({
        enrolment_id: enrolmentId,
        activity_id: activityId,
        paid_at: paidAt,
        amount: amountCents,
      }).changes > 0,
    removeUnpaidLink: (enrolmentId: number, activityId: number) =>
      removeUnpaidLink.run(enrolmentId, activityId).changes > 0,
    countPaid: (id: number) => paidCount.get(id)?.n ?? 0,
    delete: (id: number) => remove.run(id).changes > 0,
  };
}

export type EnrolmentsRepo = ReturnType<typeof createEnrolmentsRepo>;
