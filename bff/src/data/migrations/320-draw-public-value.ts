/**
 * 320: a draw nobody can steer. A lottery's draw names, before its window opens, the public
 * value its seed will be mixed with (`public_value_source`: 'announced', a value the council
 * names in words such as a ONCE draw of a given day, or 'drand', the drand quicknet round fixed
 * from the close, `drand_round`); staff enter the value after the close (`public_value`,
 * `public_value_at`). `rule_version` says which rule a draw was made by: 1, the committed seed
 * alone (every draw before this migration); 2, SHA-256(seed + ":" + public_value).
 *
 * Reserved places: a lottery keeps `reserved_places` for holders of `reserved_circumstance_id`
 * on the draw's day; `applications.reserved_place` marks those who took one. Priority groups:
 * an activity's ordered groups (`activities.priority_groups`, JSON: name, circumstances, an
 * earlier opening), ranked at the draw (`priority_mode` 'ranked') or each with its own window
 * ('windows'); `applications.priority_group` is the applicant's group, fixed when applying.
 */
export const sqlite = /* sql */ `
ALTER TABLE draws ADD COLUMN public_value_source TEXT
  CHECK (public_value_source IN ('announced', 'drand'));
ALTER TABLE draws ADD COLUMN public_value_description TEXT;
ALTER TABLE draws ADD COLUMN drand_round INTEGER;
ALTER TABLE draws ADD COLUMN public_value TEXT;
ALTER TABLE draws ADD COLUMN public_value_at TEXT;
ALTER TABLE draws ADD COLUMN rule_version INTEGER;
UPDATE draws SET rule_version = 1 WHERE drawn_at IS NOT NULL;
ALTER TABLE draws ADD COLUMN reserved_places INTEGER NOT NULL DEFAULT 0;
ALTER TABLE draws ADD COLUMN reserved_circumstance_id INTEGER
  REFERENCES circumstances (id) ON DELETE RESTRICT;
ALTER TABLE applications ADD COLUMN reserved_place INTEGER NOT NULL DEFAULT 0
  CHECK (reserved_place IN (0, 1));
ALTER TABLE applications ADD COLUMN priority_group INTEGER;
ALTER TABLE activities ADD COLUMN priority_groups TEXT NOT NULL DEFAULT '[]';
ALTER TABLE activities ADD COLUMN priority_mode TEXT
  CHECK (priority_mode IN ('ranked', 'windows'));
`;

export const postgres = /* sql */ `
ALTER TABLE draws ADD COLUMN public_value_source text COLLATE "C"
  CHECK (public_value_source IN ('announced', 'drand'));
ALTER TABLE draws ADD COLUMN public_value_description text;
ALTER TABLE draws ADD COLUMN drand_round integer;
ALTER TABLE draws ADD COLUMN public_value text;
ALTER TABLE draws ADD COLUMN public_value_at text COLLATE "C";
ALTER TABLE draws ADD COLUMN rule_version integer;
UPDATE draws SET rule_version = 1 WHERE drawn_at IS NOT NULL;
ALTER TABLE draws ADD COLUMN reserved_places integer NOT NULL DEFAULT 0;
ALTER TABLE draws ADD COLUMN reserved_circumstance_id integer
  REFERENCES circumstances (id) ON DELETE RESTRICT;
ALTER TABLE applications ADD COLUMN reserved_place integer NOT NULL DEFAULT 0
  CHECK (reserved_place IN (0, 1));
ALTER TABLE applications ADD COLUMN priority_group integer;
ALTER TABLE activities ADD COLUMN priority_groups text NOT NULL DEFAULT '[]';
ALTER TABLE activities ADD COLUMN priority_mode text COLLATE "C"
  CHECK (priority_mode IN ('ranked', 'windows'));
`;
