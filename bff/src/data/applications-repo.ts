import { sql, type Selectable } from 'kysely';
import { compiledStatement, idList, idsIn } from './compiled-query.js';
import { insertEvent, type AuditInsert } from './audit-repo.js';
import type { Database, Executor } from './database.js';
import { addLink } from './enrolments-repo.js';
import type { ActivitiesTable, ApplicationsTable, ApplicationStatus, JointFit } from './schema.js';

export type ApplicationRow = Selectable<ApplicationsTable>;
export type SeasonActivityRow = Selectable<ActivitiesTable>;

/** An application as the resident's and staff's views read it: with its person and activity. */
export interface ApplicationWithNames extends ApplicationRow {
  activity_name: string;
  first_name: string;
  last_name: string;
  dni: string | null;
  birth_date: string | null;
  /** 1, 2, … among the activity's waitlisted; null unless waitlisted. */
  waitlist_position: number | null;
  /** 1 when an offered place has a payment still open at the bank (paymentOpen). */
  payment_open?: number | string | null;
}

/** The statuses that hold a place or a turn (one such application per person and activity). */
export const LIVE_STATUSES: readonly ApplicationStatus[] = [
  'applied',
  'offered',
  'waitlisted',
  'confirmed',
];
/** The statuses that hold one of the activity's places. */
export const HOLDING_STATUSES: readonly ApplicationStatus[] = ['offered', 'confirmed'];

/** Draw results one statement writes (one JSON parameter of a few hundred KB at most). */
const DRAW_ROWS_PER_STATEMENT = 5_000;

/** A new application's columns, as `insert` and `insertNew` write them. */
export interface NewApplication {
  code: string;
  activity_id: number;
  enrolment_id: number;
  /** Null when staff apply for a person no account manages (nobody to message). */
  user_id: number | null;
  status: ApplicationStatus;
  offer_expires_at: string | null;
  now: string;
  joint_code?: string | null;
  /** The applicant's priority group, fixed now (services/season/priority-groups.ts). */
  priority_group?: number | null;
  /** The resident saw the offer on screen as it was made (no message about it): now. */
  offer_notified_at?: string | null;
}

// A resident's application (the 9:00 rush) runs these: compiled once (compiled-query.ts).
const lockActivity = compiledStatement((db, p: { id: number }, { rowLocks }) =>
  db
    .selectFrom('activities')
    .selectAll()
    .where('id', '=', p.id)
    .$if(rowLocks, (q) => q.forUpdate()),
);
/**
 * What decides an application, in one read: per person, enrolled in the activity already or
 * holding a live application for it; the places held (offered or confirmed); the joint rule;
 * whether anyone waits. Run after the activity's row lock (lockActivity), in a statement of its
 * own: on PostgreSQL a subquery inside the locking read would count from the snapshot taken
 * before the lock's wait, so two calls could both see the last place free and oversell it; a
 * statement started after the lock is granted sees what the previous holder committed.
 */
const decision = compiledStatement((db, p: { activityId: number; enrolmentIds: string }, target) =>
  db
    .selectFrom('enrolments as e')
    .where('e.id', 'in', idsIn(target, p.enrolmentIds))
    .select((eb) => [
      'e.id as enrolment_id',
      eb
        .exists(
          eb
            .selectFrom('enrolment_activities as ea')
            .select('ea.enrolment_id')
            .whereRef('ea.enrolment_id', '=', 'e.id')
            .where('ea.activity_id', '=', p.activityId),
        )
        .as('enrolled'),
      eb
        .exists(
          eb
            .selectFrom('applications as mine')
            .select('mine.id')
            .where('mine.activity_id', '=', p.activityId)
            .whereRef('mine.enrolment_id', '=', 'e.id')
            .where('mine.status', 'in', LIVE_STATUSES),
        )
        .as('applied'),
      eb
        .selectFrom('applications as held')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .where('held.activity_id', '=', p.activityId)
        .where('held.status', 'in', HOLDING_STATUSES)
        .as('holding'),
      eb.selectFrom('config').select('config.joint_fit').where('config.id', '=', 1).as('joint_fit'),
      eb
        .exists(
          eb
            .selectFrom('applications as waiting')
            .select('waiting.id')
            .where('waiting.activity_id', '=', p.activityId)
            .where('waiting.status', '=', 'waitlisted'),
        )
        .as('any_waitlisted'),
    ]),
);
const countHolding = compiledStatement((db, p: { activityId: number }) =>
  db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', p.activityId)
    .where('status', 'in', HOLDING_STATUSES),
);
/** Counts by status of some activities: the public catalogue reads it. */
const countsByStatus = compiledStatement((db, p: { activityIds: string }, target) =>
  db
    .selectFrom('applications')
    .select(['activity_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('activity_id', 'in', idsIn(target, p.activityIds))
    .groupBy(['activity_id', 'status']),
);
/** An offered place paid: confirmed (every paid line of a payment runs it). */
const confirmPaid = compiledStatement(
  (db, p: { enrolmentId: number; activityId: number; now: string }) =>
    db
      .updateTable('applications')
      .set({ status: 'confirmed', updated_at: p.now, offer_expires_at: null })
      .where('enrolment_id', '=', p.enrolmentId)
      .where('activity_id', '=', p.activityId)
      .where('status', '=', 'offered')
      .returning(['id', 'code']),
);
const jointFit = compiledStatement((db) =>
  db.selectFrom('config').select('joint_fit').where('id', '=', 1),
);
/** A new application's columns as the inserts bind them. */
interface InsertParams {
  code: string;
  joint_code: string | null;
  priority_group: number | null;
  activity_id: number;
  enrolment_id: number;
  user_id: number | null;
  status: ApplicationStatus;
  offer_expires_at: string | null;
  offered_at: string | null;
  offer_notified_at: string | null;
  now: string;
}
/** The insert of a new application: its row, or nothing when its code is taken. */
const insertUnlessCodeTakenOn = (db: Executor, p: InsertParams) =>
  db
    .insertInto('applications')
    .values({
      code: p.code,
      joint_code: p.joint_code,
      priority_group: p.priority_group,
      activity_id: p.activity_id,
      enrolment_id: p.enrolment_id,
      user_id: p.user_id,
      status: p.status,
      offer_expires_at: p.offer_expires_at,
      offered_at: p.offered_at,
      offer_notified_at: p.offer_notified_at,
      created_at: p.now,
      updated_at: p.now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll();
/** The row, or nothing when its code is taken (a new code is drawn then). */
const insertUnlessCodeTaken = compiledStatement(insertUnlessCodeTakenOn);

/**
 * PostgreSQL: a new application, its enrolment link when it is offered and its audit row, in one
 * statement (data-modifying CTEs), where they were three round trips while the batch held the
 * activity's row lock. The link and the audit row are written from the inserted row, so a code
 * already taken (the insert does nothing) writes neither, and the caller draws another code.
 * The audit row's id is the application's, the rest as the audit repo built it.
 */
const insertWithLinkAndAudit = compiledStatement(
  (db, p: InsertParams & Omit<AuditInsert, 'entity_id' | 'repeat_key'>) =>
    db
      .with('application', () => insertUnlessCodeTakenOn(db, p))
      .with('link', (cte) =>
        cte
          .insertInto('enrolment_activities')
          .columns(['enrolment_id', 'activity_id'])
          .expression((eb) =>
            eb
              .selectFrom('application')
              .select(['application.enrolment_id', 'application.activity_id'])
              .where('application.status', '=', 'offered'),
          )
          .onConflict((oc) => oc.columns(['enrolment_id', 'activity_id']).doNothing()),
      )
      .with('audit', (cte) =>
        cte
          .insertInto('audit_log')
          .columns([
            'at',
            'last_at',
            'actor_user_id',
            'actor_dni',
            'action',
            'entity',
            'entity_id',
            'details',
            'ip',
          ])
          .expression((eb) =>
            eb
              .selectFrom('application')
              .select([
                sql<string>`cast(${p.at} as text)`.as('at'),
                sql<string>`cast(${p.last_at} as text)`.as('last_at'),
                sql<number>`cast(${p.actor_user_id} as integer)`.as('actor_user_id'),
                sql<string>`cast(${p.actor_dni} as text)`.as('actor_dni'),
                sql<string>`cast(${p.action} as text)`.as('action'),
                sql<string>`cast(${p.entity} as text)`.as('entity'),
                sql<string>`cast(application.id as text)`.as('entity_id'),
                sql<string>`cast(${p.details} as text)`.as('details'),
                sql<string>`cast(${p.ip} as text)`.as('ip'),
              ]),
          ),
      )
      .selectFrom('application as a')
      .selectAll('a')
      .select(waitlistPosition('unseen').as('waitlist_position')),
);

/**
 * Applications for places: writes and keyed reads. The waitlist's order is (rank, id): a draw's
 * rank for a lottery, arrival at the database (the id) for first come; a waitlisted position is
 * counted, never stored, so nothing renumbers when someone moves up or leaves.
 */
const applicationsWithNames = (db: Executor) =>
  db
    .selectFrom('applications as a')
    .innerJoin('activities as act', 'act.id', 'a.activity_id')
    .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
    .selectAll('a')
    .select([
      'act.name as activity_name',
      'e.first_name',
      'e.last_name',
      'e.dni',
      'e.birth_date',
      waitlistPosition().as('waitlist_position'),
      paymentOpen().as('payment_open'),
    ]);
/** A resident's applications (their dashboard), compiled once (compiled-query.ts). */
const applicationsOfUser = compiledStatement((db, p: { userId: number }) =>
  applicationsWithNames(db)
    .where('a.enrolment_id', 'in', (eb) =>
      eb.selectFrom('user_persons').select('enrolment_id').where('user_id', '=', p.userId),
    )
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc'),
);

/** What decides an application (`decision`), after the activity's row lock. */
export interface ApplicationDecision {
  /** Per person: enrolled in the activity already, or holding a live application for it. */
  blockers: Map<number, { enrolled: boolean; applied: boolean }>;
  /** Places held: applications offered or confirmed. */
  holding: number;
  /** The council's rule for places left when a waiting joint group does not fit. */
  jointFit: JointFit;
  /** Whether anyone waits on the activity's waitlist. */
  anyWaitlisted: boolean;
}

/** A new application as stored, with its waitlist position (null unless waitlisted). */
export type NewApplicationRow = ApplicationRow & { waitlist_position: number | null };

const numberOrNull = (n: number | string | null | undefined) =>
  n === null || n === undefined ? null : Number(n);

const insertParams = (row: NewApplication): InsertParams => ({
  code: row.code,
  joint_code: row.joint_code ?? null,
  priority_group: row.priority_group ?? null,
  activity_id: row.activity_id,
  enrolment_id: row.enrolment_id,
  user_id: row.user_id,
  status: row.status,
  offer_expires_at: row.offer_expires_at,
  offered_at: row.status === 'offered' ? row.now : null,
  offer_notified_at: row.offer_notified_at ?? null,
  now: row.now,
});

export function createApplicationsRepo(db: Database) {
  /** A waitlisted application's position, by the same rule as every list's (waitlistPosition). */
  async function waitlistPositionOf(id: number): Promise<number | null> {
    const row = await db
      .q()
      .selectFrom('applications as a')
      .select(waitlistPosition().as('n'))
      .where('a.id', '=', id)
      .executeTakeFirstOrThrow();
    return numberOrNull(row.n);
  }

  return {
    /** The activity, locked until the transaction ends where the engine has row locks. */
    lockActivity: (id: number): Promise<SeasonActivityRow | undefined> =>
      lockActivity.first(db, { id }),

    /**
     * What decides an application for these people, in one read after the activity's row lock
     * (see `decision` above); undefined when one of them is no longer on record.
     */
    async decision(
      activityId: number,
      enrolmentIds: readonly number[],
    ): Promise<ApplicationDecision | undefined> {
      const rows = await decision.rows(db, { activityId, enrolmentIds: idList(enrolmentIds) });
      const first = rows[0];
      if (!first || rows.length !== new Set(enrolmentIds).size) return undefined;
      return {
        blockers: new Map(
          rows.map((row) => [
            Number(row.enrolment_id),
            { enrolled: Number(row.enrolled) === 1, applied: Number(row.applied) === 1 },
          ]),
        ),
        holding: Number(first.holding ?? 0),
        jointFit: first.joint_fit ?? 'next_fits',
        anyWaitlisted: Number(first.any_waitlisted) === 1,
      };
    },

    findActivity: (id: number): Promise<SeasonActivityRow | undefined> =>
      db.q().selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst(),

    findById: (id: number): Promise<ApplicationRow | undefined> =>
      db.q().selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every application of the people an account manages, newest first. */
    listForUser: (userId: number): Promise<ApplicationWithNames[]> =>
      applicationsOfUser.rows(db, { userId }) as Promise<ApplicationWithNames[]>,

    findLive: (activityId: number, enrolmentId: number): Promise<ApplicationRow | undefined> =>
      db
        .q()
        .selectFrom('applications')
        .selectAll()
        .where('activity_id', '=', activityId)
        .where('enrolment_id', '=', enrolmentId)
        .where('status', 'in', LIVE_STATUSES)
        .executeTakeFirst(),

    /** The live applications of some people (a merge's), oldest first. */
    liveOfPeople: (enrolmentIds: readonly number[]): Promise<ApplicationRow[]> =>
      db
        .q()
        .selectFrom('applications')
        .selectAll()
        .where('enrolment_id', 'in', enrolmentIds)
        .where('status', 'in', LIVE_STATUSES)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /**
     * The activity's live applications with their person (names, DNI, birth date) and how many
     * accounts manage each: what the likely-duplicates check compares.
     */
    liveApplicants: (activityId: number) =>
      db
        .q()
        .selectFrom('applications as a')
        .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
        .select([
          'a.id',
          'a.code',
          'a.status',
          'a.created_at',
          'e.id as enrolment_id',
          'e.first_name',
          'e.last_name',
          'e.dni',
          'e.birth_date',
        ])
        .select((eb) =>
          eb
            .selectFrom('user_persons as up')
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .whereRef('up.enrolment_id', '=', 'e.id')
            .as('accounts'),
        )
        .where('a.activity_id', '=', activityId)
        .where('a.status', 'in', LIVE_STATUSES)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute(),

    async insert(row: Omit<NewApplication, 'offer_notified_at'>): Promise<ApplicationRow> {
      const { now, ...fields } = row;
      return db
        .q()
        .insertInto('applications')
        .values({
          ...fields,
          offered_at: fields.status === 'offered' ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * A new application with what comes with it: its enrolment link when it is offered (the
     * activity on the person's pending list) and `audit`, its audit row, whose entity id is the
     * application's. Undefined, and nothing written, when another application has its code (the
     * caller draws another). One statement on PostgreSQL (each statement there is a round trip
     * while the rush's batch holds the activity's row lock); SQLite, which has no data-modifying
     * CTEs and runs in-process, writes the three in turn.
     */
    async insertNew(
      row: NewApplication,
      audit: Omit<AuditInsert, 'entity_id'>,
    ): Promise<NewApplicationRow | undefined> {
      // a status change is never a counted repeat: the statement below has no repeat's upsert
      if (audit.repeat_key !== null)
        throw new Error('an application’s audit row is never a repeat');
      if (db.engine === 'postgres') {
        const stored = await insertWithLinkAndAudit.first(db, { ...insertParams(row), ...audit });
        return stored && { ...stored, waitlist_position: numberOrNull(stored.waitlist_position) };
      }
      const stored = await insertUnlessCodeTaken.first(db, insertParams(row));
      if (!stored) return undefined;
      if (stored.status === 'offered')
        await addLink.run(db, { enrolmentId: stored.enrolment_id, activityId: stored.activity_id });
      await insertEvent.run(db, { ...audit, entity_id: String(stored.id) });
      const waitlisted = stored.status === 'waitlisted';
      return {
        ...stored,
        waitlist_position: waitlisted ? await waitlistPositionOf(stored.id) : null,
      };
    },

    /** The live members of a joint application, in the order they were given. */
    liveJointMembers: (jointCode: string): Promise<ApplicationRow[]> =>
      db
        .q()
        .selectFrom('applications')
        .selectAll()
        .where('joint_code', '=', jointCode)
        .where('status', 'in', LIVE_STATUSES)
        .orderBy('id')
        .execute(),

    /** The council's rule for places left when a waiting joint group does not fit. */
    async jointFit(): Promise<JointFit> {
      const row = await jointFit.first(db, {});
      return row?.joint_fit ?? 'next_fits';
    },

    /** An account that manages the person (the oldest link): who hears about a staff-made application. */
    async managingUser(enrolmentId: number): Promise<number | null> {
      const row = await db
        .q()
        .selectFrom('user_persons')
        .select('user_id')
        .where('enrolment_id', '=', enrolmentId)
        .orderBy('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** The person's applications still waiting for a place (waitlisted, or before the draw). */
    waitingOf: (enrolmentId: number) =>
      db
        .q()
        .selectFrom('applications as a')
        .innerJoin('activities as act', 'act.id', 'a.activity_id')
        .select(['a.activity_id', 'act.name as activity_name'])
        .where('a.enrolment_id', '=', enrolmentId)
        .where('a.status', 'in', ['waitlisted', 'applied'])
        .execute(),

    /** Places held (offered or confirmed). */
    async countHolding(activityId: number): Promise<number> {
      const row = await countHolding.first(db, { activityId });
      return Number(row?.n ?? 0);
    },

    /** The next `count` on the waitlist, in order. */
    nextWaitlisted: (activityId: number, count: number): Promise<ApplicationRow[]> =>
      db
        .q()
        .selectFrom('applications')
        .selectAll()
        .where('activity_id', '=', activityId)
        .where('status', '=', 'waitlisted')
        .orderBy('rank')
        .orderBy('id')
        .limit(count)
        .execute(),

    /** Moves one application from `from` to `to`; false when it was no longer `from`. */
    async setStatus(
      id: number,
      from: ApplicationStatus,
      to: ApplicationStatus,
      now: string,
      offerExpiresAt: string | null = null,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('applications')
        .set({
          status: to,
          updated_at: now,
          offer_expires_at: to === 'offered' ? offerExpiresAt : null,
          ...(to === 'offered'
            ? { offered_at: now, offer_notified_at: null, offer_reminded_at: null }
            : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The offer of this person and activity, paid now: confirmed. Its id, if there was one. */
    confirmPaid: (enrolmentId: number, activityId: number, now: string) =>
      confirmPaid.first(db, { enrolmentId, activityId, now }),

    /** Activities locked in id order (no two transactions lock them in opposite orders). */
    lockActivities: (ids: readonly number[]): Promise<SeasonActivityRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('activities')
            .selectAll()
            .where('id', 'in', ids)
            .orderBy('id')
            .$if(db.rowLocks, (q) => q.forUpdate())
            .execute(),

    /** The applications draws rank: applied, of these activities (the draw orders them). */
    appliedIn: (
      activityIds: readonly number[],
    ): Promise<
      Pick<
        ApplicationRow,
        'id' | 'code' | 'enrolment_id' | 'activity_id' | 'joint_code' | 'priority_group'
      >[]
    > =>
      activityIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('applications')
            .select(['id', 'code', 'enrolment_id', 'activity_id', 'joint_code', 'priority_group'])
            .where('activity_id', 'in', activityIds)
            .where('status', '=', 'applied')
            .execute(),

    /**
     * Writes draws' results: every application's rank and outcome, a few thousand rows per
     * statement, passed as one JSON parameter the engine reads as rows (json_each on SQLite,
     * jsonb_to_recordset on PostgreSQL): the same statement text every time, so it is prepared
     * once, where a statement per row would cost a round trip each.
     */
    async writeDrawResults(
      results: readonly {
        id: number;
        rank: number;
        offered: boolean;
        offerExpiresAt: string;
      }[],
      now: string,
    ): Promise<void> {
      for (let i = 0; i < results.length; i += DRAW_ROWS_PER_STATEMENT) {
        const json = JSON.stringify(
          results.slice(i, i + DRAW_ROWS_PER_STATEMENT).map((r) => ({
            id: r.id,
            rank: r.rank,
            status: r.offered ? 'offered' : 'waitlisted',
            expires: r.offered ? r.offerExpiresAt : null,
          })),
        );
        const rows =
          db.engine === 'postgres'
            ? sql`jsonb_to_recordset(${json}::jsonb) as r(id integer, rank integer, status text, expires text)`
            : sql`(select json_extract(value, '$.id') as id, json_extract(value, '$.rank') as rank,
                json_extract(value, '$.status') as status, json_extract(value, '$.expires') as expires
                from json_each(${json})) as r`;
        // SQLite: the unary + keeps the planner from starting at the status index and reading
        // the JSON once per application (20,000 rows: 17 s instead of 0.15 s); it then walks the
        // JSON rows and finds each application by its key
        const current =
          db.engine === 'postgres' ? sql`applications.status` : sql`+applications.status`;
        await sql`
          update applications set
            rank = r.rank,
            status = r.status,
            offered_at = case when r.status = 'offered' then ${now} end,
            offer_expires_at = r.expires,
            updated_at = ${now}
          from ${rows}
          where applications.id = r.id and ${current} = 'applied'`.execute(db.q());
      }
    },

    /**
     * Offers whose time ran out, oldest first, leaving out those with a payment still open whose
     * deadline passed after `holdSince` (the bounded hold: services/season/payment-hold.ts).
     */
    expiredOffers: (now: string, limit: number, holdSince: string): Promise<ApplicationRow[]> =>
      db
        .q()
        .selectFrom('applications as a')
        .selectAll('a')
        .where('a.status', '=', 'offered')
        .where('a.offer_expires_at', '<=', now)
        .where((eb) =>
          eb.or([
            eb('a.offer_expires_at', '<=', holdSince),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('payment_items as pi')
                  .innerJoin('payments as p', 'p.id', 'pi.payment_id')
                  .select('pi.payment_id')
                  .whereRef('pi.enrolment_id', '=', 'a.enrolment_id')
                  .whereRef('pi.activity_id', '=', 'a.activity_id')
                  .where('p.status', '=', 'pending'),
              ),
            ),
          ]),
        )
        .orderBy('a.offer_expires_at')
        .limit(limit)
        .execute(),

    /** Offers nobody has been told about yet (after a draw or moving up), or due a reminder. */
    offersToTell: (now: string, remindBefore: string, limit: number) =>
      db
        .q()
        .selectFrom('applications as a')
        .innerJoin('activities as act', 'act.id', 'a.activity_id')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select([
          'a.id',
          'a.user_id',
          'a.enrolment_id',
          'a.activity_id',
          'a.offer_expires_at',
          'a.offer_notified_at',
          'act.name as activity_name',
          'act.price_cents',
          'act.parts',
          'act.registration_fee_cents',
          'u.phone',
          'u.email',
          'u.locale',
        ])
        .where('a.status', '=', 'offered')
        .where('a.offer_expires_at', '>', now)
        .where((eb) =>
          eb.or([
            eb('a.offer_notified_at', 'is', null),
            eb.and([
              eb('a.offer_reminded_at', 'is', null),
              eb('a.offer_expires_at', '<=', remindBefore),
              eb('a.offer_notified_at', '<', remindBefore),
            ]),
          ]),
        )
        .orderBy('a.id')
        .limit(limit)
        .execute(),

    /** Drawn waitlists' families not yet told their place (first come is told on screen). */
    waitlistToTell: (limit: number) =>
      db
        .q()
        .selectFrom('applications as a')
        .select(['a.id', 'a.user_id', 'a.activity_id', waitlistPosition().as('position')])
        .where('a.status', '=', 'waitlisted')
        .where('a.rank', 'is not', null)
        .where('a.waitlist_notified_at', 'is', null)
        .orderBy('a.id')
        .limit(limit)
        .execute(),

    markWaitlistTold: (id: number, now: string) =>
      db
        .q()
        .updateTable('applications')
        .set({ waitlist_notified_at: now })
        .where('id', '=', id)
        .execute(),

    /** Activities someone is waiting for (the waitlist's end is checked on each). */
    activitiesWaiting: (): Promise<SeasonActivityRow[]> =>
      db
        .q()
        .selectFrom('activities')
        .selectAll()
        .where('id', 'in', (eb) =>
          eb.selectFrom('applications').select('activity_id').where('status', '=', 'waitlisted'),
        )
        .orderBy('id')
        .execute(),

    markTold: (id: number, what: 'notified' | 'reminded', now: string) =>
      db
        .q()
        .updateTable('applications')
        .set(what === 'notified' ? { offer_notified_at: now } : { offer_reminded_at: now })
        .where('id', '=', id)
        .execute(),

    /** Counts by status of one activity, or of every activity with places. */
    countsByStatus: (activityIds: readonly number[]) =>
      activityIds.length === 0
        ? Promise.resolve([])
        : countsByStatus.rows(db, { activityIds: idList(activityIds) }),
  };
}

/**
 * The waitlisted ahead of an application (`a`), and itself: its position, null unless waitlisted.
 * Counted on read over the index (activity_id, status, rank, id), so nothing is renumbered.
 * `unseen`: `a` is the row a statement is inserting (a data-modifying CTE's), which its own
 * reads do not see yet, so it is counted as 1 where the others are counted.
 */
export function waitlistPosition(a: 'stored' | 'unseen' = 'stored') {
  const itself = a === 'unseen' ? sql`1 + ` : sql``;
  return sql<number | null>`case when a.status = 'waitlisted' then ${itself}(
    select count(*) from applications w
    where w.activity_id = a.activity_id and w.status = 'waitlisted'
      and (coalesce(w.rank, 0) < coalesce(a.rank, 0)
        or (coalesce(w.rank, 0) = coalesce(a.rank, 0) and w.id <= a.id))
  ) end`;
}

/** 1 when an offered application (`a`) has a payment still open at the bank, else 0. */
export function paymentOpen() {
  return sql<number>`case when a.status = 'offered' and exists (
    select 1 from payment_items pi join payments p on p.id = pi.payment_id
    where pi.enrolment_id = a.enrolment_id and pi.activity_id = a.activity_id
      and p.status = 'pending'
  ) then 1 else 0 end`;
}

export type ApplicationsRepo = ReturnType<typeof createApplicationsRepo>;
