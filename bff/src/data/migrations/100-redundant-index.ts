/**
 * 100: `enrolment_activities (activity_id)` from 001 is the first column of 070's
 * `(activity_id, enrolment_id)`, which serves every query (and the foreign key's checks) it did;
 * each link written kept both up to date, 100,000 of them in one import.
 */
export const sqlite = /* sql */ `
DROP INDEX enrolment_activities_activity;
`;

export const postgres = sqlite;
