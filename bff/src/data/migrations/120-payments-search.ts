/**
 * 120: the payments list's search looks for the text in the person's name, their DNI and the
 * order number. PostgreSQL's trigram index of 070 covered the name only, so the OR of the three
 * read every payment (7 ms for 20,000, and more each season); with the DNI and the order number
 * indexed too, it combines the three indexes (under a millisecond). Only where pg_trgm is
 * installed, as in 070. SQLite looks for the text in each row (its payments have no trigram
 * index).
 */
export const sqlite = /* sql */ `
SELECT 1;
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
