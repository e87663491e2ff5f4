/** The whole data model. Money in integer cents, civil dates as 'YYYY-MM-DD', timestamps as UTC ISO text. */
export const sql = /* sql */ `
CREATE TABLE users (
  -- AUTOINCREMENT: a deleted account's id is never given to a new one (its old tokens name it)
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  dni TEXT NOT NULL UNIQUE,
  phone TEXT NOT NULL,
  email TEXT COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  -- bumped on password change/reset and role change: tokens carrying an older version are refused
  token_version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX users_email ON users (email);

CREATE TABLE one_time_codes (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'associate', 'recover')),
  -- what the code is bound to: the DNI for register/associate, the e-mail for recover
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
CREATE INDEX one_time_codes_lookup ON one_time_codes (purpose, subject, user_id);
CREATE INDEX one_time_codes_destination ON one_time_codes (destination, created_at);
CREATE INDEX one_time_codes_ip ON one_time_codes (ip, created_at);

-- A person enrolled in activities ("person-activity" in the spec).
CREATE TABLE enrolments (
  id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  dni TEXT NOT NULL UNIQUE,
  email TEXT,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE activities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  start_date TEXT CHECK (start_date IS NULL OR start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX activities_name_start ON activities (name COLLATE NOCASE, IFNULL(start_date, ''));

CREATE TABLE enrolment_activities (
  enrolment_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE RESTRICT,
  is_paid INTEGER NOT NULL DEFAULT 0 CHECK (is_paid IN (0, 1)),
  paid_at TEXT,
  paid_payment_id INTEGER REFERENCES payments (id),
  paid_amount_cents INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (enrolment_id, activity_id)
);
CREATE INDEX enrolment_activities_activity ON enrolment_activities (activity_id);

-- Which accounts manage which enrolled people.
CREATE TABLE user_persons (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enrolment_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, enrolment_id)
);
CREATE INDEX user_persons_enrolment ON user_persons (enrolment_id);

CREATE TABLE config (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  maintenance_mode INTEGER NOT NULL DEFAULT 0 CHECK (maintenance_mode IN (0, 1)),
  payments_enabled INTEGER NOT NULL DEFAULT 1 CHECK (payments_enabled IN (0, 1)),
  -- the global discount in basis points: 5000 = 50 % (the UI's 0.1 % step = 10)
  global_discount_bp INTEGER NOT NULL DEFAULT 0 CHECK (global_discount_bp BETWEEN 0 AND 10000),
  deadline_date TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO config (id) VALUES (1);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  order_code TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  enrolment_id INTEGER REFERENCES enrolments (id) ON DELETE SET NULL,
  -- copies kept so the record stays readable if the person is later removed
  person_name TEXT NOT NULL,
  person_dni TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  use_discount INTEGER NOT NULL DEFAULT 0 CHECK (use_discount IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'failed', 'superseded', 'duplicate')),
  gateway TEXT NOT NULL CHECK (gateway IN ('redsys', 'sandbox')),
  merchant_code TEXT NOT NULL,
  terminal TEXT NOT NULL,
  response_code TEXT,
  authorisation_code TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payments_status ON payments (status, created_at);
CREATE INDEX payments_enrolment ON payments (enrolment_id);

CREATE TABLE payment_items (
  payment_id INTEGER NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  enrolment_id INTEGER NOT NULL,
  activity_id INTEGER NOT NULL,
  activity_name TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (payment_id, activity_id)
);
CREATE INDEX payment_items_activity ON payment_items (enrolment_id, activity_id);

-- Every notification received, well-formed or not, for reconciliation.
CREATE TABLE payment_notifications (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER REFERENCES payments (id) ON DELETE SET NULL,
  order_code TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  signature_ok INTEGER NOT NULL CHECK (signature_ok IN (0, 1)),
  response_code TEXT,
  amount_cents INTEGER,
  outcome TEXT NOT NULL,
  parameters TEXT,
  ip TEXT
);
CREATE INDEX payment_notifications_payment ON payment_notifications (payment_id);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor_user_id INTEGER,
  actor_dni TEXT,
  action TEXT NOT NULL,
  entity TEXT,
  entity_id TEXT,
  details TEXT,
  ip TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);

-- Messages stored instead of sent (development), readable at GET /api/dev/outbox.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX outbox_recipient ON outbox (recipient, id);

-- Sliding-window counters for throttling (login failures, code sends).
CREATE TABLE rate_events (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);
`;
