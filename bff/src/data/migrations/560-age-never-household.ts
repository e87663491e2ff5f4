/**
 * 560: a reduction by age is never a household's. An age applies by itself to each person by
 * their age, so `scope: household` means nothing with `review: age`; staff's form and API refuse
 * the pair from now on (`circumstance_age_household`), and a circumstance saved with both before
 * is asked per person, as it always applied.
 */
const fix = /* sql */ `
UPDATE circumstances SET scope = 'person' WHERE review = 'age' AND scope = 'household';
`;

export const sqlite = fix;
export const postgres = fix;
