import { firstOpening, parsePriorityGroups } from './priority-groups.js';
import type { ApplicationWithNames, SeasonActivityRow } from '../../data/applications-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import { fullName } from '../../lib/clean-name.js';
import { freePlacesOpen } from './waitlist-end.js';
import { paymentCheckUntil } from './payment-hold.js';

export interface ApplicationView {
  id: number;
  code: string;
  activity_id: number;
  activity_name: string;
  person_activity_id: number;
  person_name: string;
  status: ApplicationStatus;
  waitlist_position: number | null;
  offer_expires_at: string | null;
  /** A payment is open at the bank: the offer is held until then at most (payment-hold.ts). */
  payment_check_until: string | null;
  created_at: string;
  /** The joint application's code (then `code` too); null for a single application. */
  joint_code: string | null;
}

export type CatalogueStatus = 'upcoming' | 'open' | 'closed' | 'drawn' | 'full';

const orNull = (value: number | string | bigint | null) => (value === null ? null : Number(value));

export const toApplicationView = (row: ApplicationWithNames): ApplicationView => ({
  id: row.id,
  code: row.joint_code ?? row.code,
  activity_id: row.activity_id,
  activity_name: row.activity_name,
  person_activity_id: row.enrolment_id,
  person_name: fullName(row),
  status: row.status,
  waitlist_position: orNull(row.waitlist_position),
  offer_expires_at: row.status === 'offered' ? row.offer_expires_at : null,
  payment_check_until: paymentCheckUntil(row),
  created_at: row.created_at,
  joint_code: row.joint_code,
});

export const waitlistPositionOf = orNull;

/** Whether the applications window of the activity is open at `now`. */
export function windowOpen(activity: SeasonActivityRow, now: Date): boolean {
  const at = now.toISOString();
  return (
    activity.applications_open_at !== null &&
    activity.applications_close_at !== null &&
    activity.applications_open_at <= at &&
    at < activity.applications_close_at
  );
}

/** The activity's state as the catalogue shows it. */
export function catalogueStatus(
  activity: SeasonActivityRow,
  now: Date,
  drawn: boolean,
  placesLeft: number | null,
): CatalogueStatus {
  const at = now.toISOString();
  // open from the earliest window: group 1's under priority groups with their own windows
  const opensAt = firstOpening(activity, parsePriorityGroups(activity.priority_groups));
  if (opensAt === null || at < opensAt) return 'upcoming';
  if (freePlacesOpen(activity, now)) return placesLeft === 0 ? 'full' : 'open';
  if (activity.allocation === 'lottery' && drawn) return 'drawn';
  if (activity.applications_close_at === null || at >= activity.applications_close_at)
    return 'closed';
  if (activity.allocation === 'first_come' && placesLeft === 0) return 'full';
  return 'open';
}
