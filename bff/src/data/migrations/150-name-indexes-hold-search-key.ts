/**
 * 150: SQLite's two name indexes also hold the search key. A text too short for the trigram
 * index (one or two letters: what a clerk's first keystrokes send) is looked for in every row;
 * with the key in the index, the page sorted by name is read from the index alone, without
 * reading each row it skips ("ma" sorted by surname: 12.6 → 1.1 ms at 100,000 people), and the
 * count reads this narrower index instead of the table (16 → 9.6 ms).
 */
export const sqlite = /* sql */ `
DROP INDEX enrolments_by_last_name;
DROP INDEX enrolments_by_first_name;
CREATE INDEX enrolments_by_last_name ON enrolments (last_name_key, first_name_key, id, search_key);
CREATE INDEX enrolments_by_first_name ON enrolments (first_name_key, last_name_key, id, search_key);
`;

export const postgres = /* sql */ `
SELECT 1;
`;
