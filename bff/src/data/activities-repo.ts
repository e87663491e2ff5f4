import type { Db } from './db.js';

export interface ActivityRow {
  id: number;
  name: string;
  price_cents: number;
  start_date: string | null;
  created_at: string;
  updated_at: string;
}

export type ActivityFields = Pick<ActivityRow, 'name' | 'price_cents' | 'start_date'>;

/** The activity catalogue. Names compare case-insensitively together with the start date. */
export function createActivitiesRepo(db: Db) {
  const all = db.prepare<[], ActivityRow>(
    "SELECT * FROM activities ORDER BY name COLLATE NOCASE, IFNULL(start_date, ''), id",
  );
  const byId = db.prepare<[number], ActivityRow>('SELECT * FROM activities WHERE id = ?');
  const byNameAndDate = db.prepare<[string, string], ActivityRow>(
    "SELECT * FROM activities WHERE name = ? COLLATE NOCASE AND IFNULL(start_date, '') = ?",
  );
  const insert = db.prepare<[ActivityFields]>(
    'INSERT INTO activities (name, price_cents, start_date) VALUES (@name, @price_cents, @start_date)',
  );
  const update = db.prepare<[ActivityFields & { id: number }]>(
    `UPDATE activities SET name = @name, price_cents = @price_cents, start_date = @start_date,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`,
  );
  const paidLinks = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM enrolment_activities WHERE activity_id = ? AND is_paid = 1',
  );
  const deleteUnpaidLinks = db.prepare<[number]>(
    'DELETE FROM enrolment_activities WHERE activity_id = ? AND is_paid = 0',
  );
  const remove = db.prepare<[number]>('DELETE FROM activities WHERE id = ?');
  return {
    list: () => all.all(),
    findById: (id: number) => byId.get(id),
    findByNameAndDate: (name: string, startDate: string | null) =>
      byNameAndDate.get(name, startDate ?? ''),
    insert: (fields: ActivityFields) => Number(insert.run(fields).lastInsertRowid),
    update: (id: number, fields: ActivityFields) => update.run({ ...fields, id }).changes > 0,
    countPaidLinks: (id: number) => paidLinks.get(id)?.n ?? 0,
    /** Removes the activity's unpaid enrolment links; returns how many. */
    deleteUnpaidLinks: (id: number) => deleteUnpaidLinks.run(id).changes,
    delete: (id: number) => remove.run(id).changes > 0,
  };
}

export type ActivitiesRepo = ReturnType<typeof createActivitiesRepo>;
