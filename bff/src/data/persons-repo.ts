import type { Db } from './db.js';
import { readCacheFor } from './read-cache.js';

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  dni: string;
  email: string | null;
  phone: string;
}

export interface PersonActivityRow {
  id: number;
  name: string;
  price_cents: number;
  start_date: string | null;
  is_paid: number;
}

/** The residents' view of enrolled people: who manages whom (user_persons) and their activities. */
export function createPersonsRepo(db: Db) {
  const columns = 'e.id, e.first_name, e.last_name, e.dni, e.email, e.phone';
  const byDni = db.prepare<[string], PersonRow>(
    `SELECT ${columns} FROM enrolments e WHERE e.dni = ?`,
  );
  const ofUser = db.prepare<[number], PersonRow>(
    `SELECT ${columns} FROM user_persons up JOIN enrolments e ON e.id = up.enrolment_id
     WHERE up.user_id = ? ORDER BY e.last_name COLLATE NOCASE, e.first_name COLLATE NOCASE, e.id`,
  );
  const linked = db.prepare<[number, number], PersonRow>(
    `SELECT ${columns} FROM user_persons up JOIN enrolments e ON e.id = up.enrolment_id
     WHERE up.user_id = ? AND up.enrolment_id = ?`,
  );
  const link = db.prepare(
    'INSERT OR IGNORE INTO user_persons (user_id, enrolment_id) VALUES (?, ?)',
  );
  const unlink = db.prepare('DELETE FROM user_persons WHERE user_id = ? AND enrolment_id = ?');
  const activities = db.prepare<[number], PersonActivityRow>(
    `SELECT a.id, a.name, a.price_cents, a.start_date, ea.is_paid
     FROM enrolment_activities ea JOIN activities a ON a.id = ea.activity_id
     WHERE ea.enrolment_id = ?
     ORDER BY a.start_date IS NULL, a.start_date, a.name COLLATE NOCASE, a.id`,
  );
  // every resident screen reads these; the cache empties on any write
  const cache = readCacheFor(db);
  return {
    findByDni: (dni: string) => byDni.get(dni),
    listForUser: (userId: number): readonly PersonRow[] =>
      cache.read(`persons-of:${userId}`, () => ofUser.all(userId)),
    /** The person only when linked to this user: the one gate of every id route. */
    findLinked: (userId: number, enrolmentId: number): PersonRow | undefined =>
      cache.read(`linked:${userId}:${enrolmentId}`, () => linked.get(userId, enrolmentId)),
    /** False when the link already existed. */
    link: (userId: number, enrolmentId: number) => link.run(userId, enrolmentId).changes === 1,
    unlink: (userId: number, enrolmentId: number) => unlink.run(userId, enrolmentId).changes === 1,
    activities: (enrolmentId: number): readonly PersonActivityRow[] =>
      cache.read(`activities-of:${enrolmentId}`, () => activities.all(enrolmentId)),
  };
}

export type PersonsRepo = ReturnType<typeof createPersonsRepo>;
