import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import { conflict, notFound } from '../errors.js';
import { DRAW_ALGORITHM, drawPlaces, newDrawSeed, seedCommitment } from './draw.js';
import { offerExpiry, SYSTEM, type StatusActor } from './places.js';

export interface DrawView {
  activity_id: number;
  activity_name: string;
  capacity: number;
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
    return {
      activity_id: activity.id,
      activity_name: activity.name,
      capacity: activity.capacity ?? 1,
      seed: draw.seed,
      seed_commitment: draw.seed_commitment,
      algorithm: DRAW_ALGORITHM,
      applications_close_at: activity.applications_close_at ?? '',
      drawn_at: draw.drawn_at,
      applications: (await draws.publicList(activityId, drawn)).map((row) => ({
        code: row.code,
        rank: row.rank,
        status: row.status,
      })),
    };
  }

  /** Draws one activity in one transaction: ranks, offers with their links, the seed published. */
  async function run(activityId: number, actor: StatusActor): Promise<void> {
    await db.transaction(async () => {
      const activity = await applications.lockActivity(activityId);
      if (!activity) throw notFound();
      const draw = await draws.find(activityId);
      if (activity.allocation !== 'lottery' || !draw) throw conflict('not_a_lottery');
      if (draw.drawn_at !== null) throw conflict('already_drawn');
      const now = clock.now();
      if (
        activity.applications_close_at === null ||
        now.toISOString() < activity.applications_close_at
      )
        throw conflict('applications_open');
      const seed = box.open(draw.seed_sealed);
      const capacity = activity.capacity ?? 1;
      const drawn = drawPlaces(seed, capacity, await applications.applied(activityId));
      const at = now.toISOString();
      await applications.writeDrawResult(
        drawn.map((d) => ({
          id: d.application.id,
          rank: d.rank,
          offered: d.outcome === 'offered',
        })),
        at,
        offerExpiry(now, activity),
      );
      await deps.enrolments.addLinks(
        activityId,
        drawn.filter((d) => d.outcome === 'offered').map((d) => d.application.enrolment_id),
      );
      await draws.markDrawn(activityId, seed, at);
      // one entry for the draw: every application's new status follows from the published seed
      await deps.audit.record({
        actorUserId: actor.userId,
        actorDni: actor.dni,
        action: 'draw.run',
        entity: 'activity',
        entityId: activityId,
        details: {
          seed_commitment: draw.seed_commitment,
          applications: drawn.length,
          offered: drawn.filter((d) => d.outcome === 'offered').length,
          waitlisted: drawn.filter((d) => d.outcome === 'waitlisted').length,
        },
        ip: actor.ip,
      });
    });
  }

  return {
    view,

    /** Staff's "Realizar sorteo". */
    async runNow(activityId: number, actor: StatusActor): Promise<DrawView> {
      await run(activityId, actor);
      return view(activityId);
    },

    /** The job: every lottery closed and not drawn. One failing activity does not stop the rest. */
    async runDue(): Promise<{ drawn: number }> {
      let count = 0;
      for (const id of await draws.dueForDraw(clock.now().toISOString())) {
        try {
          await run(id, SYSTEM);
          count += 1;
        } catch (err) {
          deps.logger.error('draw failed', { activity_id: id, error: String(err) });
        }
      }
      return { drawn: count };
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
