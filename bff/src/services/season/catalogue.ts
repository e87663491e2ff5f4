import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { ActivitiesRepo } from '../../data/activities-repo.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import { centsToEuros } from '../../lib/money.js';
import { catalogueStatus, type CatalogueStatus } from './views.js';

export type StatusCounts = Record<ApplicationStatus, number>;

const noCounts = (): StatusCounts => ({
  applied: 0,
  offered: 0,
  waitlisted: 0,
  confirmed: 0,
  expired: 0,
  withdrawn: 0,
});

export interface SeasonState {
  activity: SeasonActivityRow;
  counts: StatusCounts;
  drawnAt: string | null;
  placesLeft: number | null;
  status: CatalogueStatus;
}

/**
 * Every activity with places and where it stands (counts by status, places left, drawn or not):
 * what the public catalogue and staff's season page read. A lottery shows no places left until
 * its draw (before it, every application is only `applied`).
 */
export function createSeasonStates(deps: {
  clock: Clock;
  activities: Pick<ActivitiesRepo, 'withPlaces'>;
  applications: Pick<ApplicationsRepo, 'countsByStatus' | 'findActivity'>;
  draws: Pick<DrawsRepo, 'findMany'>;
}) {
  async function states(activities: SeasonActivityRow[]): Promise<SeasonState[]> {
    const now = deps.clock.now();
    const ids = activities.map((a) => a.id);
    const counted = await deps.applications.countsByStatus(ids);
    // one read for every lottery's draw, not one per activity (the catalogue is public)
    const drawnAt = new Map(
      (await deps.draws.findMany(ids)).map((draw) => [draw.activity_id, draw.drawn_at]),
    );
    const counts = new Map<number, StatusCounts>();
    for (const row of counted) {
      const of = counts.get(row.activity_id) ?? noCounts();
      of[row.status] = Number(row.n);
      counts.set(row.activity_id, of);
    }
    return activities.map((activity) => {
      const of = counts.get(activity.id) ?? noCounts();
      const drawn = activity.allocation === 'lottery' ? (drawnAt.get(activity.id) ?? null) : null;
      const placesLeft =
        activity.capacity === null || (activity.allocation === 'lottery' && drawn === null)
          ? null
          : Math.max(0, activity.capacity - of.offered - of.confirmed);
      return {
        activity,
        counts: of,
        drawnAt: drawn,
        placesLeft,
        status: catalogueStatus(activity, now, drawn !== null, placesLeft),
      };
    });
  }

  return {
    all: async () => states(await deps.activities.withPlaces()),
    async one(activityId: number): Promise<SeasonState | undefined> {
      const activity = await deps.applications.findActivity(activityId);
      return activity && activity.allocation !== 'none' ? (await states([activity]))[0] : undefined;
    },
  };
}

export type SeasonStates = ReturnType<typeof createSeasonStates>;

/** The public catalogue: what residents apply for. */
export function catalogueEntry({ activity, placesLeft, status }: SeasonState) {
  return {
    id: activity.id,
    name: activity.name,
    price: centsToEuros(activity.price_cents),
    start_date: activity.start_date,
    description: activity.description,
    schedule: activity.schedule,
    venue: activity.venue,
    allocation: activity.allocation as 'first_come' | 'lottery',
    capacity: activity.capacity ?? 1,
    places_left: placesLeft,
    applications_open_at: activity.applications_open_at ?? '',
    applications_close_at: activity.applications_close_at ?? '',
    status,
    min_birth_year: activity.min_birth_year,
    max_birth_year: activity.max_birth_year,
  };
}

/** Staff's summary of one activity with places. */
export function summaryEntry({ activity, counts, drawnAt, placesLeft, status }: SeasonState) {
  return {
    activity_id: activity.id,
    activity_name: activity.name,
    allocation: activity.allocation,
    capacity: activity.capacity,
    places_left: placesLeft,
    status,
    applications_open_at: activity.applications_open_at,
    applications_close_at: activity.applications_close_at,
    drawn_at: drawnAt,
    counts,
  };
}
