/**
 * 180: throttling counts in one row per bucket, so that an attempt is counted and checked in one
 * statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): with a hundred attempts in flight, no
 * more than a rule's limit are ever let through. A bucket's window starts at its first event and
 * ends at `reset_at` (ms since the epoch); the next event after that starts a new window. The
 * per-event table it replaces was read, then written, which let parallel attempts through.
 */
export const sqlite = /* sql */ `
DROP TABLE rate_events;
CREATE TABLE rate_buckets (
  bucket TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
);
CREATE INDEX rate_buckets_reset ON rate_buckets (reset_at);
`;

export const postgres = /* sql */ `
DROP TABLE rate_events;
CREATE TABLE rate_buckets (
  bucket text COLLATE "C" PRIMARY KEY,
  hits integer NOT NULL,
  reset_at bigint NOT NULL
);
CREATE INDEX rate_buckets_reset ON rate_buckets (reset_at);
`;
