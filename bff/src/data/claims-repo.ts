import type { Selectable } from 'kysely';
import type { Database } from './database.js';
import type { ApplicationClaimsTable, ExclusionReason } from './schema.js';

export type ClaimRow = Selectable<ApplicationClaimsTable>;

/** A claim with what staff need to judge it: the application's code and its person. */
export interface ClaimWithPerson extends ClaimRow {
  code: string;
  activity_id: number;
  first_name: string;
  last_name: string;
  dni: string | null;
  birth_date: string | null;
}

/** Who is told of an answer, and what about. */
export interface ClaimContact {
  email: string | null;
  phone: string;
  locale: 'es' | 'en' | 'gl';
  code: string;
  activity_name: string;
  first_name: string;
  last_name: string;
}

/**
 * The provisional lists' data (migration 340): the applications a list is made of, claims, and
 * the applications a draw leaves out.
 */
export function createClaimsRepo(db: Database) {
  const withPerson = () =>
    db
      .q()
      .selectFrom('application_claims as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
      .selectAll('c')
      .select(['a.code', 'a.activity_id', 'e.first_name', 'e.last_name', 'e.dni', 'e.birth_date']);

  return {
    /** The applications a provisional list is made of: applied, with their person's birth date. */
    applied: (activityId: number) =>
      db
        .q()
        .selectFrom('applications as a')
        .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
        .select(['a.id', 'a.code', 'a.enrolment_id', 'a.created_at', 'e.birth_date'])
        .where('a.activity_id', '=', activityId)
        .where('a.status', '=', 'applied')
        .orderBy('a.code')
        .orderBy('a.id')
        .execute(),

    /** Applications of these activities a claim got admitted. */
    admittedByClaim: async (activityIds: readonly number[]): Promise<Set<number>> =>
      activityIds.length === 0
        ? new Set()
        : new Set(
            (
              await db
                .q()
                .selectFrom('application_claims as c')
                .innerJoin('applications as a', 'a.id', 'c.application_id')
                .select('c.application_id')
                .where('a.activity_id', 'in', activityIds)
                .where('c.status', '=', 'admitted')
                .execute()
            ).map((row) => row.application_id),
          ),

    countOpen: async (activityId: number): Promise<number> =>
      Number(
        (
          await db
            .q()
            .selectFrom('application_claims as c')
            .innerJoin('applications as a', 'a.id', 'c.application_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('a.activity_id', '=', activityId)
            .where('c.status', '=', 'open')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** An activity's claims, open first, then oldest first. */
    ofActivity: (activityId: number): Promise<ClaimWithPerson[]> =>
      withPerson()
        .where('a.activity_id', '=', activityId)
        .orderBy((eb) => eb.case().when('c.status', '=', 'open').then(0).else(1).end())
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute(),

    /** The latest claim of each of these applications. */
    async latestOf(applicationIds: readonly number[]): Promise<Map<number, ClaimRow>> {
      if (applicationIds.length === 0) return new Map();
      const rows = await db
        .q()
        .selectFrom('application_claims')
        .selectAll()
        .where('application_id', 'in', applicationIds)
        .orderBy('id')
        .execute();
      return new Map(rows.map((row) => [row.application_id, row]));
    },

    findOpen: (applicationId: number): Promise<ClaimRow | undefined> =>
      db
        .q()
        .selectFrom('application_claims')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('status', '=', 'open')
        .executeTakeFirst(),

    findWithPerson: (id: number): Promise<ClaimWithPerson | undefined> =>
      withPerson().where('c.id', '=', id).executeTakeFirst(),

    insert: (row: {
      application_id: number;
      user_id: number;
      reason: ExclusionReason;
      text: string;
      created_at: string;
    }): Promise<ClaimRow> =>
      db
        .q()
        .insertInto('application_claims')
        .values({ ...row, status: 'open' })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Answers an open claim; false when it was answered meanwhile. */
    resolve: async (
      id: number,
      answer: { status: 'admitted' | 'kept'; reply: string; by: number; at: string },
    ): Promise<boolean> => {
      const result = await db
        .q()
        .updateTable('application_claims')
        .set({
          status: answer.status,
          reply: answer.reply,
          resolved_by: answer.by,
          resolved_at: answer.at,
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The account that sent a claim: its contact and language, and what the claim is about. */
    contactOf: (id: number): Promise<ClaimContact | undefined> =>
      db
        .q()
        .selectFrom('application_claims as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('applications as a', 'a.id', 'c.application_id')
        .innerJoin('activities as act', 'act.id', 'a.activity_id')
        .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
        .select([
          'u.email',
          'u.phone',
          'u.locale',
          'a.code',
          'act.name as activity_name',
          'e.first_name',
          'e.last_name',
        ])
        .where('c.id', '=', id)
        .executeTakeFirst() as Promise<ClaimContact | undefined>,

    /** Applications a draw leaves out: withdrawn from it, with the reason kept. */
    async exclude(
      excluded: readonly { id: number; reason: ExclusionReason }[],
      at: string,
    ): Promise<void> {
      for (const { id, reason } of excluded) {
        await db
          .q()
          .updateTable('applications')
          .set({ status: 'withdrawn', excluded_reason: reason, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'applied')
          .execute();
      }
    },
  };
}

export type ClaimsRepo = ReturnType<typeof createClaimsRepo>;
