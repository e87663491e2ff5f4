import type { Allocation } from '../../data/schema.js';
import type { SeasonActivityRow } from '../../data/applications-repo.js';
import { madridMidnightUtc } from '../payments/madrid-range.js';
import type { ValidationIssue } from '../errors.js';

type Dates = Pick<SeasonActivityRow, 'waitlist_ends_at' | 'start_date'>;

/**
 * When the activity's waitlist ends (UTC ISO): the date staff set, else 00:00 in Madrid on the
 * start date (the course has begun); null when neither is known (it never ends).
 */
export function waitlistEnd(activity: Dates): string | null {
  if (activity.waitlist_ends_at) return activity.waitlist_ends_at;
  return activity.start_date ? madridMidnightUtc(activity.start_date) : null;
}

export function waitlistEnded(activity: Dates, now: Date): boolean {
  const end = waitlistEnd(activity);
  return end !== null && end <= now.toISOString();
}

/** Places left go first come from `free_places_at` (after the waitlist ended). */
export function freePlacesOpen(
  activity: Pick<SeasonActivityRow, 'free_places_at' | 'allocation'>,
  now: Date,
): boolean {
  return (
    activity.allocation !== 'none' &&
    activity.free_places_at !== null &&
    activity.free_places_at <= now.toISOString()
  );
}

const utc = (at: string | null | undefined) => (at ? new Date(at).toISOString() : null);

/**
 * Staff's dates for the waitlist's end and the free places: both after the applications close,
 * and the free places no earlier than the waitlist's end (the waiting go first). Without places
 * (allocation none) both are dropped.
 */
export function checkWaitlistEnd(
  input: { waitlist_ends_at?: string | null; free_places_at?: string | null },
  allocation: Allocation,
  closeAt: string | null,
  startDate: string | null,
): { waitlistEndsAt: string | null; freePlacesAt: string | null; issues: ValidationIssue[] } {
  if (allocation === 'none') return { waitlistEndsAt: null, freePlacesAt: null, issues: [] };
  const waitlistEndsAt = utc(input.waitlist_ends_at);
  const freePlacesAt = utc(input.free_places_at);
  const issues: ValidationIssue[] = [];
  const issue = (field: string, type: string) =>
    issues.push({ loc: ['body', field], msg: type, type });
  if (waitlistEndsAt !== null && closeAt !== null && waitlistEndsAt <= closeAt)
    issue('waitlist_ends_at', 'waitlist_end_before_close');
  if (freePlacesAt !== null) {
    const end = waitlistEnd({ waitlist_ends_at: waitlistEndsAt, start_date: startDate });
    if (closeAt !== null && freePlacesAt <= closeAt)
      issue('free_places_at', 'free_places_before_close');
    else if (end === null || freePlacesAt < end)
      issue('free_places_at', 'free_places_before_waitlist_end');
  }
  return { waitlistEndsAt, freePlacesAt, issues };
}
