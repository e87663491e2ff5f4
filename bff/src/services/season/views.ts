import type { ApplicationWithNames, SeasonActivityRow } from '../../data/applications-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import { fullName } from '../../lib/clean-name.js';

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
  created_at: string;
}

export type CatalogueStatus = 'upcoming' | 'open' | 'closed' | 'drawn' | 'full';

const orNull = (value: number | string | bigint | null) => (value === null ? null : Number(value));

export const toApplicationView = (row: ApplicationWithNames): ApplicationView => ({
  id: row.id,
  code: row.code,
  activity_id: row.activity_id,
  activity_name: row.activity_name,
  person_activity_id: row.enrolment_id,
  person_name: fullName(row),
  status: row.status,
  waitlist_position: orNull(row.waitlist_position),
  offer_expires_at: row.status === 'offered' ? row.offer_expires_at : null,
  created_at: row.created_at,
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
  if (activity.applications_open_at === null || at < activity.applications_open_at)
    return 'upcoming';
  if (activity.allocation === 'lottery' && drawn) return 'drawn';
  if (activity.applications_close_at === null || at >= activity.applications_close_at)
    return 'closed';
  if (activity.allocation === 'first_come' && placesLeft === 0) return 'full';
  return 'open';
}
