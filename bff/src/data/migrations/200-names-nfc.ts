import type { Database } from '../database.js';

/**
 * 200: names in composed Unicode (NFC), as every write now stores them. Text pasted from a Mac
 * or exported by some tools wrote "Natación" as "Natacio" plus a combining accent, which looked
 * the same but made a second activity and a second spelling of a person. The search and sort
 * keys fold both spellings alike, so only the names change.
 */
export const sqlite = /* sql */ `SELECT 1;`;
export const postgres = /* sql */ `SELECT 1;`;

/** The code is this migration's own (not the live name cleaning), so it never changes later. */
export async function composeNames(db: Database): Promise<void> {
  const composed = (text: string) => text.normalize('NFC');
  const people = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name'])
    .execute();
  for (const person of people) {
    const first_name = composed(person.first_name);
    const last_name = composed(person.last_name);
    if (first_name === person.first_name && last_name === person.last_name) continue;
    await db
      .q()
      .updateTable('enrolments')
      .set({ first_name, last_name })
      .where('id', '=', person.id)
      .execute();
  }
  const activities = await db
    .q()
    .selectFrom('activities')
    .select(['id', 'name', 'start_date'])
    .execute();
  for (const activity of activities) {
    const name = composed(activity.name);
    if (name === activity.name) continue;
    // an activity already spelt so on the same date stays as it is, for staff to merge: the
    // catalogue then shows the two, and one of them is the old duplicate
    const twin = activities.find(
      (other) =>
        other.id !== activity.id &&
        composed(other.name).toLowerCase() === name.toLowerCase() &&
        other.start_date === activity.start_date,
    );
    if (twin && twin.name === composed(twin.name)) continue;
    await db.q().updateTable('activities').set({ name }).where('id', '=', activity.id).execute();
  }
}
