import type { Selectable } from 'kysely';
import { compiledStatement, idList, idsIn } from './compiled-query.js';
import type { Database } from './database.js';
import type { DrawsTable, PriorityMode } from './schema.js';

export type DrawRow = Selectable<DrawsTable>;

/** The draws of some activities: the public catalogue reads it, compiled once (compiled-query.ts). */
const drawsOf = compiledStatement((db, p: { activityIds: string }, target) =>
  db.selectFrom('draws').selectAll().where('activity_id', 'in', idsIn(target, p.activityIds)),
);

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
        : drawsOf.rows(db, { activityIds: idList(activityIds) }),

    /** Commits the activity to a sealed seed unless it already is (the first commitment stays). */
    commit: (
      row: Pick<DrawRow, 'activity_id' | 'seed_sealed' | 'seed_commitment' | 'created_at'>,
    ) =>
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

    /** The public value's source, named (or its drand round moved) while nothing is entered. */
    setSource: (
      activityId: number,
      source: Pick<DrawRow, 'public_value_source' | 'public_value_description' | 'drand_round'>,
    ) =>
      db
        .q()
        .updateTable('draws')
        .set(source)
        .where('activity_id', '=', activityId)
        .where('drawn_at', 'is', null)
        .where('public_value', 'is', null)
        .execute(),

    /** An activity's priority groups (JSON) and how they take precedence. */
    setPriorityGroups: (activityId: number, json: string, mode: PriorityMode | null) =>
      db
        .q()
        .updateTable('activities')
        .set({ priority_groups: json, priority_mode: mode })
        .where('id', '=', activityId)
        .execute(),

    /** The reserved places and their circumstance, while the draw is not made. */
    setReserved: (activityId: number, places: number, circumstanceId: number | null) =>
      db
        .q()
        .updateTable('draws')
        .set({ reserved_places: places, reserved_circumstance_id: circumstanceId })
        .where('activity_id', '=', activityId)
        .where('drawn_at', 'is', null)
        .execute(),

    /** Marks the applications the draw gave a reserved place. */
    markReserved: async (applicationIds: readonly number[]) => {
      for (let i = 0; i < applicationIds.length; i += 1000)
        await db
          .q()
          .updateTable('applications')
          .set({ reserved_place: 1 })
          .where('id', 'in', applicationIds.slice(i, i + 1000))
          .execute();
    },

    /** Enters the public value once; false when one was entered (or the draw made) meanwhile. */
    async enterPublicValue(activityId: number, value: string, at: string): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('draws')
        .set({ public_value: value, public_value_at: at })
        .where('activity_id', '=', activityId)
        .where('drawn_at', 'is', null)
        .where('public_value', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Publishes the seed and the rule it was drawn by; false when drawn already. */
    async markDrawn(
      activityId: number,
      seed: string,
      drawnAt: string,
      ruleVersion: number,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('draws')
        .set({ seed, drawn_at: drawnAt, rule_version: ruleVersion })
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
        .select([
          'code',
          'rank',
          'status',
          'enrolment_id',
          'reserved_place',
          'priority_group',
          'joint_code',
        ])
        .where('activity_id', '=', activityId)
        // a joint application's members share their rank: by code within it
        .$if(drawn, (q) => q.where('rank', 'is not', null).orderBy('rank').orderBy('code'))
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
