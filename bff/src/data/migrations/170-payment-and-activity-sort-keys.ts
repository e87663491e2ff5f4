import { sql } from 'kysely';
import type { Database } from '../database.js';
import { activityKeys, paymentPersonKeys } from './frozen-keys.js';

/**
 * 170: payments by the person's name and activities by name sort like the people's lists (130,
 * 140): "ñ" after "n" ("Muñoz" after "Muntaner", "Baño" after "Banzo"). They sorted by their
 * search keys, which fold "ñ" to "n" so that "pena" finds "Peña"; each now keeps a sort key of its
 * own, written by its repository, and the payments' person sort reads an index of it.
 */
export const sqlite = /* sql */ `
ALTER TABLE payments ADD COLUMN person_sort_key TEXT NOT NULL DEFAULT '';
ALTER TABLE activities ADD COLUMN name_sort_key TEXT NOT NULL DEFAULT '';
DROP INDEX payments_by_person;
CREATE INDEX payments_by_person ON payments (person_sort_key, id);
`;

export const postgres = /* sql */ `
ALTER TABLE payments ADD COLUMN person_sort_key text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE activities ADD COLUMN name_sort_key text COLLATE "C" NOT NULL DEFAULT '';
DROP INDEX payments_by_person;
CREATE INDEX payments_by_person ON payments (person_sort_key, id);
`;

/**
 * Writes the sort keys of the payments and activities already there: each one's search key in one
 * statement (the same fold but for "ñ"), then the rows whose names differ from it.
 */
export async function writePaymentAndActivitySortKeys(db: Database): Promise<void> {
  await sql`UPDATE payments SET person_sort_key = person_key`.execute(db.q());
  await sql`UPDATE activities SET name_sort_key = search_key`.execute(db.q());
  const payments = await db
    .q()
    .selectFrom('payments')
    .select(['id', 'person_name', 'person_sort_key'])
    .execute();
  for (const payment of payments) {
    const { person_sort_key } = paymentPersonKeys(payment);
    if (person_sort_key === payment.person_sort_key) continue;
    await db
      .q()
      .updateTable('payments')
      .set({ person_sort_key })
      .where('id', '=', payment.id)
      .execute();
  }
  const activities = await db
    .q()
    .selectFrom('activities')
    .select(['id', 'name', 'name_sort_key'])
    .execute();
  for (const activity of activities) {
    const { name_sort_key } = activityKeys(activity);
    if (name_sort_key === activity.name_sort_key) continue;
    await db
      .q()
      .updateTable('activities')
      .set({ name_sort_key })
      .where('id', '=', activity.id)
      .execute();
  }
}
