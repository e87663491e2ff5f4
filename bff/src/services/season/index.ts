import type { DrandClient } from '../../adapters/drand/drand-client.js';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ActivitiesRepo } from '../../data/activities-repo.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { StaffLists } from '../../data/lists/index.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { IdempotencyKeysRepo } from '../../data/idempotency-keys-repo.js';
import { createIdempotency } from '../idempotency.js';
import { createGroupCommit } from '../../data/group-commit.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import type { SeasonHooks } from '../admin/activities-service.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { createResidentApplications } from './applications.js';
import { catalogueEntry, createSeasonStates } from './catalogue.js';
import { createDraws } from './draws.js';
import { checkPriorityGroups } from './priority-groups.js';
import { conflict, invalid } from '../errors.js';
import { createClaims } from './claims.js';
import { createClaimsRepo } from '../../data/claims-repo.js';
import { createOffers } from './offers.js';
import { createSeasonNoticesRepo } from '../../data/season-notices-repo.js';
import { createMarkDifferent, createPersonMerge } from './merge.js';
import { createPlaces } from './places.js';
import { createStaffSeason } from './staff.js';
import { createApplying } from './apply.js';
import { createStaffApply } from './staff-apply.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { catalogueFee, type FeeTerms } from '../fees/catalogue-fee.js';
import { localisedTexts } from '../admin/activity-texts.js';
import type { Locale } from '../../i18n/index.js';
import { fullName } from '../../lib/clean-name.js';
import { centsToEuros } from '../../lib/money.js';
import { toFeeBreakdownView } from '../fees/breakdown-view.js';
import { mayApply } from './eligibility.js';

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
    circumstances: CircumstancesRepo;
    idempotencyKeys: IdempotencyKeysRepo;
  };
  lists: Pick<StaffLists, 'applications'>;
  box: SecretBox;
  /** drand's beacon: a lottery's public value when drand is its source. */
  drand: DrandClient;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  jobs: JobRunner;
  /** The fees under the council's rules: what an offered place costs. */
  quotes: Pick<FeeQuotes, 'forPerson' | 'catalogueTerms' | 'prospective'>;
}) {
  const { db, clock, logger, repos } = deps;
  const { applications } = repos;
  const places = createPlaces({
    applications,
    enrolments: repos.enrolments,
    draws: repos.draws,
    audit: repos.audit,
  });
  // the provisional list and its claims (migration 340): the draw waits for them
  const claims = createClaims({
    db,
    clock,
    applications,
    claims: createClaimsRepo(db),
    draws: repos.draws,
    merges: repos.personMerges,
    persons: repos.persons,
    audit: repos.audit,
    settings: repos.config,
    sms: deps.sms,
    mail: deps.mail,
    council: deps.council,
    publicUrl: deps.publicUrl,
    logger,
  });
  const draws = createDraws({
    admission: claims.admission,
    merges: repos.personMerges,
    db,
    clock,
    applications,
    draws: repos.draws,
    enrolments: repos.enrolments,
    audit: repos.audit,
    box: deps.box,
    logger,
    drand: deps.drand,
    circumstances: repos.circumstances,
  });
  const notices = createSeasonNoticesRepo(db);
  const offers = createOffers({
    db,
    clock,
    applications,
    notices,
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
    commit: (id, plan) => draws.commit(id, plan),
    uncommit: (id) => draws.uncommit(id),
    async priorityGroups(id, plan) {
      const names = await repos.circumstances.names();
      const checked = checkPriorityGroups(
        plan.groups,
        { allocation: plan.allocation, applications_open_at: plan.applicationsOpenAt },
        (circumstance) => names.has(circumstance),
      );
      if (checked.issues.length > 0) throw invalid(checked.issues);
      const before = await applications.findActivity(id);
      if (before?.priority_groups === checked.json && before.priority_mode === checked.mode) return;
      // the applicants' groups were fixed when they applied, under the groups then
      if ((await repos.activities.countApplications(id)) > 0)
        throw conflict('priority_groups_fixed');
      await repos.draws.setPriorityGroups(id, checked.json, checked.mode);
    },
    async fill(id) {
      const activity = await applications.lockActivity(id);
      if (activity) await places.fill(activity, clock.now());
    },
    holding: (id) => applications.countHolding(id),
    drawn: async (id) => (await repos.draws.find(id))?.drawn_at != null,
  };

  return {
    hooks,
    /** The public catalogue: what residents apply for, and what they pay for it. */
    async catalogue(locale: Locale) {
      const all = await states.all();
      const { rules, names } = await deps.quotes.catalogueTerms();
      const globalDiscountBp = rules.any ? 0 : (await repos.config.get()).global_discount_bp;
      const terms: FeeTerms = { rules, names, globalDiscountBp };
      return all.map((state) => ({
        ...catalogueEntry(state),
        // the description, schedule and venue in the caller's language, else as staff wrote them
        ...localisedTexts(state.activity, locale),
        fee: catalogueFee(state.activity, terms, locale),
      }));
    },
    /**
     * What each person the account manages would pay for each catalogue activity they may apply
     * for (fee rules in place; empty in the simple mode, where the catalogue's amounts apply).
     */
    async quotes(userId: number, locale: Locale) {
      const people = await repos.persons.listForUser(userId);
      if (people.length === 0) return [];
      const activities = (await states.all()).map((state) => state.activity);
      const quotes = await deps.quotes.prospective(
        people.map((person) => ({
          person,
          activities: activities.filter((activity) => mayApply(activity, person)),
        })),
      );
      if (quotes === null) return [];
      return activities.flatMap((activity) =>
        people.flatMap((person) => {
          const quote = quotes.get(person.id)?.get(activity.id);
          return quote
            ? [
                {
                  activity_id: activity.id,
                  person_activity_id: person.id,
                  full_name: fullName(person),
                  amount: centsToEuros(quote.amount_cents),
                  breakdown: toFeeBreakdownView(quote.breakdown, locale),
                },
              ]
            : [];
        }),
      );
    },
    residents: createResidentApplications({
      db,
      clock,
      applications,
      persons: repos.persons,
      enrolments: repos.enrolments,
      draws: repos.draws,
      places,
      circumstances: repos.circumstances,
      idempotency: createIdempotency({ db, clock, keys: repos.idempotencyKeys }),
      groupCommit: createGroupCommit(db),
    }),
    staff: createStaffSeason({
      db,
      clock,
      quotes: deps.quotes,
      notices,
      lists: deps.lists,
      states,
      draws,
      places,
      applications,
      merges: repos.personMerges,
      different: createMarkDifferent({
        db,
        clock,
        merges: repos.personMerges,
        audit: repos.audit,
      }),
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
    claims,
    /** Staff apply for a resident (desk or phone). */
    staffApply: createStaffApply({
      db,
      clock,
      places,
      enrolments: repos.enrolments,
      apply: createApplying({
        db,
        clock,
        applications,
        draws: repos.draws,
        places,
        circumstances: repos.circumstances,
      }),
      persons: repos.persons,
      applications,
    }),
    /** Both jobs' work now, each as one turn under its lease (tests): what each did. */
    async runJobs() {
      const places = await deps.jobs.runNow('season');
      const messages = await deps.jobs.runNow('season-messages');
      return { result: { ...(places.result as object), ...(messages.result as object) } };
    },
  };
}

export type Season = ReturnType<typeof createSeason>;
