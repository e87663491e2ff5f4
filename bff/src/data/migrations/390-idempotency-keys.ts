/**
 * 390: idempotency keys of residents' applications (`POST /user/applications` with an
 * `Idempotency-Key`). One row per account and key, written in the same transaction as the
 * application it answered: the hash of the request body, the status and body of the answer.
 * Kept 24 hours (UTC ISO `created_at`); the housekeeping job deletes older rows.
 */
export const sqlite = /* sql */ `
CREATE TABLE idempotency_keys (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
`;

export const postgres = /* sql */ `
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text COLLATE "C" NOT NULL,
  request_hash text COLLATE "C" NOT NULL,
  status integer NOT NULL,
  response text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
`;
