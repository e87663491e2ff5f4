import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawRow, DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import { groupBy } from '../../lib/group-by.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import { conflict, notFound } from '../errors.js';
import { DRAW_ALGORITHM, drawPlaces, newDrawSeed, seedCommitment } from './draw.js';

/** Draws one transaction of the job writes (their applications in one statement). */
const DRAWS_PER_TRANSACTION = 100;
import { offerExpiry, SYSTEM, type StatusActor } from './places.js';

export interface DrawView {
  activity_id: number;
  activity_name: string;
  capacity: number;
  /** How many persons take part (one code each). */
  persons: number;
  seed: string | null;
  seed_commitment: string;
  algorithm: string;
  applications_close_at: string;
  drawn_at: string | null;
  applications: { code: string; rank: number | null; status: ApplicationStatus }[];
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
}) {
  const { db, clock, applications, draws, box } = deps;

  async function view(activityId: number): Promise<DrawView> {
    const activity = await applications.findActivity(activityId);
    const draw = await draws.find(activityId);
    if (!activity || activity.allocation !== 'lottery' || !draw) throw notFound('draw_not_found');
    const drawn = draw.drawn_at !== null;
    const listed = await draws.publicList(activityId, drawn);
    return {
      activity_id: activity.id,
      activity_name: activity.name,
      capacity: activity.capacity ?? 1,
      // never a name: only how many different persons the codes stand for
      persons: new Set(listed.map((row) => row.enrolment_id)).size,
      seed: draw.seed,
      seed_commitment: draw.seed_commitment,
      algorithm: DRAW_ALGORITHM,
      applications_close_at: activity.applications_close_at ?? '',
      drawn_at: draw.drawn_at,
      applications: listed.map((row) => ({
        code: row.code,
        rank: row.rank,
        status: row.status,
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
    const applied = groupBy(
      await applications.appliedIn(due.map((d) => d.activity.id)),
      (row) => row.activity_id,
    );
    const results: Parameters<ApplicationsRepo['writeDrawResults']>[0][number][] = [];
    const links: { enrolment_id: number; activity_id: number }[] = [];
    const published: { activityId: number; seed: string; commitment: string; counts: number[] }[] =
      [];
    for (const { activity, draw } of due) {
      const seed = box.open(draw.seed_sealed);
      const ranked = drawPlaces(seed, activity.capacity ?? 1, applied.get(activity.id) ?? []);
      const expires = offerExpiry(now, activity);
      for (const d of ranked) {
        const offered = d.outcome === 'offered';
        results.push({ id: d.application.id, rank: d.rank, offered, offerExpiresAt: expires });
        if (offered)
          links.push({ enrolment_id: d.application.enrolment_id, activity_id: activity.id });
      }
      const offeredCount = ranked.filter((d) => d.outcome === 'offered').length;
      published.push({
        activityId: activity.id,
        seed,
        commitment: draw.seed_commitment,
        counts: [ranked.length, offeredCount, ranked.length - offeredCount],
      });
    }
    await applications.writeDrawResults(results, at);
    await deps.enrolments.addLinks(links);
    for (const p of published) {
      await draws.markDrawn(p.activityId, p.seed, at);
      // one entry a draw: every application's new status follows from the published seed
      await deps.audit.record({
        actorUserId: actor.userId,
        actorDni: actor.dni,
        action: 'draw.run',
        entity: 'activity',
        entityId: p.activityId,
        details: {
          seed_commitment: p.commitment,
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
      await drawLocked([{ activity, draw }], actor);
    });
  }

  const closed = (activity: SeasonActivityRow) =>
    activity.applications_close_at !== null &&
    clock.now().toISOString() >= activity.applications_close_at;

  return {
    view,

    /** Staff's "Realizar sorteo". */
    async runNow(activityId: number, actor: StatusActor): Promise<DrawView> {
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
                closed(d.activity),
            );
          await drawLocked(ready, SYSTEM);
          return ready.length;
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

    /** A lottery activity is committed to a new sealed seed (once; the first commitment stays). */
    commit: (activityId: number) => {
      const seed = newDrawSeed();
      return draws.commit({
        activity_id: activityId,
        seed_sealed: box.seal(seed),
        seed_commitment: seedCommitment(seed),
        created_at: clock.now().toISOString(),
      });
    },

    uncommit: (activityId: number) => draws.dropUndrawn(activityId),
  };
}

export type Draws = ReturnType<typeof createDraws>;
