import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ActivitiesRepo } from '../../data/activities-repo.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { StaffLists } from '../../data/lists/index.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import type { SeasonHooks } from '../admin/activities-service.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { createResidentApplications } from './applications.js';
import { catalogueEntry, createSeasonStates } from './catalogue.js';
import { createDraws } from './draws.js';
import { createOffers } from './offers.js';
import { createPersonMerge } from './merge.js';
import { createPlaces } from './places.js';
import { createStaffSeason } from './staff.js';
import type { FeeQuotes } from '../fees/quotes.js';

/** How often the season's jobs look for closed lotteries, expired offers and offers to tell. */
export const SEASON_JOB_EVERY_MS = 2 * 60_000;

/**
 * The season's enrolment put together: places (the one module that moves a place), residents'
 * applications, draws, offers over time and staff's view; and its jobs under the job runner's
 * lease (draws within minutes of a close, expiries, messages).
 */
export function createSeason(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  repos: {
    activities: ActivitiesRepo;
    applications: ApplicationsRepo;
    draws: DrawsRepo;
    personMerges: PersonMergeRepo;
    enrolments: EnrolmentsRepo;
    persons: PersonsRepo;
    audit: AuditRepo;
    config: ConfigRepo;
  };
  lists: Pick<StaffLists, 'applications'>;
  box: SecretBox;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  jobs: JobRunner;
  /** The fees under the council's rules: what an offered place costs. */
  quotes: Pick<FeeQuotes, 'forPerson'>;
}) {
  const { db, clock, logger, repos } = deps;
  const { applications } = repos;
  const places = createPlaces({
    applications,
    enrolments: repos.enrolments,
    draws: repos.draws,
    audit: repos.audit,
  });
  const draws = createDraws({
    db,
    clock,
    applications,
    draws: repos.draws,
    enrolments: repos.enrolments,
    audit: repos.audit,
    box: deps.box,
    logger,
  });
  const offers = createOffers({
    db,
    clock,
    applications,
    places,
    quotes: deps.quotes,
    settings: repos.config,
    sms: deps.sms,
    mail: deps.mail,
    council: deps.council,
    publicUrl: deps.publicUrl,
    logger,
  });
  const states = createSeasonStates({
    clock,
    activities: repos.activities,
    applications,
    draws: repos.draws,
  });

  // two jobs, so that telling thousands of residents after a big draw never delays the next
  // draw or an expiry (and a slow SMS provider holds only the messages' lease)
  deps.jobs.register({
    name: 'season',
    everyMs: SEASON_JOB_EVERY_MS,
    ttlMs: 10 * 60_000,
    run: async () => ({ ...(await draws.runDue()), ...(await offers.expire()) }),
  });
  deps.jobs.register({
    name: 'season-messages',
    everyMs: SEASON_JOB_EVERY_MS,
    ttlMs: 10 * 60_000,
    run: () => offers.tell(),
  });

  /** What the activities' form needs of the season (inside its transaction). */
  const hooks: SeasonHooks = {
    commit: (id) => draws.commit(id),
    uncommit: (id) => draws.uncommit(id),
    async fill(id) {
      const activity = await applications.lockActivity(id);
      if (activity) await places.fill(activity, clock.now());
    },
    holding: (id) => applications.countHolding(id),
    drawn: async (id) => (await repos.draws.find(id))?.drawn_at != null,
  };

  return {
    hooks,
    /** The public catalogue: what residents apply for. */
    catalogue: async () => (await states.all()).map(catalogueEntry),
    residents: createResidentApplications({
      db,
      clock,
      applications,
      persons: repos.persons,
      enrolments: repos.enrolments,
      draws: repos.draws,
      places,
    }),
    staff: createStaffSeason({
      db,
      clock,
      lists: deps.lists,
      states,
      draws,
      places,
      applications,
      merge: createPersonMerge({
        db,
        clock,
        merges: repos.personMerges,
        applications,
        places,
        audit: repos.audit,
      }),
    }),
    draws,
    offers,
    /** Both jobs' work now, each as one turn under its lease (tests): what each did. */
    async runJobs() {
      const places = await deps.jobs.runNow('season');
      const messages = await deps.jobs.runNow('season-messages');
      return { result: { ...(places.result as object), ...(messages.result as object) } };
    },
  };
}

export type Season = ReturnType<typeof createSeason>;
