/**
 * 240: repeated refusals in one audit row. A throttled login wrote a row each (hundreds a second
 * from one client); now the same refusal from one address (or for one account) within 15 minutes
 * adds to one row: `repeat_key` names that row (unique where set; null for every other entry),
 * `repeats` counts its events, `last_at` is the last one (null on older rows, read as `at`).
 * Nothing is backfilled, so the migration is instant however long the log already is.
 */
export const sqlite = /* sql */ `
ALTER TABLE audit_log ADD COLUMN repeat_key TEXT;
ALTER TABLE audit_log ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1;
ALTER TABLE audit_log ADD COLUMN last_at TEXT;
CREATE UNIQUE INDEX audit_log_repeat_key ON audit_log (repeat_key) WHERE repeat_key IS NOT NULL;
`;

export const postgres = /* sql */ `
ALTER TABLE audit_log ADD COLUMN repeat_key text COLLATE "C";
ALTER TABLE audit_log ADD COLUMN repeats integer NOT NULL DEFAULT 1;
ALTER TABLE audit_log ADD COLUMN last_at text COLLATE "C";
CREATE UNIQUE INDEX audit_log_repeat_key ON audit_log (repeat_key) WHERE repeat_key IS NOT NULL;
`;
