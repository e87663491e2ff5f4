/**
 * 120: the payments list's search (`q`) looks for the text in the person's name, their DNI and
 * the order number, and read every payment to do so on SQLite, and on PostgreSQL too, whose
 * trigram index of 070 covered the name only (an OR with two unindexed columns): 7 ms for 20,000
 * payments, more every season. Now a trigram index covers all three on both engines: SQLite's
 * FTS5 trigram table over the three columns, kept by triggers as 070's is for the enrolments
 * (payments are inserted, and their person and order never change, but an update of them is
 * followed all the same); PostgreSQL's GIN indexes on the other two, where pg_trgm is installed
 * (as in 070), which it combines with the name's.
 */
export const sqlite = /* sql */ `
CREATE VIRTUAL TABLE payments_search USING fts5(
  person_key, person_dni, order_code, content = 'payments', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payments_search (rowid, person_key, person_dni, order_code)
  VALUES (new.id, new.person_key, new.person_dni, new.order_code);
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, person_key, person_dni, order_code)
  VALUES ('delete', old.id, old.person_key, old.person_dni, old.order_code);
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF person_key, person_dni, order_code
ON payments BEGIN
  INSERT INTO payments_search (payments_search, rowid, person_key, person_dni, order_code)
  VALUES ('delete', old.id, old.person_key, old.person_dni, old.order_code);
  INSERT INTO payments_search (rowid, person_key, person_dni, order_code)
  VALUES (new.id, new.person_key, new.person_dni, new.order_code);
END;
INSERT INTO payments_search (payments_search) VALUES ('rebuild');
`;

export const postgres = /* sql */ `
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX payments_search_dni ON payments USING gin (lower(person_dni) public.gin_trgm_ops)';
    EXECUTE 'CREATE INDEX payments_search_order ON payments USING gin (lower(order_code) public.gin_trgm_ops)';
  END IF;
END $$;
`;
