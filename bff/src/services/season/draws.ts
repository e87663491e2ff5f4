import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawRow, DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { CircumstanceNames, CircumstancesRepo } from '../../data/circumstances-repo.js';
import type {
  ApplicationStatus,
  JointFit,
  PriorityMode,
  PublicValueSource,
} from '../../data/schema.js';
import {
  drandRoundAfter,
  drandRoundTime,
  type DrandClient,
} from '../../adapters/drand/drand-client.js';
import type { Clock } from '../../lib/clock.js';
import { hasInvisibleCharacters } from '../../lib/invisible-characters.js';
import { groupBy } from '../../lib/group-by.js';
import { madridDate, madridDateTime } from '../../lib/madrid-date.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import { provisionalListPublished, type DrawAdmission } from './claims.js';
import { likelyDuplicates } from './duplicates.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import { conflict, DomainError, invalid, notFound } from '../errors.js';
import {
  drawAlgorithm,
  drawPlaces,
  drawSeed,
  newDrawSeed,
  rankingSeed,
  seedCommitment,
  type DrawRuleVersion,
} from './draw.js';
import { offerExpiry, SYSTEM, type StatusActor } from './places.js';
import { publicPriorityGroups, type PublicPriorityGroup } from './priority-groups.js';

/** An instant as a message says it, in Madrid: "15/12/2026 23:59". */
const madridText = (at: string) => {
  const { date, hour } = madridDateTime(new Date(at));
  return `${date} ${hour}`;
};

/** Draws one transaction of the job writes (their applications in one statement). */
const DRAWS_PER_TRANSACTION = 100;

/** The longest announced public value (a lottery number, a few words): longer is a mistake. */
const PUBLIC_VALUE_MAX = 200;

export interface DrawView {
  activity_id: number;
  activity_name: string;
  capacity: number;
  /** How many persons take part (one code each). */
  persons: number;
  seed: string | null;
  seed_commitment: string;
  /** Applications withdrawn because staff merged two records of one person (one ballot each). */
  merged: number;
  /** Where the public value comes from, named before the window opened; null: none (rule 1). */
  public_value_source: PublicValueSource | null;
  public_value_description: string | null;
  drand_round: number | null;
  /** When the drand round is published (UTC ISO). */
  drand_round_at: string | null;
  public_value: string | null;
  public_value_at: string | null;
  /** SHA-256(seed + ":" + public_value), what the ranks follow from (rule 2); null before the draw. */
  draw_seed: string | null;
  /** The rule the draw follows: 1, the seed alone; 2, the seed mixed with the public value. */
  rule_version: DrawRuleVersion;
  reserved_places: number;
  reserved_circumstance: CircumstanceNames | null;
  priority_mode: PriorityMode | null;
  priority_groups: PublicPriorityGroup[];
  algorithm: string;
  joint_fit: JointFit;
  applications_close_at: string;
  drawn_at: string | null;
  /** Whether a provisional list is published now (claims period set, closed, not drawn). */
  provisional_list: boolean;
  applications: {
    code: string;
    rank: number | null;
    status: ApplicationStatus;
    group: number | null;
    reserved: boolean;
    joint_code: string | null;
  }[];
}

/**
 * The public draws: committing a lottery activity to a sealed seed, running its draw after the
 * close (staff's button or the job), and what anyone can read about it.
 */
export function createDraws(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  draws: DrawsRepo;
  enrolments: Pick<EnrolmentsRepo, 'addLinks'>;
  audit: AuditRepo;
  box: SecretBox;
  logger: Logger;
  drand: DrandClient;
  /** Reserved places: the circumstance's names, and who holds it on the draw's day. */
  circumstances: Pick<CircumstancesRepo, 'find' | 'approvalsInForce' | 'names'>;
  /** A provisional list's say (services/season/claims.ts): when a draw may run, and on whom. */
  admission?: DrawAdmission;
  /** Staff's merges and "different people" marks: a draw waits for its likely duplicates. */
  merges: Pick<PersonMergeRepo, 'distinctAmong' | 'countMerged'>;
}) {
  const { db, clock, applications, draws, box } = deps;

  /** Rule 2 once a public value's source is named; a draw made keeps the rule it was made by. */
  const ruleOf = (draw: DrawRow): DrawRuleVersion =>
    draw.rule_version === 1 || (draw.drawn_at === null && draw.public_value_source === null)
      ? 1
      : 2;

  async function view(activityId: number): Promise<DrawView> {
    const activity = await applications.findActivity(activityId);
    const draw = await draws.find(activityId);
    if (!activity || activity.allocation !== 'lottery' || !draw) throw notFound('draw_not_found');
    const drawn = draw.drawn_at !== null;
    const listed = await draws.publicList(activityId, drawn);
    const reservedName =
      draw.reserved_circumstance_id === null
        ? undefined
        : await deps.circumstances.find(draw.reserved_circumstance_id);
    return {
      activity_id: activity.id,
      activity_name: activity.name,
      capacity: activity.capacity ?? 1,
      // never a name: only how many different persons the codes stand for
      persons: new Set(listed.map((row) => row.enrolment_id)).size,
      merged: await deps.merges.countMerged(activityId),
      seed: draw.seed,
      seed_commitment: draw.seed_commitment,
      public_value_source: draw.public_value_source,
      public_value_description: draw.public_value_description,
      drand_round: draw.drand_round,
      drand_round_at: draw.drand_round === null ? null : drandRoundTime(draw.drand_round),
      public_value: draw.public_value,
      public_value_at: draw.public_value_at,
      draw_seed:
        draw.seed !== null && ruleOf(draw) === 2 && draw.public_value !== null
          ? drawSeed(draw.seed, draw.public_value)
          : null,
      rule_version: ruleOf(draw),
      reserved_places: draw.reserved_places,
      reserved_circumstance: reservedName
        ? { es: reservedName.name_es, en: reservedName.name_en, gl: reservedName.name_gl }
        : null,
      priority_mode: activity.priority_mode,
      priority_groups: await publicPriorityGroups(activity, deps.circumstances),
      algorithm: drawAlgorithm(ruleOf(draw)),
      joint_fit: await applications.jointFit(),
      applications_close_at: activity.applications_close_at ?? '',
      drawn_at: draw.drawn_at,
      provisional_list: provisionalListPublished(
        activity,
        draw.drawn_at,
        clock.now().toISOString(),
      ),
      applications: listed.map((row) => ({
        code: row.code,
        rank: row.rank,
        status: row.status,
        group: row.priority_group,
        reserved: row.reserved_place === 1,
        joint_code: row.joint_code,
      })),
    };
  }

  /**
   * Draws activities already checked and locked by the caller's transaction, with a handful of
   * statements whatever their number: their applications read at once, every rank and outcome
   * written in one statement (ApplicationsRepo.writeDrawResults), the offers' links in batches;
   * then each seed published and each draw audited.
   */
  async function drawLocked(
    due: { activity: SeasonActivityRow; draw: DrawRow }[],
    actor: StatusActor,
  ): Promise<void> {
    const now = clock.now();
    const at = now.toISOString();
    const activities = due.map((d) => d.activity);
    const appliedRows = await applications.appliedIn(activities.map((a) => a.id));
    const applied = groupBy(
      deps.admission
        ? await deps.admission.admitted(activities, appliedRows, actor, now)
        : appliedRows,
      (row) => row.activity_id,
    );
    const results: Parameters<ApplicationsRepo['writeDrawResults']>[0][number][] = [];
    const links: { enrolment_id: number; activity_id: number }[] = [];
    const reservedIds: number[] = [];
    const jointFit = await applications.jointFit();
    const holders = await reservedHolders(due, [...applied.values()].flat(), now);
    const published: {
      activityId: number;
      seed: string;
      rule: DrawRuleVersion;
      commitment: string;
      publicValue: string | null;
      counts: number[];
    }[] = [];
    for (const { activity, draw } of due) {
      const seed = box.open(draw.seed_sealed);
      const rule = ruleOf(draw);
      const ranked = drawPlaces(
        rankingSeed(rule, seed, draw.public_value),
        {
          capacity: activity.capacity ?? 1,
          reserved: draw.reserved_places,
          jointFit,
          groupsRanked: activity.priority_mode === 'ranked',
        },
        (applied.get(activity.id) ?? []).map((row) => ({
          ...row,
          reserved_eligible: holders.get(activity.id)?.has(row.enrolment_id) ?? false,
        })),
      );
      const expires = offerExpiry(now, activity);
      for (const d of ranked) {
        const offered = d.outcome === 'offered';
        results.push({ id: d.application.id, rank: d.rank, offered, offerExpiresAt: expires });
        if (offered)
          links.push({ enrolment_id: d.application.enrolment_id, activity_id: activity.id });
        if (d.reservedPlace) reservedIds.push(d.application.id);
      }
      const offeredCount = ranked.filter((d) => d.outcome === 'offered').length;
      published.push({
        activityId: activity.id,
        seed,
        rule,
        commitment: draw.seed_commitment,
        publicValue: draw.public_value,
        counts: [ranked.length, offeredCount, ranked.length - offeredCount],
      });
    }
    await applications.writeDrawResults(results, at);
    await draws.markReserved(reservedIds);
    await deps.enrolments.addLinks(links);
    for (const p of published) {
      await draws.markDrawn(p.activityId, p.seed, at, p.rule);
      // one entry a draw: every application's new status follows from the published seed
      await deps.audit.record({
        actorUserId: actor.userId,
        actorDni: actor.dni,
        action: 'draw.run',
        entity: 'activity',
        entityId: p.activityId,
        details: {
          seed_commitment: p.commitment,
          rule_version: p.rule,
          public_value: p.publicValue,
          applications: p.counts[0],
          offered: p.counts[1],
          waitlisted: p.counts[2],
        },
        ip: actor.ip,
      });
    }
  }

  /** Staff's draw of one activity: refused with a reason when it cannot be drawn now. */
  async function run(activityId: number, actor: StatusActor): Promise<void> {
    await db.transaction(async () => {
      const activity = await applications.lockActivity(activityId);
      if (!activity) throw notFound();
      const draw = await draws.find(activityId);
      if (activity.allocation !== 'lottery' || !draw) throw conflict('not_a_lottery');
      if (draw.drawn_at !== null) throw conflict('already_drawn');
      if (!closed(activity)) throw conflict('applications_open');
      await deps.admission?.check(activity);
      const unreviewed = await unreviewedDuplicates(activity);
      if (unreviewed > 0) throw conflict('duplicates_unreviewed', { count: unreviewed });
      if (!hasPublicValue(draw)) throw conflict('public_value_missing');
      await drawLocked([{ activity, draw }], actor);
    });
  }

  /**
   * How many likely duplicates (services/season/duplicates.ts) would both take part in the
   * draw: not merged, not marked "different people", neither left out by a provisional list
   * (which leaves the newer of a pair out unless a claim admitted it). One person, one ballot:
   * the draw waits for staff to review them.
   */
  async function unreviewedDuplicates(activity: SeasonActivityRow): Promise<number> {
    const pairs = await likelyDuplicates({ applications, merges: deps.merges }, activity.id);
    if (pairs.length === 0) return 0;
    const out = (await deps.admission?.leftOut(activity)) ?? new Set<number>();
    return pairs.filter(({ persons }) => persons.every((p) => !out.has(p.application.id))).length;
  }

  /**
   * Who holds each activity's reserved circumstance on the draw's day (Madrid): an approval in
   * force then, by the circumstances' own record.
   */
  async function reservedHolders(
    due: { activity: SeasonActivityRow; draw: DrawRow }[],
    rows: readonly { enrolment_id: number; activity_id: number }[],
    now: Date,
  ): Promise<Map<number, Set<number>>> {
    const holders = new Map<number, Set<number>>();
    const reserving = due.filter((d) => d.draw.reserved_places > 0);
    if (reserving.length === 0) return holders;
    const ids = new Set(reserving.map((d) => d.activity.id));
    const approvals = await deps.circumstances.approvalsInForce(
      rows.filter((r) => ids.has(r.activity_id)).map((r) => r.enrolment_id),
      madridDate(now),
    );
    for (const { activity, draw } of reserving) {
      const persons = new Set(
        approvals
          .filter((a) => a.circumstance_id === draw.reserved_circumstance_id)
          .map((a) => a.enrolment_id),
      );
      holders.set(activity.id, persons);
    }
    return holders;
  }

  /**
   * The reserved places: no more than the places, for a circumstance that exists, fixed once
   * the applications open (the bases said how many when the window opened).
   */
  async function commitReserved(activityId: number, draw: DrawRow, plan: CommitPlan) {
    const wanted = plan.reserved ?? {
      places: draw.reserved_places,
      circumstanceId: draw.reserved_circumstance_id,
    };
    const issue = (field: string, type: string, params?: Record<string, number>) =>
      invalid([{ loc: ['body', field], msg: type, type, params }]);
    if (wanted.places > (plan.capacity ?? 0))
      throw issue('reserved_places', 'reserved_over_capacity', { capacity: plan.capacity ?? 0 });
    if (wanted.places > 0 && wanted.circumstanceId === null)
      throw issue('reserved_circumstance_id', 'reserved_circumstance_required');
    if (wanted.circumstanceId !== null && !(await deps.circumstances.find(wanted.circumstanceId)))
      throw issue('reserved_circumstance_id', 'reserved_circumstance_unknown');
    const circumstanceId = wanted.places > 0 ? wanted.circumstanceId : null;
    if (wanted.places === draw.reserved_places && circumstanceId === draw.reserved_circumstance_id)
      return;
    const opened =
      draw.drawn_at !== null ||
      (plan.applicationsOpenAt !== null && clock.now().toISOString() >= plan.applicationsOpenAt);
    if (opened) throw conflict('reserved_places_fixed');
    await draws.setReserved(activityId, wanted.places, circumstanceId);
  }

  /** A draw naming a public value waits for it. */
  const hasPublicValue = (draw: DrawRow) =>
    draw.public_value_source === null || draw.public_value !== null;

  /**
   * A drand draw closed and still without its value reads it from drand (outside any
   * transaction: a slow answer holds no lock); the round still to come, or drand not answering,
   * leaves it for the next turn.
   */
  async function fetchDrand(activityId: number): Promise<void> {
    const draw = await draws.find(activityId);
    if (draw?.public_value_source !== 'drand' || draw.public_value !== null) return;
    if (draw.drawn_at !== null || draw.drand_round === null) return;
    const answer = await deps.drand.round(draw.drand_round);
    if (typeof answer === 'string') return;
    if (await draws.enterPublicValue(activityId, answer.randomness, clock.now().toISOString()))
      await deps.audit.record({
        actorUserId: null,
        actorDni: null,
        action: 'draw.public_value',
        entity: 'activity',
        entityId: activityId,
        details: { source: 'drand', drand_round: answer.round, public_value: answer.randomness },
        ip: null,
      });
  }

  const closed = (activity: SeasonActivityRow) =>
    activity.applications_close_at !== null &&
    clock.now().toISOString() >= activity.applications_close_at;

  return {
    view,

    /** Staff's "Realizar sorteo". */
    async runNow(activityId: number, actor: StatusActor): Promise<DrawView> {
      const activity = await applications.findActivity(activityId);
      if (activity && closed(activity)) await fetchDrand(activityId);
      await run(activityId, actor);
      return view(activityId);
    },

    /**
     * The job: every lottery closed and not drawn, DRAWS_PER_TRANSACTION at a time (one commit
     * for many draws; on SQLite a write lock held for a fraction of a second). A batch that fails
     * is drawn again one activity at a time, so one bad activity does not hold back the rest.
     */
    async runDue(): Promise<{ drawn: number }> {
      const due = await draws.dueForDraw(clock.now().toISOString());
      for (const id of due) {
        try {
          await fetchDrand(id);
        } catch (err) {
          deps.logger.warn('drand value not read', { activity_id: id, error: String(err) });
        }
      }
      let drawn = 0;
      const drawBatch = (ids: number[]) =>
        db.transaction(async () => {
          // the activities locked first, then their draws read: a draw staff ran meanwhile is seen
          const locked = await applications.lockActivities(ids);
          const found = new Map((await draws.findMany(ids)).map((d) => [d.activity_id, d]));
          const ready = locked
            .map((activity) => ({ activity, draw: found.get(activity.id) }))
            .filter(
              (d): d is { activity: SeasonActivityRow; draw: DrawRow } =>
                d.activity.allocation === 'lottery' &&
                d.draw !== undefined &&
                d.draw.drawn_at === null &&
                closed(d.activity) &&
                hasPublicValue(d.draw),
            );
          const admitted = deps.admission ? await deps.admission.drawable(ready) : ready;
          // a draw with likely duplicates unreviewed waits for staff (their list says which)
          const drawable: typeof admitted = [];
          for (const d of admitted)
            if ((await unreviewedDuplicates(d.activity)) === 0) drawable.push(d);
          await drawLocked(drawable, SYSTEM);
          return drawable.length;
        });
      for (let i = 0; i < due.length; i += DRAWS_PER_TRANSACTION) {
        const ids = due.slice(i, i + DRAWS_PER_TRANSACTION);
        try {
          drawn += await drawBatch(ids);
        } catch {
          for (const id of ids) {
            try {
              drawn += await drawBatch([id]);
            } catch (err) {
              deps.logger.error('draw failed', { activity_id: id, error: String(err) });
            }
          }
        }
      }
      return { drawn };
    },

    /**
     * A lottery activity is committed to a new sealed seed (once; the first commitment stays),
     * and to the public value's source when staff name one (`source` undefined: unchanged). The
     * source cannot change once the window has opened; a drand round follows the close (the
     * first round after it) until the value is entered.
     */
    async commit(activityId: number, plan: CommitPlan): Promise<void> {
      const seed = newDrawSeed();
      await draws.commit({
        activity_id: activityId,
        seed_sealed: box.seal(seed),
        seed_commitment: seedCommitment(seed),
        created_at: clock.now().toISOString(),
      });
      const draw = (await draws.find(activityId)) as DrawRow;
      const kind =
        plan.source === undefined ? draw.public_value_source : (plan.source?.kind ?? null);
      const next = {
        public_value_source: kind,
        public_value_description:
          plan.source === undefined
            ? draw.public_value_description
            : kind === 'announced'
              ? (plan.source?.description ?? null)
              : null,
        drand_round:
          kind === 'drand' && plan.applicationsCloseAt !== null
            ? drandRoundAfter(plan.applicationsCloseAt)
            : null,
      };
      const sourceChanged =
        next.public_value_source !== draw.public_value_source ||
        next.public_value_description !== draw.public_value_description;
      if (sourceChanged) {
        const opened =
          draw.drawn_at !== null ||
          draw.public_value !== null ||
          (plan.applicationsOpenAt !== null &&
            clock.now().toISOString() >= plan.applicationsOpenAt);
        if (opened) throw conflict('public_value_source_fixed');
      }
      if (sourceChanged || next.drand_round !== draw.drand_round)
        await draws.setSource(activityId, next);
      await commitReserved(activityId, draw, plan);
    },

    /**
     * Staff enter the public value after the close and before the draw, once: an announced
     * value as read (trimmed, spaces as one), or drand's round read by the server (a value typed
     * for a drand source must be drand's). Audited.
     */
    async enterPublicValue(
      activityId: number,
      input: string | null | undefined,
      actor: StatusActor,
    ): Promise<DrawView> {
      const activity = await applications.findActivity(activityId);
      const draw = await draws.find(activityId);
      if (!activity) throw notFound();
      if (activity.allocation !== 'lottery' || !draw) throw conflict('not_a_lottery');
      if (draw.drawn_at !== null) throw conflict('already_drawn');
      if (draw.public_value_source === null) throw conflict('public_value_no_source');
      if (!closed(activity)) throw conflict('public_value_too_early');
      if (draw.public_value !== null) throw conflict('public_value_entered');
      const typed = (input ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
      const wrong = (type: string) =>
        invalid([{ loc: ['body', 'value'], msg: type, type, params: { max: PUBLIC_VALUE_MAX } }]);
      let value: string;
      if (draw.public_value_source === 'announced') {
        if (typed === '') throw wrong('public_value_required');
        if (typed.length > PUBLIC_VALUE_MAX || hasInvisibleCharacters(typed))
          throw wrong('public_value_invalid');
        value = typed;
      } else {
        if (typed !== '' && !/^[0-9a-fA-F]{64}$/.test(typed)) throw wrong('public_value_invalid');
        const answer = await deps.drand.round(draw.drand_round as number);
        if (answer === 'pending')
          throw conflict('drand_round_pending', {
            round: draw.drand_round as number,
            at: madridText(drandRoundTime(draw.drand_round as number)),
          });
        if (answer === 'failed')
          throw new DomainError('gateway_failed', 'drand_unavailable', {
            retryAfterSeconds: 60,
          });
        if (typed !== '' && typed.toLowerCase() !== answer.randomness)
          throw wrong('public_value_not_drand');
        value = answer.randomness;
      }
      await db.transaction(async () => {
        if (!(await draws.enterPublicValue(activityId, value, clock.now().toISOString())))
          throw conflict('public_value_entered');
        await deps.audit.record({
          actorUserId: actor.userId,
          actorDni: actor.dni,
          action: 'draw.public_value',
          entity: 'activity',
          entityId: activityId,
          details: {
            source: draw.public_value_source,
            drand_round: draw.drand_round,
            public_value: value,
          },
          ip: actor.ip,
        });
      });
      return view(activityId);
    },

    uncommit: (activityId: number) => draws.dropUndrawn(activityId),
  };
}

export type Draws = ReturnType<typeof createDraws>;

/** What an activity's save tells its draw: its window, and the public value's source if named. */
export interface CommitPlan {
  applicationsOpenAt: string | null;
  applicationsCloseAt: string | null;
  capacity: number | null;
  /** undefined: leave the reserved places as they are. */
  reserved?: { places: number; circumstanceId: number | null };
  /** undefined: leave the source as it is; null: none. */
  source?: { kind: PublicValueSource; description: string | null } | null;
}
