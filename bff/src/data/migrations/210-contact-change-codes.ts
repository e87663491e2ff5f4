/**
 * 210: one-time codes for changing a signed-in account's e-mail or mobile (the code goes to the
 * new address). SQLite cannot change a CHECK constraint in place, so the table is rebuilt (new
 * table, copy, drop, rename); the live codes are kept.
 */
const PURPOSES = "'register', 'associate', 'recover', 'change_email', 'change_phone'";

export const sqlite = /* sql */ `
CREATE TABLE one_time_codes_new (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN (${PURPOSES})),
  subject TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  enrolment_id INTEGER REFERENCES enrolments (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  destination TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  ip TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO one_time_codes_new (id, purpose, subject, user_id, enrolment_id, channel, destination,
  code_hash, attempts, expires_at, consumed_at, ip, created_at)
SELECT id, purpose, subject, user_id, enrolment_id, channel, destination,
  code_hash, attempts, expires_at, consumed_at, ip, created_at
FROM one_time_codes;
DROP TABLE one_time_codes;
ALTER TABLE one_time_codes_new RENAME TO one_time_codes;
CREATE INDEX one_time_codes_lookup ON one_time_codes (purpose, subject, user_id);
CREATE INDEX one_time_codes_destination ON one_time_codes (destination, created_at);
CREATE INDEX one_time_codes_ip ON one_time_codes (ip, created_at);
`;

export const postgres = /* sql */ `
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN (${PURPOSES}));
`;
