/**
 * 160: PostgreSQL's two name indexes also hold the search key (as 150 did for SQLite), as an
 * INCLUDE column: it is not part of the order. A text too short for the trigram index (one or
 * two letters) is looked for in every row; with the key in the index, the page's ids sorted by
 * name come from an index-only scan, without reading from the table each row it skips ("ma" by
 * surname skips 11,000: 7.5 → 2 ms at 100,000 people). Unlike SQLite's, the count still reads the
 * table: an index-only scan of these indexes measured only 15% faster, and the planner does not
 * choose it.
 */
export const sqlite = /* sql */ `
SELECT 1;
`;

export const postgres = /* sql */ `
DROP INDEX enrolments_by_last_name;
DROP INDEX enrolments_by_first_name;
CREATE INDEX enrolments_by_last_name ON enrolments (last_name_key, first_name_key, id)
  INCLUDE (search_key);
CREATE INDEX enrolments_by_first_name ON enrolments (first_name_key, last_name_key, id)
  INCLUDE (search_key);
`;
