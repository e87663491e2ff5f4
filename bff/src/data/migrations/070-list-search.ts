import type { Database } from '../database.js';
import { activitySearchKey, enrolmentSearchKey, userSearchKey } from './frozen-keys.js';

/**
 * 070: admin lists paged, searched and sorted by the server. Each searchable table keeps its text
 * folded (lower case, no accents) in `search_key`, written by its repository, so a search looks in
 * one column. The enrolments, the largest list, get a trigram index that finds a text anywhere in
 * it without reading every row: SQLite's FTS5 trigram table (kept by triggers), PostgreSQL's
 * pg_trgm GIN index when the extension can be had. Each sortable column gets the
 * index that lets a page be read in order without sorting the whole table.
 */
export const sqlite = /* sql */ `
ALTER TABLE enrolments ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
ALTER TABLE activities ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
CREATE INDEX enrolments_by_last_name ON enrolments (lower(last_name), lower(first_name), id);
CREATE INDEX enrolments_by_first_name ON enrolments (lower(first_name), lower(last_name), id);
CREATE INDEX enrolments_by_phone ON enrolments (phone, id);
CREATE INDEX enrolments_by_email ON enrolments (lower(email), id);
CREATE INDEX users_by_created ON users (created_at, id);
CREATE INDEX users_by_phone ON users (phone, id);
CREATE INDEX payments_by_person ON payments (person_key, id);
CREATE INDEX payments_by_amount ON payments (amount_cents, id);
CREATE INDEX payments_paid ON payments (status, paid_at);
CREATE INDEX audit_by_action ON audit_log (action, id);
CREATE INDEX enrolment_activities_by_activity ON enrolment_activities (activity_id, enrolment_id);
CREATE VIRTUAL TABLE enrolments_search USING fts5(
  search_key, content = 'enrolments', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER enrolments_search_insert AFTER INSERT ON enrolments BEGIN
  INSERT INTO enrolments_search (rowid, search_key) VALUES (new.id, new.search_key);
END;
CREATE TRIGGER enrolments_search_delete AFTER DELETE ON enrolments BEGIN
  INSERT INTO enrolments_search (enrolments_search, rowid, search_key)
  VALUES ('delete', old.id, old.search_key);
END;
CREATE TRIGGER enrolments_search_update AFTER UPDATE OF search_key ON enrolments BEGIN
  INSERT INTO enrolments_search (enrolments_search, rowid, search_key)
  VALUES ('delete', old.id, old.search_key);
  INSERT INTO enrolments_search (rowid, search_key) VALUES (new.id, new.search_key);
END;
INSERT INTO enrolments_search (enrolments_search) VALUES ('rebuild');
`;

export const postgres = /* sql */ `
ALTER TABLE enrolments ADD COLUMN search_key text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE activities ADD COLUMN search_key text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN search_key text COLLATE "C" NOT NULL DEFAULT '';
CREATE INDEX enrolments_by_last_name ON enrolments (lower(last_name), lower(first_name), id);
CREATE INDEX enrolments_by_first_name ON enrolments (lower(first_name), lower(last_name), id);
CREATE INDEX enrolments_by_phone ON enrolments (phone, id);
CREATE INDEX enrolments_by_email ON enrolments (lower(email) NULLS FIRST, id);
CREATE INDEX users_by_created ON users (created_at, id);
CREATE INDEX users_by_phone ON users (phone, id);
CREATE INDEX payments_by_person ON payments (person_key, id);
CREATE INDEX payments_by_amount ON payments (amount_cents, id);
CREATE INDEX payments_paid ON payments (status, paid_at);
CREATE INDEX audit_by_action ON audit_log (action, id);
CREATE INDEX enrolment_activities_by_activity ON enrolment_activities (activity_id, enrolment_id);
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): searches read every row', SQLERRM;
END $$;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX enrolments_search ON enrolments USING gin (search_key public.gin_trgm_ops)';
    EXECUTE 'CREATE INDEX users_search ON users USING gin (search_key public.gin_trgm_ops)';
    EXECUTE 'CREATE INDEX payments_search ON payments USING gin (person_key public.gin_trgm_ops)';
  END IF;
END $$;
`;

/** Writes every row's search key once; from then on the repositories keep them. */
export async function backfillSearchKeys(db: Database): Promise<void> {
  await rewriteEnrolmentSearchKeys(db);
  const activities = await db.q().selectFrom('activities').select(['id', 'name']).execute();
  for (const row of activities) {
    await db
      .q()
      .updateTable('activities')
      .set({ search_key: activitySearchKey(row) })
      .where('id', '=', row.id)
      .execute();
  }
  const users = await db.q().selectFrom('users').select(['id', 'dni', 'phone', 'email']).execute();
  for (const row of users) {
    await db
      .q()
      .updateTable('users')
      .set({ search_key: userSearchKey(row) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Writes every enrolment's search key as `enrolmentSearchKey` makes it (070, and 110 again). */
export async function rewriteEnrolmentSearchKeys(db: Database): Promise<void> {
  const enrolments = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name', 'dni', 'email', 'phone'])
    .execute();
  for (const row of enrolments) {
    await db
      .q()
      .updateTable('enrolments')
      .set({ search_key: enrolmentSearchKey({ ...row, dni: row.dni ?? '' }) })
      .where('id', '=', row.id)
      .execute();
  }
}
