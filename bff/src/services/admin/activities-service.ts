import { cleanName, cleanText } from '../../lib/clean-name.js';
import type { ActivitiesRepo, ActivityFields, ActivityRow } from '../../data/activities-repo.js';
import type { Allocation } from '../../data/schema.js';
import type { ActivitySort, ListRequest, ListResult, StaffLists } from '../../data/lists/index.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { DrawRow, DrawsRepo } from '../../data/draws-repo.js';
import { parsePriorityGroups, type StoredPriorityGroup } from '../season/priority-groups.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import { conflict, DomainError, invalid, notFound, type ValidationIssue } from '../errors.js';
import { isCivilDate } from '../../lib/madrid-date.js';
import { centsToEuros, eurosToCents, isStaffAmount } from '../../lib/money.js';
import { madridDate } from '../../lib/madrid-date.js';
import type { Clock } from '../../lib/clock.js';
import { pastPartIssues } from '../fees/part-dates.js';
import { changedFields, recordAdminWrite, type Actor } from './audit-trail.js';
import { checkWaitlistEnd } from '../season/waitlist-end.js';
import {
  activityTextsToJson,
  parseActivityTexts,
  type ActivityTexts,
  type ActivityTextsInput,
} from './activity-texts.js';
import {
  checkTariffs,
  parseTariffs,
  tariffsToJson,
  toTariffView,
  type TariffView,
} from '../fees/tariffs.js';
import {
  checkParts,
  parseParts,
  partsToJson,
  toPartView,
  type FeePartView,
} from '../fees/parts.js';

export interface ActivityView {
  id: number;
  name: string;
  price: number;
  start_date: string | null;
  allocation: Allocation;
  capacity: number | null;
  applications_open_at: string | null;
  applications_close_at: string | null;
  offer_hours: number;
  description: string | null;
  schedule: string | null;
  venue: string | null;
  /** The texts by language (migration 360). */
  texts: ActivityTexts;
  min_birth_year: number | null;
  max_birth_year: number | null;
  /** Prices by age (euros); empty: the single price. */
  tariffs: TariffView[];
  age_on: string | null;
  reductions_apply: boolean;
  fee_group: string | null;
  /** The fee in parts (percent, last day); empty: one payment. */
  parts: FeePartView[];
  /** Days of the provisional list's claims period (services/season/claims.ts); null: none. */
  claims_days: number | null;
  waitlist_ends_at: string | null;
  free_places_at: string | null;
  /** A lottery's public value's source and reserved places (its draw's row); none otherwise. */
  public_value_source: 'announced' | 'drand' | null;
  public_value_description: string | null;
  reserved_places: number;
  reserved_circumstance_id: number | null;
  /** The priority groups as staff wrote them (services/season/priority-groups.ts). */
  priority_mode: 'ranked' | 'windows' | null;
  priority_groups: StoredPriorityGroup[];
}

export interface ActivityInput {
  name: string;
  price: number;
  start_date?: string | null;
  allocation?: Allocation;
  capacity?: number | null;
  applications_open_at?: string | null;
  applications_close_at?: string | null;
  offer_hours?: number;
  description?: string | null;
  schedule?: string | null;
  venue?: string | null;
  /** Absent: what is stored stays (older clients). */
  texts?: ActivityTextsInput;
  min_birth_year?: number | null;
  max_birth_year?: number | null;
  tariffs?: TariffView[];
  age_on?: string | null;
  reductions_apply?: boolean;
  fee_group?: string | null;
  /** The fee in parts; absent: unchanged. */
  parts?: FeePartView[];
  claims_days?: number | null;
  /** A lottery's public value (services/season/draws.ts); absent: unchanged. */
  public_value_source?: 'announced' | 'drand' | null;
  public_value_description?: string | null;
  /** A lottery's reserved places for a circumstance's holders; absent: unchanged. */
  reserved_places?: number;
  reserved_circumstance_id?: number | null;
  /** Priority groups (services/season/priority-groups.ts); both absent: unchanged. */
  priority_mode?: 'ranked' | 'windows' | null;
  priority_groups?: { name: string; circumstance_ids: number[]; opens_at?: string | null }[];
  waitlist_ends_at?: string | null;
  free_places_at?: string | null;
}

/** The public value's source as a lottery's draw is told it; undefined: unchanged. */
export type PublicValueSourceInput = {
  kind: 'announced' | 'drand';
  description: string | null;
} | null;

function checkedSource(input: ActivityInput): PublicValueSourceInput | undefined {
  if (input.public_value_source === undefined) return undefined;
  if (input.public_value_source === null || (input.allocation ?? 'none') !== 'lottery') return null;
  if (input.public_value_source === 'drand') return { kind: 'drand', description: null };
  const description = cleanText(input.public_value_description)?.replace(/\s+/g, ' ') ?? '';
  if (description.length < 3 || description.length > 300)
    throw invalid([
      {
        loc: ['body', 'public_value_description'],
        msg: 'public_value_description_required',
        type: 'public_value_description_required',
      },
    ]);
  return { kind: 'announced', description };
}

/** The priority groups as staff sent them; undefined: unchanged. */
const priorityOf = (input: ActivityInput) =>
  input.priority_mode === undefined && input.priority_groups === undefined
    ? undefined
    : { mode: input.priority_mode ?? null, groups: input.priority_groups ?? [] };

/** The reserved places as the draw is told them; undefined: unchanged. */
const reservedOf = (input: ActivityInput) =>
  input.reserved_places === undefined && input.reserved_circumstance_id === undefined
    ? undefined
    : {
        places: input.reserved_places ?? 0,
        circumstanceId: input.reserved_circumstance_id ?? null,
      };

/** The draw's part of the form (lottery only): what the form sends back unchanged. */
const drawSettings = (draw: DrawRow | undefined) => ({
  public_value_source: draw?.public_value_source ?? null,
  public_value_description: draw?.public_value_description ?? null,
  reserved_places: draw?.reserved_places ?? 0,
  reserved_circumstance_id: draw?.reserved_circumstance_id ?? null,
});

export const toActivityView = (row: ActivityRow, draw?: DrawRow): ActivityView => ({
  id: row.id,
  name: row.name,
  price: centsToEuros(row.price_cents),
  start_date: row.start_date,
  allocation: row.allocation,
  capacity: row.capacity,
  applications_open_at: row.applications_open_at,
  applications_close_at: row.applications_close_at,
  offer_hours: row.offer_hours,
  description: row.description,
  schedule: row.schedule,
  venue: row.venue,
  texts: parseActivityTexts(row.texts),
  min_birth_year: row.min_birth_year,
  max_birth_year: row.max_birth_year,
  tariffs: parseTariffs(row.tariffs).map(toTariffView),
  age_on: row.age_on,
  reductions_apply: row.reductions_apply !== 0,
  fee_group: row.fee_group,
  parts: parseParts(row.parts).map(toPartView),
  claims_days: row.claims_days,
  waitlist_ends_at: row.waitlist_ends_at,
  free_places_at: row.free_places_at,
  ...drawSettings(row.allocation === 'lottery' ? draw : undefined),
  priority_mode: row.priority_mode ?? null,
  priority_groups: parsePriorityGroups(row.priority_groups),
});

export { cleanName } from '../../lib/clean-name.js';

/** An instant with an offset, stored as UTC ISO like every timestamp. */
const utc = (at: string | null | undefined) => (at ? new Date(at).toISOString() : null);

/** The checked fields; `parts` is undefined when the caller left them out (kept as stored). */
function checked(input: ActivityInput): Required<Omit<ActivityFields, 'parts'>> & {
  parts?: string;
} {
  const name = cleanName(input.name);
  const startDate = input.start_date ? input.start_date : null;
  const allocation = input.allocation ?? 'none';
  const capacity = input.capacity ?? null;
  const openAt = utc(input.applications_open_at);
  const closeAt = utc(input.applications_close_at);
  const minYear = input.min_birth_year ?? null;
  const maxYear = input.max_birth_year ?? null;
  const issues: ValidationIssue[] = [];
  const issue = (field: string, type: string) =>
    issues.push({ loc: ['body', field], msg: type, type });
  if (!Number.isFinite(input.price) || input.price < 0) issue('price', 'invalid_price');
  else if (!isStaffAmount(input.price)) issue('price', 'amount_too_high');
  if (startDate !== null && !isCivilDate(startDate)) issue('start_date', 'invalid_date');
  if (allocation !== 'none') {
    if (capacity === null) issue('capacity', 'capacity_required');
    if (openAt === null) issue('applications_open_at', 'window_required');
    if (closeAt === null) issue('applications_close_at', 'window_required');
  }
  if (openAt !== null && closeAt !== null && openAt >= closeAt)
    issue('applications_close_at', 'window_order');
  if (minYear !== null && maxYear !== null && minYear > maxYear)
    issue('max_birth_year', 'birth_years_order');
  const ageOn = input.age_on ? input.age_on : null;
  if (ageOn !== null && !isCivilDate(ageOn)) issue('age_on', 'fees_age_on_invalid');
  const bands = checkTariffs(input.tariffs ?? []);
  issues.push(...bands.issues);
  const parts = input.parts === undefined ? undefined : checkParts(input.parts);
  issues.push(...(parts?.issues ?? []));
  const waitlist = checkWaitlistEnd(input, allocation, closeAt, startDate);
  issues.push(...waitlist.issues);
  const claimsDays = input.claims_days ?? null;
  if (claimsDays !== null && allocation !== 'lottery')
    issue('claims_days', 'claims_days_lottery_only');
  if (issues.length > 0) throw invalid(issues);
  return {
    name,
    price_cents: eurosToCents(input.price),
    start_date: startDate,
    allocation,
    capacity,
    applications_open_at: allocation === 'none' ? null : openAt,
    applications_close_at: allocation === 'none' ? null : closeAt,
    offer_hours: input.offer_hours ?? 72,
    description: cleanText(input.description),
    schedule: cleanText(input.schedule),
    venue: cleanText(input.venue),
    texts: activityTextsToJson(input.texts ?? {}),
    min_birth_year: minYear,
    max_birth_year: maxYear,
    tariffs: tariffsToJson(bands.tariffs),
    age_on: ageOn,
    reductions_apply: input.reductions_apply === false ? 0 : 1,
    // a label: spaces as one, so "Escolas  2026" and "Escolas 2026" are one group
    fee_group: cleanText(input.fee_group)?.replace(/\s+/g, ' ') ?? null,
    ...(parts && { parts: partsToJson(parts.parts) }),
    waitlist_ends_at: waitlist.waitlistEndsAt,
    free_places_at: waitlist.freePlacesAt,
    claims_days: claimsDays,
  };
}

const auditView = (row: ActivityFields) => {
  const {
    id: _id,
    public_value_source: _source,
    public_value_description: _description,
    reserved_places: _reserved,
    reserved_circumstance_id: _circumstance,
    priority_mode: _mode,
    priority_groups: _groups,
    ...view
  } = toActivityView({ ...row, id: 0 } as ActivityRow);
  return view;
};

/** What the season needs to know when an activity's places change. */
export interface SeasonHooks {
  /**
   * A lottery is committed to its sealed seed and its public value's source; an activity no
   * longer a lottery loses it.
   */
  commit(
    activityId: number,
    plan: {
      applicationsOpenAt: string | null;
      applicationsCloseAt: string | null;
      capacity: number | null;
      source?: PublicValueSourceInput;
      /** undefined: unchanged. */
      reserved?: { places: number; circumstanceId: number | null };
    },
  ): Promise<unknown>;
  uncommit(activityId: number): Promise<unknown>;
  /** An activity's priority groups, checked and stored (refused once it has applications). */
  priorityGroups(
    activityId: number,
    plan: {
      allocation: Allocation;
      applicationsOpenAt: string | null;
      groups: {
        mode: 'ranked' | 'windows' | null;
        groups: { name: string; circumstance_ids: number[]; opens_at?: string | null }[];
      };
    },
  ): Promise<unknown>;
  /** Offers free places to the waitlist (places were added). */
  fill(activityId: number): Promise<unknown>;
  /** Places offered or paid. */
  holding(activityId: number): Promise<number>;
  /** Whether the activity's draw has been run. */
  drawn(activityId: number): Promise<boolean>;
}

export function createAdminActivitiesService(deps: {
  db: Database;
  activities: ActivitiesRepo;
  lists: Pick<StaffLists, 'activities'>;
  audit: AuditRepo;
  season: SeasonHooks;
  draws: Pick<DrawsRepo, 'find' | 'findMany'>;
  clock: Clock;
}) {
  const { db, activities, lists, audit, season, draws } = deps;

  /** Parts written whose last day has passed (Madrid), unless kept as stored: 422 parts_past. */
  const refusePastParts = (parts: string | undefined, stored: string | null) => {
    if (parts === undefined) return;
    const today = madridDate(deps.clock.now());
    const issues = pastPartIssues(parseParts(parts), parseParts(stored), today);
    if (issues.length > 0) throw invalid(issues);
  };

  /** An activity as staff read it, with its draw's settings. */
  const viewOf = async (id: number) =>
    toActivityView((await activities.findById(id)) as ActivityRow, await draws.find(id));

  /** The season's rules on an activity's places, inside the write's transaction. */
  async function placesChanged(
    id: number,
    before: ActivityRow | null,
    fields: ReturnType<typeof checked>,
    source?: PublicValueSourceInput,
    reserved?: { places: number; circumstanceId: number | null },
    priority?: {
      mode: 'ranked' | 'windows' | null;
      groups: { name: string; circumstance_ids: number[]; opens_at?: string | null }[];
    },
  ) {
    if (
      before &&
      before.allocation !== fields.allocation &&
      (await activities.countApplications(id)) > 0
    )
      throw conflict('activity_has_applications');
    // a draw ranks the applications it had: its window never reopens for more
    if (
      before?.allocation === 'lottery' &&
      (before.applications_open_at !== fields.applications_open_at ||
        before.applications_close_at !== fields.applications_close_at) &&
      (await season.drawn(id))
    )
      throw new DomainError('conflict', 'already_drawn', { messageKey: 'already_drawn_window' });
    if (before && fields.capacity !== null && fields.allocation !== 'none') {
      const holding = await season.holding(id);
      if (fields.capacity < holding) {
        throw invalid([
          {
            loc: ['body', 'capacity'],
            msg: 'capacity_below_taken',
            type: 'capacity_below_taken',
            params: { taken: holding },
          },
        ]);
      }
    }
    if (priority !== undefined || (before && fields.allocation === 'none'))
      await season.priorityGroups(id, {
        allocation: fields.allocation,
        applicationsOpenAt: fields.applications_open_at,
        groups: priority ?? { mode: null, groups: [] },
      });
    if (fields.allocation === 'lottery')
      await season.commit(id, {
        applicationsOpenAt: fields.applications_open_at,
        applicationsCloseAt: fields.applications_close_at,
        capacity: fields.capacity,
        source,
        reserved,
      });
    else await season.uncommit(id);
  }

  const withUniqueName = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('activity_exists');
      throw err;
    }
  };

  return {
    async list(request: ListRequest<ActivitySort>): Promise<ListResult<ActivityView>> {
      const { rows, total } = await lists.activities.page(request);
      const byActivity = new Map(
        (await draws.findMany(rows.map((row) => row.id))).map((draw) => [draw.activity_id, draw]),
      );
      return { rows: rows.map((row) => toActivityView(row, byActivity.get(row.id))), total };
    },

    async create(actor: Actor, input: ActivityInput): Promise<ActivityView> {
      const fields = checked(input);
      refusePastParts(fields.parts, null);
      return withUniqueName(async () => {
        if (await activities.findByNameAndDate(fields.name, fields.start_date))
          throw conflict('activity_exists');
        const id = await activities.insert(fields);
        await placesChanged(
          id,
          null,
          fields,
          checkedSource(input),
          reservedOf(input),
          priorityOf(input),
        );
        await recordAdminWrite(audit, actor, 'activity.create', 'activity', id, {
          after: auditView(fields),
        });
        return viewOf(id);
      });
    },

    /** Paid links keep paid_amount_cents, so a new price never rewrites what was paid. */
    async update(actor: Actor, id: number, input: ActivityInput): Promise<ActivityView> {
      const fields = checked(input);
      return withUniqueName(async () => {
        const before = await activities.findById(id);
        if (!before) throw notFound();
        refusePastParts(fields.parts, before.parts);
        const same = await activities.findByNameAndDate(fields.name, fields.start_date);
        if (same && same.id !== id) throw conflict('activity_exists');
        await placesChanged(
          id,
          before,
          fields,
          checkedSource(input),
          reservedOf(input),
          priorityOf(input),
        );
        // a client that knows nothing of the texts by language leaves them as they are
        if (input.texts === undefined) fields.texts = before.texts;
        // what anyone paid was worked out from the parts as they were: they stay
        if (
          fields.parts !== undefined &&
          fields.parts !== before.parts &&
          (await activities.countPaidLinks(id)) > 0
        )
          throw conflict('parts_locked');
        await activities.update(id, fields);
        if (fields.allocation !== 'none') await season.fill(id);
        await recordAdminWrite(
          audit,
          actor,
          'activity.update',
          'activity',
          id,
          changedFields(auditView(before), auditView(fields)),
        );
        return viewOf(id);
      });
    },

    /** Refused while anyone has paid it (payment history stays); unpaid links go with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async () => {
        const row = await activities.findById(id);
        if (!row) throw notFound();
        if ((await activities.countPaidLinks(id)) > 0) {
          throw new DomainError('conflict', 'has_paid_items', {
            messageKey: 'activity_has_paid_items',
          });
        }
        const unlinked = await activities.deleteUnpaidLinks(id);
        await activities.delete(id);
        await recordAdminWrite(audit, actor, 'activity.delete', 'activity', id, {
          before: auditView(row),
          unpaid_enrolments_removed: unlinked,
        });
      });
    },
  };
}

export type AdminActivitiesService = ReturnType<typeof createAdminActivitiesService>;
