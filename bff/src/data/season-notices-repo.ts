import { sql } from 'kysely';
import type { Database } from './database.js';
import type { ApplicationStatus, Locale, SeasonNoticeKind } from './schema.js';

/** A notice about to be sent, with what its message names. */
export interface NoticeToSend {
  id: number;
  kind: SeasonNoticeKind;
  params: string;
  first_name: string;
  activity_name: string;
  /** The application's status now (an offer's notices are stale once it is no longer offered). */
  status: ApplicationStatus;
}

/**
 * The season's messages before they go: one row per event for the account that applied. The
 * unsent rows of an account and an activity make one message, due when no message about that
 * activity went to that account within `spacingMs` (services/season/notices.ts).
 */
export function createSeasonNoticesRepo(db: Database) {
  return {
    /** An event for the account that applied (none when the account is gone). */
    async add(
      application: { id: number; user_id: number | null; activity_id: number },
      kind: SeasonNoticeKind,
      params: Record<string, string | number | null>,
      now: string,
    ): Promise<void> {
      if (application.user_id === null) return;
      await db
        .q()
        .insertInto('season_notices')
        .values({
          user_id: application.user_id,
          activity_id: application.activity_id,
          application_id: application.id,
          kind,
          params: JSON.stringify(params),
          created_at: now,
        })
        .execute();
    },

    /** Accounts and activities with unsent notices and no message sent since `sentSince`. */
    due: (sentSince: string, limit: number) =>
      db
        .q()
        .selectFrom('season_notices as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['n.user_id', 'n.activity_id', 'u.phone', 'u.email', 'u.locale'])
        .where('n.sent_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('season_notices as s')
                .select('s.id')
                .whereRef('s.user_id', '=', 'n.user_id')
                .whereRef('s.activity_id', '=', 'n.activity_id')
                .where('s.sent_at', '>', sentSince),
            ),
          ),
        )
        .groupBy(['n.user_id', 'n.activity_id', 'u.phone', 'u.email', 'u.locale'])
        .orderBy(sql`min(n.id)`)
        .limit(limit)
        .execute() as Promise<
        {
          user_id: number;
          activity_id: number;
          phone: string;
          email: string | null;
          locale: Locale;
        }[]
      >,

    /** The unsent notices of one account and activity, oldest first, with the names they say. */
    unsent: (userId: number, activityId: number): Promise<NoticeToSend[]> =>
      db
        .q()
        .selectFrom('season_notices as n')
        .innerJoin('applications as a', 'a.id', 'n.application_id')
        .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
        .innerJoin('activities as act', 'act.id', 'n.activity_id')
        .select([
          'n.id',
          'n.kind',
          'n.params',
          'e.first_name',
          'act.name as activity_name',
          'a.status',
        ])
        .where('n.user_id', '=', userId)
        .where('n.activity_id', '=', activityId)
        .where('n.sent_at', 'is', null)
        .orderBy('n.id')
        .execute(),

    /** Marks notices sent (before sending: a crash leaves a family untold, never told twice). */
    markSent: async (ids: readonly number[], now: string): Promise<void> => {
      if (ids.length === 0) return;
      await db
        .q()
        .updateTable('season_notices')
        .set({ sent_at: now })
        .where('id', 'in', ids)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** Forgets notices sent before `before` (what they said went out; only the spacing reads them). */
    pruneSent: async (before: string): Promise<number> => {
      const result = await db
        .q()
        .deleteFrom('season_notices')
        .where('sent_at', 'is not', null)
        .where('sent_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SeasonNoticesRepo = ReturnType<typeof createSeasonNoticesRepo>;
