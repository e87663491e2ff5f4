import type { Selectable } from 'kysely';
import type { Database } from './database.js';
import type { DrawsTable } from './schema.js';

export type DrawRow = Selectable<DrawsTable>;

/** Each lottery activity's commitment and, once drawn, its published seed. */
export function createDrawsRepo(db: Database) {
  return {
    find: (activityId: number): Promise<DrawRow | undefined> =>
      db
        .q()
        .selectFrom('draws')
        .selectAll()
        .where('activity_id', '=', activityId)
        .executeTakeFirst(),

    findMany: (activityIds: readonly number[]): Promise<DrawRow[]> =>
      activityIds.length === 0
        ? Promise.resolve([])
        : db.q().selectFrom('draws').selectAll().where('activity_id', 'in', activityIds).execute(),

    /** Commits the activity to a sealed seed unless it already is (the first commitment stays). */
    commit: (row: Omit<DrawRow, 'seed' | 'drawn_at'>) =>
      db
        .q()
        .insertInto('draws')
        .values({ ...row, seed: null, drawn_at: null })
        .onConflict((oc) => oc.column('activity_id').doNothing())
        .execute(),

    /** Drops an undrawn commitment (the activity is no longer a lottery). */
    dropUndrawn: (activityId: number) =>
      db
        .q()
        .deleteFrom('draws')
        .where('activity_id', '=', activityId)
        .where('drawn_at', 'is', null)
        .execute(),

    /** Publishes the seed; false when the activity was drawn already. */
    async markDrawn(activityId: number, seed: string, drawnAt: string): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('draws')
        .set({ seed, drawn_at: drawnAt })
        .where('activity_id', '=', activityId)
        .where('drawn_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * What the public draw page lists, codes and statuses only: before the draw the codes taking
     * part (by code); after it every ranked application, by rank.
     */
    publicList: (activityId: number, drawn: boolean) =>
      db
        .q()
        .selectFrom('applications')
        .select(['code', 'rank', 'status', 'enrolment_id'])
        .where('activity_id', '=', activityId)
        .$if(drawn, (q) => q.where('rank', 'is not', null).orderBy('rank'))
        .$if(!drawn, (q) => q.where('status', '=', 'applied').orderBy('code'))
        .execute(),

    /** Lottery activities closed by `now` and not drawn yet: what the job draws. */
    dueForDraw: async (now: string): Promise<number[]> =>
      (
        await db
          .q()
          .selectFrom('activities as act')
          .innerJoin('draws as d', 'd.activity_id', 'act.id')
          .select('act.id')
          .where('act.allocation', '=', 'lottery')
          .where('act.applications_close_at', '<=', now)
          .where('d.drawn_at', 'is', null)
          .orderBy('act.applications_close_at')
          .orderBy('act.id')
          .execute()
      ).map((row) => row.id),
  };
}

export type DrawsRepo = ReturnType<typeof createDrawsRepo>;
