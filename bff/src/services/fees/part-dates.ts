import type { ValidationIssue } from '../errors.js';
import type { FeePart } from './parts.js';

/**
 * Parts staff save whose last day has already passed (Europe/Madrid `today`): nobody could pay
 * them online, so they are refused (422 `parts_past` on the part's `due_date`). A part kept
 * exactly as stored (same place, same day) is not: saving an activity again does not fail
 * because time went by.
 */
export function pastPartIssues(
  parts: readonly FeePart[],
  stored: readonly FeePart[],
  today: string,
): ValidationIssue[] {
  return parts.flatMap((part, index) =>
    part.due_date < today && stored[index]?.due_date !== part.due_date
      ? [
          {
            loc: ['body', 'parts', index, 'due_date'],
            msg: 'parts_past',
            type: 'parts_past',
            params: { number: index + 1, date: part.due_date.split('-').reverse().join('/') },
          },
        ]
      : [],
  );
}
