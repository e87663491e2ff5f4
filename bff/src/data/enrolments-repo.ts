import { sql } from 'kysely';
import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';
import { inNameOrder } from './lists/name-order.js';
import { enrolmentKeys } from './search-keys.js';
import type { Selectable } from 'kysely';
import type { EnrolmentsTable } from './schema.js';

export type EnrolmentRow = Selectable<EnrolmentsTable>;

export type EnrolmentFields = Pick<
  EnrolmentRow,
  'first_name' | 'last_name' | 'dni' | 'email' | 'phone'
>;

export interface EnrolmentLink {
  enrolment_id: number;
  activity_id: number;
  name: string;
  is_paid: number;
  /** What was paid so far (every part paid of a fee in parts); null when nothing is on record. */
  paid_amount_cents: number | null;
  /** How many parts of a fee in parts are paid (migration 410). */
  parts_paid: number;
  /** The activity's registration fee, charged with the fee's first payment (migration 460). */
  registration_fee_cents: number;
  /** How much of what was paid was the registration fee. */
  registration_fee_paid_cents: number;
  price_cents: number;
  /** The activity's parts, JSON (services/fees/parts.ts parses it). */
  parts: string;
}

// An application's offer and a payment's lines read or write a link: compiled once
// (compiled-query.ts).
const findLink = compiledStatement((db, p: { enrolmentId: number; activityId: number }) =>
  db
    .selectFrom('enrolment_activities')
    .select(['is_paid', 'parts_paid'])
    .where('enrolment_id', '=', p.enrolmentId)
    .where('activity_id', '=', p.activityId),
);
/** A link made (nothing when it exists): also an application's, with it (applications-repo). */
export const addLink = compiledStatement((db, p: { enrolmentId: number; activityId: number }) =>
  db
    .insertInto('enrolment_activities')
    .values({ enrolment_id: p.enrolmentId, activity_id: p.activityId })
    .onConflict((oc) => oc.columns(['enrolment_id', 'activity_id']).doNothing()),
);

/** People enrolled in activities (the spec's "person-activity") and their activity links. */
export function createEnrolmentsRepo(db: Database) {
  const links = (executor = db.q()) =>
    executor
      .selectFrom('enrolment_activities as ea')
      .innerJoin('activities as a', 'a.id', 'ea.activity_id')
      .select([
        'ea.enrolment_id',
        'a.id as activity_id',
        'a.name',
        'ea.is_paid',
        'ea.paid_amount_cents',
        'ea.parts_paid',
        'a.price_cents',
        'a.parts',
        'a.registration_fee_cents',
        'ea.registration_fee_paid_cents',
      ])
      .orderBy('a.name_sort_key')
      .orderBy(sql`coalesce(a.start_date, '')`)
      .orderBy('a.id');
  return {
    list: (): Promise<EnrolmentRow[]> =>
      inNameOrder(db.reads().selectFrom('enrolments as e').selectAll('e')).execute(),
    allLinks: (): Promise<EnrolmentLink[]> => links(db.reads()).execute(),
    linksOfMany: (ids: readonly number[]): Promise<EnrolmentLink[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : links().where('ea.enrolment_id', 'in', ids).execute(),
    linksOf: (id: number): Promise<EnrolmentLink[]> =>
      links().where('ea.enrolment_id', '=', id).execute(),
    /** What these activities' fees are computed from under the council's rules (services/fees). */
    feeTermsOf: (activityIds: readonly number[]) =>
      activityIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('activities')
            .select([
              'id',
              'name',
              'name_sort_key',
              'price_cents',
              'start_date',
              'tariffs',
              'age_on',
              'reductions_apply',
              'fee_group',
              'registration_fee_cents',
            ])
            .where('id', 'in', activityIds)
            .execute(),
    findById: (id: number): Promise<EnrolmentRow | undefined> =>
      db.q().selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirst(),
    findByDni: (dni: string): Promise<EnrolmentRow | undefined> =>
      db.q().selectFrom('enrolments').selectAll().where('dni', '=', dni).executeTakeFirst(),
    async insert(
      fields: EnrolmentFields & { birth_date?: string | null; added_by_resident?: 0 | 1 },
    ): Promise<number> {
      const row = await db
        .q()
        .insertInto('enrolments')
        .values({ ...fields, ...enrolmentKeys(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Staff's write (the form, the import): the record is the council's from now on. */
    async update(
      id: number,
      fields: EnrolmentFields & { birth_date?: string | null },
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('enrolments')
        .set({
          ...fields,
          ...enrolmentKeys(fields),
          added_by_resident: 0,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** The person's link with the activity (enrolled, paid or not), if any. */
    findLink: (enrolmentId: number, activityId: number) =>
      findLink.first(db, { enrolmentId, activityId }),
    /** Links people with activities (a draw's offers), in batches; existing links stay. */
    async addLinks(pairs: readonly { enrolment_id: number; activity_id: number }[]): Promise<void> {
      for (let i = 0; i < pairs.length; i += 500) {
        await db
          .q()
          .insertInto('enrolment_activities')
          .values(pairs.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['enrolment_id', 'activity_id']).doNothing())
          .execute();
      }
    },
    /** True when the link is new. */
    async addLink(enrolmentId: number, activityId: number): Promise<boolean> {
      const result = await addLink.run(db, { enrolmentId, activityId });
      return Number(result.numAffectedRows ?? 0n) > 0;
    },
    /** Marks an unpaid link as paid outside the card flow (e.g. paid at the desk, from an import). */
    async markPaid(
      enrolmentId: number,
      activityId: number,
      paidAt: string,
      amountCents: number,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('enrolment_activities')
        .set({ is_paid: 1, paid_at: paidAt, paid_amount_cents: amountCents })
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .where('is_paid', '=', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Removes a link nothing of which is paid (a part paid keeps it: its money is on record). */
    async removeUnpaidLink(enrolmentId: number, activityId: number): Promise<boolean> {
      const result = await db
        .q()
        .deleteFrom('enrolment_activities')
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .where('is_paid', '=', 0)
        .where('parts_paid', '=', 0)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** The person's links paid whole or in part. */
    async countPaid(id: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('enrolment_activities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('enrolment_id', '=', id)
        .where((eb) => eb.or([eb('is_paid', '=', 1), eb('parts_paid', '>', 0)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.q().deleteFrom('enrolments').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type EnrolmentsRepo = ReturnType<typeof createEnrolmentsRepo>;
