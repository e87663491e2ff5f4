import { sql } from 'kysely';
import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';
import { activityKeys } from './search-keys.js';
import type { Selectable } from 'kysely';
import type { ActivitiesTable } from './schema.js';

export type ActivityRow = Selectable<ActivitiesTable>;

/**
 * What every activity has; the season's fields (migration 220) and the fee's (migration 300: age
 * bands as JSON in cents, the day ages are counted on, reductions, fee group) keep their defaults
 * when left out.
 */
export type ActivityFields = Pick<ActivityRow, 'name' | 'price_cents' | 'start_date'> &
  Partial<
    Pick<
      ActivityRow,
      | 'allocation'
      | 'capacity'
      | 'applications_open_at'
      | 'applications_close_at'
      | 'offer_hours'
      | 'description'
      | 'schedule'
      | 'venue'
      | 'texts'
      | 'min_birth_year'
      | 'max_birth_year'
      | 'tariffs'
      | 'age_on'
      | 'reductions_apply'
      | 'fee_group'
      | 'parts'
      | 'registration_fee_cents'
      | 'claims_days'
      | 'waitlist_ends_at'
      | 'free_places_at'
    >
  >;

/** The public catalogue's activities, compiled once (compiled-query.ts): anyone may read it. */
const withPlaces = compiledStatement((db) =>
  db
    .selectFrom('activities')
    .selectAll()
    .where('allocation', '!=', 'none')
    .orderBy('applications_open_at')
    .orderBy('name_sort_key')
    .orderBy('id'),
);

/** The activity catalogue. Names compare case-insensitively together with the start date. */
export function createActivitiesRepo(db: Database) {
  const activities = () => db.q().selectFrom('activities').selectAll();
  return {
    list: (): Promise<ActivityRow[]> =>
      activities()
        .orderBy('name_sort_key')
        .orderBy(sql`coalesce(start_date, '')`)
        .orderBy('id')
        .execute(),
    findById: (id: number): Promise<ActivityRow | undefined> =>
      activities().where('id', '=', id).executeTakeFirst(),
    findByNameAndDate: (name: string, startDate: string | null): Promise<ActivityRow | undefined> =>
      activities()
        .where(sql`lower(name)`, '=', sql`lower(${name})`)
        .where(sql`coalesce(start_date, '')`, '=', startDate ?? '')
        .executeTakeFirst(),
    async insert(fields: ActivityFields): Promise<number> {
      const row = await db
        .q()
        .insertInto('activities')
        .values({ ...fields, ...activityKeys(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, fields: ActivityFields): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('activities')
        .set({
          ...fields,
          ...activityKeys(fields),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Applications of any status: once there are some, the way places are given out is fixed. */
    async countApplications(id: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The public catalogue: activities with places, by the moment they open, then name. */
    withPlaces: (): Promise<ActivityRow[]> => withPlaces.rows(db, {}),
    /** Links paid whole or in part (a part paid counts: its money is on record). */
    async countPaidLinks(id: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('enrolment_activities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_id', '=', id)
        .where((eb) => eb.or([eb('is_paid', '=', 1), eb('parts_paid', '>', 0)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Removes the activity's unpaid enrolment links; returns how many. */
    async deleteUnpaidLinks(id: number): Promise<number> {
      const result = await db
        .q()
        .deleteFrom('enrolment_activities')
        .where('activity_id', '=', id)
        .where('is_paid', '=', 0)
        .where('parts_paid', '=', 0)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.q().deleteFrom('activities').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ActivitiesRepo = ReturnType<typeof createActivitiesRepo>;
