/**
 * 250: two rules of trust.
 *
 * A confirmed e-mail. `users.email_confirmed_at` (UTC ISO text) is when a code sent to the
 * account's address came back; null: never proved. Only a confirmed address receives password
 * recovery codes, and no two accounts hold one confirmed address (the partial unique index, on the
 * folded address, as the recovery lookup reads it). Addresses already stored were typed, never
 * proved, so none starts confirmed: residents confirm theirs from "Mi cuenta".
 *
 * Logout on the server. `revoked_tokens` holds the id (`jti`) of each token ended by a logout
 * until it would have expired anyway (`expires_at`, UTC ISO text); every authenticated call reads
 * it by its key, and the housekeeping job deletes rows past their expiry.
 */
export const sqlite = /* sql */ `
ALTER TABLE users ADD COLUMN email_confirmed_at TEXT;
CREATE UNIQUE INDEX users_confirmed_email ON users (lower(email))
  WHERE email_confirmed_at IS NOT NULL;
CREATE TABLE revoked_tokens (
  jti TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
`;

export const postgres = /* sql */ `
ALTER TABLE users ADD COLUMN email_confirmed_at text COLLATE "C";
CREATE UNIQUE INDEX users_confirmed_email ON users (lower(email))
  WHERE email_confirmed_at IS NOT NULL;
CREATE TABLE revoked_tokens (
  jti text COLLATE "C" PRIMARY KEY,
  expires_at text COLLATE "C" NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
`;
