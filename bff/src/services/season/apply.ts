import type {
  ApplicationDecision,
  ApplicationsRepo,
  NewApplication,
  NewApplicationRow,
  SeasonActivityRow,
} from '../../data/applications-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { PersonRow } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import { fullName } from '../../lib/clean-name.js';
import { conflict, DomainError, invalid, notFound, type ValidationIssue } from '../errors.js';
import { checkEligible } from './eligibility.js';
import { newApplicationCode } from './draw.js';
import { freeOf, offerExpiry, type Places, type StatusActor } from './places.js';
import { toApplicationView, windowOpen, type ApplicationView } from './views.js';
import { freePlacesOpen } from './waitlist-end.js';
import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import { applicantGroups, groupWindowRefusal } from './priority-groups.js';

/** A joint application (siblings together): one code, its members in the order given. */
export interface JointApplicationView {
  code: string;
  activity_id: number;
  activity_name: string;
  applications: ApplicationView[];
}

/** Who is applying: the resident for the people they manage, or a clerk for anyone on record. */
export interface Applicant {
  actor: StatusActor;
  /** The person's record, or undefined when this applicant may not apply for them. */
  findPerson: (enrolmentId: number) => Promise<PersonRow | undefined>;
  /** The account told about the place: the resident, or (staff) an account managing the person. */
  accountFor: (person: PersonRow) => Promise<number | null>;
  /** Staff apply for someone else: the offer is messaged (nobody saw it on screen). */
  byStaff: boolean;
}

export interface ApplyInput {
  activity_id: number;
  person_activity_id?: number | undefined;
  person_activity_ids?: number[] | undefined;
}

/** The people asked for: exactly one of the two fields; a joint application's all different. */
function peopleOf(input: ApplyInput): { ids: number[]; joint: boolean } {
  const one = input.person_activity_id;
  const many = input.person_activity_ids;
  if ((one === undefined) === (many === undefined)) {
    throw invalid([
      { loc: ['body', 'person_activity_ids'], msg: 'joint_one_or_many', type: 'invalid' },
    ]);
  }
  if (one !== undefined) return { ids: [one], joint: false };
  const ids = many as number[];
  const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (repeated >= 0) {
    throw invalid([
      { loc: ['body', 'person_activity_ids', repeated], msg: 'joint_repeated', type: 'invalid' },
    ]);
  }
  return { ids, joint: true };
}

/** Why this person cannot apply, as a DomainError (as a single application answers), or null. */
function refusalOf(
  activity: SeasonActivityRow,
  person: PersonRow,
  decision: ApplicationDecision,
): DomainError | null {
  try {
    checkEligible(activity, person);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  const blockers = decision.blockers.get(person.id);
  if (blockers?.enrolled) return conflict('already_enrolled');
  if (blockers?.applied) return conflict('already_applied');
  return null;
}

/** A joint application's refusal: each person refused, named, with why (nothing is stored). */
const jointRefusal = (refused: { index: number; person: PersonRow; error: DomainError }[]) =>
  new DomainError('invalid', 'joint_refused', {
    issues: refused.map(({ index, person, error }): ValidationIssue => ({
      loc: ['body', 'person_activity_ids', index],
      msg: `joint_${error.details.messageKey ?? error.code}`,
      type: error.code,
      params: { person: fullName(person), ...error.details.params },
    })),
  });

/**
 * The application stored under a code no application has yet, with its link and audit row
 * (places.storeNew): the insert itself finds a code taken (a repeat is one in 850,000 million,
 * so this rarely loops), with no read first.
 */
async function storeWithNewCode(
  store: (row: NewApplication) => Promise<NewApplicationRow | undefined>,
  rowFor: (code: string) => Omit<NewApplication, 'code'>,
): Promise<NewApplicationRow> {
  for (;;) {
    const code = newApplicationCode();
    const stored = await store({ ...rowFor(code), code });
    if (stored) return stored;
  }
}

/**
 * Applying for one person or for 2–4 together (a joint application), the resident's call and
 * staff's at the desk alike: window, year of birth, one person one ballot. A joint application is
 * all or nothing: every person is checked first, and any refusal stores nothing. First come: the
 * group is offered places together when enough are free (and, under `wait_for_group`, nobody
 * waits ahead), else all wait together; lottery: the joint code is one ballot in the draw.
 */
export function createApplying(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  draws: Pick<DrawsRepo, 'find'>;
  places: Places;
  /** Priority groups: what each person holds when applying (services/season/priority-groups.ts). */
  circumstances?: Pick<CircumstancesRepo, 'approvalsInForce'>;
}) {
  const { db, clock, applications, places } = deps;

  /** Whether the people are offered places now (first come), by what was read under the lock. */
  function placeFor(
    activity: SeasonActivityRow,
    size: number,
    firstCome: boolean,
    decision: ApplicationDecision,
  ): boolean {
    if (!firstCome) return false;
    if (freeOf(activity, decision.holding) < size) return false;
    // under wait_for_group free places wait for the group ahead: nobody passes the waitlist
    if (decision.jointFit === 'wait_for_group') return !decision.anyWaitlisted;
    return true;
  }

  return async function apply(
    applicant: Applicant,
    input: ApplyInput,
  ): Promise<ApplicationView | JointApplicationView> {
    const { ids, joint } = peopleOf(input);
    try {
      return await db.transaction(async () => {
        const people: PersonRow[] = [];
        for (const id of ids) {
          const person = await applicant.findPerson(id);
          if (!person) throw notFound();
          people.push(person);
        }
        const activity = await applications.lockActivity(input.activity_id);
        if (!activity || activity.allocation === 'none') throw notFound();
        const now = clock.now();
        // after the waitlist's end, places left may go first come from a set date (waitlist-end.ts)
        const freeForAll = freePlacesOpen(activity, now);
        const groups = await applicantGroups(deps.circumstances, activity, people, now);
        if (!freeForAll && !windowOpen(activity, now)) {
          const refusal = groupWindowRefusal(activity, groups, now);
          if (refusal) throw refusal;
        }
        // a drawn lottery takes no more (its window cannot reopen; this guards older data)
        if (
          !freeForAll &&
          activity.allocation === 'lottery' &&
          (await deps.draws.find(activity.id))?.drawn_at
        )
          throw conflict('applications_not_open');
        const firstCome = freeForAll || activity.allocation === 'first_come';
        // enrolled or applied already, places held, the joint rule: one read, after the lock
        const decision = await applications.decision(
          activity.id,
          people.map((person) => person.id),
        );
        if (!decision) throw notFound();
        const refused = [];
        for (const [index, person] of people.entries()) {
          const error = refusalOf(activity, person, decision);
          if (error) refused.push({ index, person, error });
        }
        if (refused.length > 0) {
          if (!joint) throw (refused[0] as (typeof refused)[number]).error;
          throw jointRefusal(refused);
        }
        const offered = placeFor(activity, people.length, firstCome, decision);
        // once the waitlist has ended there is no queue to join
        if (freeForAll && !offered) throw conflict('no_places_left');
        const status = !firstCome ? 'applied' : offered ? 'offered' : 'waitlisted';
        const views: ApplicationView[] = [];
        let jointCode: string | null = null;
        for (const person of people) {
          const userId = await applicant.accountFor(person);
          const row = await storeWithNewCode(
            (fields) =>
              places.storeNew(applicant.actor, fields, {
                offer_expires_at: fields.offer_expires_at,
                ...(fields.joint_code ? { joint_code: fields.joint_code } : {}),
                ...(applicant.byStaff ? { by_staff: true } : {}),
              }),
            (code) => ({
              // a joint application's code is its first member's own
              joint_code: joint ? (jointCode ?? code) : null,
              priority_group: groups.byPerson.get(person.id) ?? null,
              activity_id: activity.id,
              enrolment_id: person.id,
              user_id: userId,
              status,
              offer_expires_at: offered ? offerExpiry(now, activity) : null,
              // the resident sees the offer on screen as it is made: no message about it
              offer_notified_at: offered && !applicant.byStaff ? now.toISOString() : null,
              now: now.toISOString(),
            }),
          );
          if (joint) jointCode ??= row.code;
          views.push(
            toApplicationView({
              ...row,
              activity_name: activity.name,
              first_name: person.first_name,
              last_name: person.last_name,
              dni: person.dni,
              birth_date: person.birth_date,
            }),
          );
        }
        if (!joint) return views[0] as ApplicationView;
        return {
          code: jointCode as string,
          activity_id: activity.id,
          activity_name: activity.name,
          applications: views,
        };
      });
    } catch (err) {
      // two parallel calls for the same person and activity: the second meets the unique index
      if (isUniqueViolation(err)) throw conflict('already_applied');
      throw err;
    }
  };
}

export type Apply = ReturnType<typeof createApplying>;
