/**
 * 380: a family is told when staff withdraw an application (`season_notices.kind` 'withdrawn').
 * SQLite cannot change a CHECK constraint in place, so the table is rebuilt (new table, copy,
 * drop, rename); the unsent notices are kept.
 */
const KINDS = "'offer', 'reminder', 'waitlisted', 'expired', 'waitlist_ended', 'withdrawn'";

export const sqlite = /* sql */ `
CREATE TABLE season_notices_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
  params TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
INSERT INTO season_notices_new (id, user_id, activity_id, application_id, kind, params,
  created_at, sent_at)
SELECT id, user_id, activity_id, application_id, kind, params, created_at, sent_at
FROM season_notices;
DROP TABLE season_notices;
ALTER TABLE season_notices_new RENAME TO season_notices;
CREATE INDEX season_notices_unsent ON season_notices (user_id, activity_id) WHERE sent_at IS NULL;
CREATE INDEX season_notices_sent ON season_notices (user_id, activity_id, sent_at);
CREATE INDEX season_notices_by_application ON season_notices (application_id);
`;

export const postgres = /* sql */ `
ALTER TABLE season_notices DROP CONSTRAINT season_notices_kind_check;
ALTER TABLE season_notices ADD CONSTRAINT season_notices_kind_check CHECK (kind IN (${KINDS}));
`;
