import { sql } from 'kysely';
import { compiledStatement } from './compiled-query.js';
import type { Database, Executor } from './database.js';
import { inNameOrder } from './lists/name-order.js';

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  /** Null for a person without one (under 14). */
  dni: string | null;
  email: string | null;
  phone: string;
  birth_date: string | null;
}

export interface PersonActivityRow {
  id: number;
  name: string;
  price_cents: number;
  start_date: string | null;
  is_paid: number;
  /** What was paid for it (null while pending, or marked paid before amounts were kept). */
  paid_amount_cents: number | null;
  /** The activity's parts, JSON (services/fees/parts.ts); '[]' one payment. */
  parts: string;
  parts_paid: number;
  /** The activity's registration fee, charged with the fee's first payment (migration 460). */
  registration_fee_cents: number;
  /** How much of what was paid was the registration fee. */
  registration_fee_paid_cents: number;
}

/** A person's own fields, as the residents' calls and their data export show them. */
export const personColumns = [
  'e.id',
  'e.first_name',
  'e.last_name',
  'e.dni',
  'e.email',
  'e.phone',
  'e.birth_date',
] as const;

// A resident's dashboard and every call about one of their people read these: compiled once
// (compiled-query.ts).
const managedBy = (db: Executor, userId: number) =>
  db
    .selectFrom('user_persons as up')
    .innerJoin('enrolments as e', 'e.id', 'up.enrolment_id')
    .select(personColumns)
    .where('up.user_id', '=', userId);
const listForUser = compiledStatement((db, p: { userId: number }) =>
  inNameOrder(managedBy(db, p.userId)),
);
const findLinked = compiledStatement((db, p: { userId: number; enrolmentId: number }) =>
  managedBy(db, p.userId).where('up.enrolment_id', '=', p.enrolmentId),
);
const activitiesOf = compiledStatement((db, p: { enrolmentId: number }) =>
  db
    .selectFrom('enrolment_activities as ea')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .select([
      'a.id',
      'a.name',
      'a.price_cents',
      'a.start_date',
      'ea.is_paid',
      'ea.paid_amount_cents',
      'a.parts',
      'ea.parts_paid',
      'a.registration_fee_cents',
      'ea.registration_fee_paid_cents',
    ])
    .where('ea.enrolment_id', '=', p.enrolmentId)
    .orderBy(sql`a.start_date is null`)
    .orderBy('a.start_date')
    .orderBy('a.name_sort_key')
    .orderBy('a.id'),
);

/** The residents' view of enrolled people: who manages whom (user_persons) and their activities. */
export function createPersonsRepo(db: Database) {
  return {
    findById: (id: number): Promise<PersonRow | undefined> =>
      db
        .q()
        .selectFrom('enrolments as e')
        .select(personColumns)
        .where('e.id', '=', id)
        .executeTakeFirst(),
    findByDni: (dni: string): Promise<PersonRow | undefined> =>
      db
        .q()
        .selectFrom('enrolments as e')
        .select(personColumns)
        .where('e.dni', '=', dni)
        .executeTakeFirst(),
    /**
     * Records of one person by identity: the same birth date and name key (search-keys.ts's
     * identityNameKey), with whether this account manages each and whether any account does.
     */
    findByIdentity: (
      birthDate: string,
      nameKey: string,
      userId: number,
    ): Promise<(PersonRow & { linked_here: number; managers: number })[]> =>
      db
        .q()
        .selectFrom('enrolments as e')
        .select(personColumns)
        .select((eb) => [
          eb
            .selectFrom('user_persons as up')
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .whereRef('up.enrolment_id', '=', 'e.id')
            .where('up.user_id', '=', userId)
            .as('linked_here'),
          eb
            .selectFrom('user_persons as up')
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .whereRef('up.enrolment_id', '=', 'e.id')
            .as('managers'),
        ])
        .where('e.birth_date', '=', birthDate)
        .where('e.identity_name_key', '=', nameKey)
        .orderBy('e.id')
        .execute() as Promise<(PersonRow & { linked_here: number; managers: number })[]>,
    /** Whether a resident added the record with this DNI ("add a person"), and the person's birth date. */
    originOfDni: (dni: string) =>
      db
        .q()
        .selectFrom('enrolments')
        .select(['id', 'phone', 'birth_date', 'added_by_resident'])
        .where('dni', '=', dni)
        .executeTakeFirst(),
    listForUser: (userId: number): Promise<PersonRow[]> => listForUser.rows(db, { userId }),
    /** The person only when linked to this user: the one gate of every id route. */
    findLinked: (userId: number, enrolmentId: number): Promise<PersonRow | undefined> =>
      findLinked.first(db, { userId, enrolmentId }),
    /** False when the link already existed. */
    async link(userId: number, enrolmentId: number): Promise<boolean> {
      const result = await db
        .q()
        .insertInto('user_persons')
        .values({ user_id: userId, enrolment_id: enrolmentId })
        .onConflict((oc) => oc.columns(['user_id', 'enrolment_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    /** The accounts that manage a person: who is told when its holder takes it over. */
    linkedAccounts: (enrolmentId: number) =>
      db
        .q()
        .selectFrom('user_persons as up')
        .innerJoin('users as u', 'u.id', 'up.user_id')
        .select(['u.id', 'u.dni', 'u.phone', 'u.locale'])
        .where('up.enrolment_id', '=', enrolmentId)
        .orderBy('u.id')
        .execute(),
    async unlink(userId: number, enrolmentId: number): Promise<boolean> {
      const result = await db
        .q()
        .deleteFrom('user_persons')
        .where('user_id', '=', userId)
        .where('enrolment_id', '=', enrolmentId)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    activities: (enrolmentId: number): Promise<PersonActivityRow[]> =>
      activitiesOf.rows(db, { enrolmentId }),
  };
}

export type PersonsRepo = ReturnType<typeof createPersonsRepo>;
