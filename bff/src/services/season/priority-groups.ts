import type { ApprovalInForce, CircumstanceNames } from '../../data/circumstances-repo.js';
import { madridDate, madridDateTime } from '../../lib/madrid-date.js';
import type { PriorityMode } from '../../data/schema.js';
import { conflict, DomainError, type ValidationIssue } from '../errors.js';

/**
 * An activity's priority groups (issue 49, item 1), as stored in `activities.priority_groups`:
 * ordered, group 1 first; each holds the applicants with an approval in force of any of its
 * circumstances when they apply (none listed: everyone). An applicant's group is the first they
 * belong to, fixed when they apply.
 */
export interface StoredPriorityGroup {
  name: string;
  circumstance_ids: number[];
  /** Mode 'windows': the group's own opening (UTC ISO); null otherwise. */
  opens_at: string | null;
}

export interface PublicPriorityGroup {
  group: number;
  name: string;
  circumstances: CircumstanceNames[];
  opens_at: string | null;
}

export function parsePriorityGroups(json: string | null | undefined): StoredPriorityGroup[] {
  try {
    const parsed = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as StoredPriorityGroup[]) : [];
  } catch {
    return [];
  }
}

/** The group (1, 2, …) a person holding these circumstances belongs to; null: in none. */
export function priorityGroupOf(
  groups: readonly StoredPriorityGroup[],
  held: ReadonlySet<number>,
): number | null {
  const index = groups.findIndex(
    (g) => g.circumstance_ids.length === 0 || g.circumstance_ids.some((id) => held.has(id)),
  );
  return index === -1 ? null : index + 1;
}

/**
 * When a person of `group` may apply: mode 'windows' gives each group its opening (a later
 * group, or none, the activity's own); otherwise the activity's.
 */
export function opensAtFor(
  activity: { applications_open_at: string | null; priority_mode: PriorityMode | null },
  groups: readonly StoredPriorityGroup[],
  group: number | null,
): string | null {
  if (activity.priority_mode !== 'windows' || group === null) return activity.applications_open_at;
  return groups[group - 1]?.opens_at ?? activity.applications_open_at;
}

/** What the draw page states of the groups: names, circumstances in each language, openings. */
export async function publicPriorityGroups(
  activity: { priority_groups: string },
  circumstances: { names(): Promise<Map<number, CircumstanceNames>> },
): Promise<PublicPriorityGroup[]> {
  const groups = parsePriorityGroups(activity.priority_groups);
  if (groups.length === 0) return [];
  const names = await circumstances.names();
  return groups.map((g, i) => ({
    group: i + 1,
    name: g.name,
    circumstances: g.circumstance_ids.flatMap((id) => {
      const found = names.get(id);
      return found ? [found] : [];
    }),
    opens_at: g.opens_at,
  }));
}

/** The groups as staff send them (the activity form). */
export interface PriorityGroupsInput {
  mode: PriorityMode | null;
  groups: { name: string; circumstance_ids: number[]; opens_at?: string | null }[];
}

const MAX_GROUPS = 5;

/**
 * Checks staff's groups against the activity and the council's circumstances, as stored: each
 * wrong field a 422 naming it. Mode 'ranked' is a lottery's (the draw ranks group by group);
 * 'windows' gives each group an opening no later than the activity's, group 1 the earliest.
 */
export function checkPriorityGroups(
  input: PriorityGroupsInput,
  activity: { allocation: string; applications_open_at: string | null },
  circumstanceExists: (id: number) => boolean,
): { issues: ValidationIssue[]; mode: PriorityMode | null; json: string } {
  const issues: ValidationIssue[] = [];
  const issue = (loc: (string | number)[], type: string) =>
    issues.push({ loc: ['body', ...loc], msg: type, type });
  const groups = activity.allocation === 'none' ? [] : input.groups;
  if (groups.length === 0) return { issues, mode: null, json: '[]' };
  if (groups.length > MAX_GROUPS) issue(['priority_groups'], 'priority_groups_too_many');
  if (input.mode === null) issue(['priority_mode'], 'priority_mode_required');
  if (input.mode === 'ranked' && activity.allocation !== 'lottery')
    issue(['priority_mode'], 'priority_mode_first_come');
  let previous = '';
  const stored = groups.map((g, i): StoredPriorityGroup => {
    const name = g.name.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (name === '') issue(['priority_groups', i, 'name'], 'priority_group_name_required');
    const unknown = g.circumstance_ids.findIndex((id) => !circumstanceExists(id));
    if (unknown >= 0)
      issue(['priority_groups', i, 'circumstance_ids', unknown], 'priority_circumstance_unknown');
    if (g.circumstance_ids.length === 0 && i < groups.length - 1)
      issue(['priority_groups', i, 'circumstance_ids'], 'priority_group_everyone_last');
    const opensAt =
      input.mode === 'windows' && g.opens_at ? new Date(g.opens_at).toISOString() : null;
    if (opensAt !== null) {
      if (activity.applications_open_at !== null && opensAt > activity.applications_open_at)
        issue(['priority_groups', i, 'opens_at'], 'priority_window_after_open');
      if (opensAt < previous) issue(['priority_groups', i, 'opens_at'], 'priority_windows_order');
      previous = opensAt;
    }
    return { name, circumstance_ids: [...new Set(g.circumstance_ids)], opens_at: opensAt };
  });
  return { issues, mode: input.mode, json: JSON.stringify(stored) };
}

/** The earliest moment anyone may apply: group 1's opening in mode 'windows'. */
export function firstOpening(
  activity: { applications_open_at: string | null; priority_mode: PriorityMode | null },
  groups: readonly StoredPriorityGroup[],
): string | null {
  const openings = groups.map((_, i) => opensAtFor(activity, groups, i + 1));
  return (
    [activity.applications_open_at, ...openings]
      .filter((at): at is string => at !== null)
      .sort()[0] ?? null
  );
}

/**
 * Each applicant's group, fixed when they apply (their approvals in force today, Madrid), and
 * the ballot's: a joint application's first member's group decides it (the smallest number).
 */
export async function applicantGroups(
  circumstances:
    | { approvalsInForce(ids: readonly number[], today: string): Promise<ApprovalInForce[]> }
    | undefined,
  activity: { priority_groups: string },
  people: readonly { id: number }[],
  now: Date,
): Promise<{
  groups: StoredPriorityGroup[];
  byPerson: Map<number, number | null>;
  ballot: number | null;
}> {
  const groups = parsePriorityGroups(activity.priority_groups);
  const byPerson = new Map<number, number | null>();
  if (groups.length === 0 || !circumstances) return { groups, byPerson, ballot: null };
  const approvals = await circumstances.approvalsInForce(
    people.map((p) => p.id),
    madridDate(now),
  );
  for (const person of people) {
    const held = new Set(
      approvals.filter((a) => a.enrolment_id === person.id).map((a) => a.circumstance_id),
    );
    byPerson.set(person.id, priorityGroupOf(groups, held));
  }
  const numbers = [...byPerson.values()].filter((g): g is number => g !== null);
  return { groups, byPerson, ballot: numbers.length > 0 ? Math.min(...numbers) : null };
}

/**
 * Outside the activity's window: under mode 'windows' a group whose earlier opening has come may
 * apply (null, no refusal); anyone else is refused, told when their group opens if it differs.
 */
export function groupWindowRefusal(
  activity: {
    applications_open_at: string | null;
    applications_close_at: string | null;
    priority_mode: PriorityMode | null;
  },
  applicants: { groups: StoredPriorityGroup[]; ballot: number | null },
  now: Date,
): DomainError | null {
  const at = now.toISOString();
  const close = activity.applications_close_at;
  if (activity.priority_mode !== 'windows' || close === null || at >= close)
    return conflict('applications_not_open');
  const opensAt = opensAtFor(activity, applicants.groups, applicants.ballot);
  if (opensAt !== null && opensAt <= at) return null;
  if (opensAt === null) return conflict('applications_not_open');
  const { date, hour } = madridDateTime(new Date(opensAt));
  return new DomainError('conflict', 'applications_not_open_for_group', {
    params: {
      group:
        applicants.ballot === null ? '' : (applicants.groups[applicants.ballot - 1]?.name ?? ''),
      opens: `${date} ${hour}`,
    },
    messageKey:
      applicants.ballot === null
        ? 'applications_not_open_no_group'
        : 'applications_not_open_for_group',
  });
}
