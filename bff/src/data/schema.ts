import type { Generated } from 'kysely';

/**
 * The tables as the query builder sees them, the same on both engines. Flags are 0/1 integers
 * and timestamps UTC ISO text on both, so rows (and the API's answers) cannot tell the engines
 * apart; money in integer cents, civil dates as 'YYYY-MM-DD', code times as ms since the epoch.
 */
export interface Tables {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  enrolments: EnrolmentsTable;
  activities: ActivitiesTable;
  enrolment_activities: EnrolmentActivitiesTable;
  user_persons: UserPersonsTable;
  config: ConfigTable;
  payments: PaymentsTable;
  payment_items: PaymentItemsTable;
  mandates: MandatesTable;
  direct_debits: DirectDebitsTable;
  remittances: RemittancesTable;
  remittance_items: RemittanceItemsTable;
  direct_debit_returns: DirectDebitReturnsTable;
  payment_notifications: PaymentNotificationsTable;
  payment_refunds: PaymentRefundsTable;
  sandbox_transactions: SandboxTransactionsTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  rate_buckets: RateBucketsTable;
  job_leases: JobLeasesTable;
  reminders_sent: RemindersSentTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  reminder_runs: ReminderRunsTable;
  applications: ApplicationsTable;
  persons_distinct: PersonsDistinctTable;
  season_notices: SeasonNoticesTable;
  draws: DrawsTable;
  application_claims: ApplicationClaimsTable;
  circumstances: CircumstancesTable;
  circumstance_requests: CircumstanceRequestsTable;
  circumstance_documents: CircumstanceDocumentsTable;
  reduction_rules: ReductionRulesTable;
  family_discounts: FamilyDiscountsTable;
  family_differences: FamilyDifferencesTable;
  revoked_tokens: RevokedTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
  /** PostgreSQL only (migration 090): exact row counts kept by triggers. */
  table_rows: TableRowsTable;
}

export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  dni: string;
  phone: string;
  email: string | null;
  password_hash: string;
  role: 'user' | 'admin';
  verified: Flag;
  token_version: Generated<number>;
  /** The language the resident last used (reminders speak it). */
  locale: Generated<Locale>;
  /** The resident asked for no payment reminders. */
  reminders_opt_out: Generated<Flag>;
  /** When reminders were last turned on (ms since the epoch); older unsubscribe links do nothing. */
  reminders_on_at: number | null;
  /** Folded DNI, phone and e-mail for the admin list's search (data/search-keys.ts). */
  search_key: Generated<string>;
  /** The TOTP secret, encrypted (lib/secret-box.ts); null: no second factor. */
  mfa_secret: string | null;
  /** A secret being set up, until a code confirms it. */
  mfa_pending_secret: string | null;
  /** The last TOTP period (30 s since the epoch) whose code was accepted. */
  mfa_last_step: number | null;
  /** When a code sent to `email` came back (UTC ISO); null: never proved (migration 250). */
  email_confirmed_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type Locale = 'es' | 'en' | 'gl';

/** Tokens ended by a logout, until they would have expired anyway (migration 250). */
export interface RevokedTokensTable {
  jti: string;
  /** UTC ISO. */
  expires_at: string;
}

/** A resident's call answered once per key, for 24 hours (migration 390). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** SHA-256 (hex) of the request body, so a key reused for another body is told. */
  request_hash: string;
  status: number;
  /** The answer's body, JSON. */
  response: string;
  /** UTC ISO. */
  created_at: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  purpose: 'register' | 'associate' | 'recover' | 'change_email' | 'change_phone';
  subject: string;
  user_id: number | null;
  enrolment_id: number | null;
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  consumed_at: number | null;
  ip: string | null;
  created_at: number;
}

export interface EnrolmentsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** Null for a person without one (a child under 14 a resident added, migration 220). */
  dni: string | null;
  email: string | null;
  phone: string;
  /** Folded names, DNI, e-mail and phone for the admin list's search (data/search-keys.ts). */
  search_key: Generated<string>;
  /** Folded names, what the name sorts read (data/search-keys.ts, migration 130). */
  last_name_key: Generated<string>;
  first_name_key: Generated<string>;
  /** 'YYYY-MM-DD'; eligibility by year of birth (migration 220). */
  birth_date: string | null;
  /** The full name folded to letters and digits: with the birth date, who a person is (migration 230). */
  identity_name_key: Generated<string>;
  /** Added by a resident ("add a person"): the mobile on it proves nothing about its DNI. */
  added_by_resident: Generated<Flag>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ActivitiesTable {
  id: Generated<number>;
  name: string;
  price_cents: number;
  start_date: string | null;
  search_key: Generated<string>;
  /** The name as the lists sort it ("ñ" after "n"); kept by the repository. */
  name_sort_key: Generated<string>;
  /** How places are given out (migration 220): staff enrol, first come, or a public draw. */
  allocation: Generated<Allocation>;
  /** Places; null: no limit (only with allocation 'none'). */
  capacity: number | null;
  /** The applications window (UTC ISO); null with allocation 'none'. */
  applications_open_at: string | null;
  applications_close_at: string | null;
  /** How long an offered place waits for its payment. */
  offer_hours: Generated<number>;
  description: string | null;
  schedule: string | null;
  venue: string | null;
  /** Description, schedule and venue by language, JSON (services/admin/activity-texts.ts; migration 360). */
  texts: Generated<string>;
  min_birth_year: number | null;
  max_birth_year: number | null;
  /** JSON list of age bands in cents (services/fees/compute.ts's Tariff); '[]': the single price. */
  tariffs: Generated<string>;
  /** The day ages are counted on; null: the start date. */
  age_on: string | null;
  reductions_apply: Generated<Flag>;
  /** Activities whose fees count together for family discounts; null never counts. */
  fee_group: string | null;
  /** JSON `[{percent_bp | weight, due_date}]`: the fee in parts; '[]' one payment (migration 410). */
  parts: Generated<string>;
  /** A flat fee never reduced, charged with the first payment of the fee (migration 460). */
  registration_fee_cents: Generated<number>;
  /** Ordered priority groups, JSON (services/season/priority-groups.ts); '[]': none (migration 320). */
  priority_groups: Generated<string>;
  /** How the groups take precedence: 'ranked' at the draw, or 'windows' (each its own opening). */
  priority_mode: Generated<PriorityMode | null>;
  /** Days (Madrid) the provisional list stays open for claims after the close (migration 340); null: none. */
  claims_days: number | null;
  /** After it no offer is made and the waiting are told (migration 350); null: the start date. */
  waitlist_ends_at: Generated<string | null>;
  /** From it places left go first come (migration 350); null: never. */
  free_places_at: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type Allocation = 'none' | 'first_come' | 'lottery';

export type ApplicationStatus =
  'applied' | 'offered' | 'waitlisted' | 'confirmed' | 'expired' | 'withdrawn';

export interface ApplicationsTable {
  id: Generated<number>;
  /** Public and pseudonymous (services/season/draw.ts): what the draw page lists. */
  code: string;
  activity_id: number;
  enrolment_id: number;
  /** The account that applied (messages go to it). */
  user_id: number | null;
  status: ApplicationStatus;
  /** The draw's rank (lottery); the waitlist is read in (rank, id) order. */
  rank: number | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  /** When the resident was told of the offer; when reminded before it expires. */
  offer_notified_at: string | null;
  offer_reminded_at: string | null;
  /** When the family was told its place on a drawn waitlist (migration 350). */
  waitlist_notified_at: Generated<string | null>;
  /** A joint application's code (its first member's), shared by its members; null when single. */
  joint_code: Generated<string | null>;
  /** Why the draw left it out of a provisional list (migration 340); null otherwise. */
  excluded_reason: Generated<ExclusionReason | null>;
  /** Offered one of the draw's reserved places (migration 320). */
  reserved_place: Generated<Flag>;
  /** The applicant's priority group (1 first), fixed when applying; null: none (migration 320). */
  priority_group: Generated<number | null>;
  /** Withdrawn because staff merged its person into another record (migration 420). */
  merged: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

/** Two records staff checked and marked "different people" (migration 420): lower id first. */
export interface PersonsDistinctTable {
  first_id: number;
  second_id: number;
  marked_by: number | null;
  marked_at: string;
}

export type ExclusionReason = 'age' | 'duplicate' | 'out_of_window';

export interface ApplicationClaimsTable {
  id: Generated<number>;
  application_id: number;
  /** The account that sent the claim (its language and contact get the reply). */
  user_id: number | null;
  /** The exclusion claimed against, as the provisional list showed it. */
  reason: ExclusionReason;
  text: string;
  status: 'open' | 'admitted' | 'kept';
  reply: string | null;
  resolved_by: number | null;
  resolved_at: string | null;
  created_at: string;
}

/** One event of the season told to the account that applied, folded per activity (350). */
export interface SeasonNoticesTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  application_id: number;
  kind: SeasonNoticeKind;
  /** JSON: what the message says beyond the names (amount, deadline, waitlist position). */
  params: string;
  created_at: string;
  sent_at: string | null;
}

export type SeasonNoticeKind =
  'offer' | 'reminder' | 'waitlisted' | 'expired' | 'waitlist_ended' | 'withdrawn';

export interface DrawsTable {
  activity_id: number;
  /** The secret seed, encrypted (lib/secret-box.ts) until the draw. */
  seed_sealed: string;
  /** SHA-256 of the seed, public from the start. */
  seed_commitment: string;
  /** Published at the draw. */
  seed: string | null;
  drawn_at: string | null;
  created_at: string;
  /** The public value the seed is mixed with (migration 320); null: none named (rule 1). */
  public_value_source: PublicValueSource | null;
  /** The 'announced' source in the council's words ("ONCE, 5 de diciembre de 2026"). */
  public_value_description: string | null;
  /** The 'drand' source: the quicknet round, the first after the close. */
  drand_round: number | null;
  /** Entered (or fetched from drand) after the close. */
  public_value: string | null;
  public_value_at: string | null;
  /** The rule the draw was made by (services/season/draw.ts); null until drawn. */
  rule_version: number | null;
  /** Places kept at the draw for holders of `reserved_circumstance_id` (migration 320). */
  reserved_places: Generated<number>;
  reserved_circumstance_id: number | null;
}

export type PublicValueSource = 'announced' | 'drand';

export type PriorityMode = 'ranked' | 'windows';

/** A council's circumstance that can reduce a fee (migration 300). */
export interface CircumstancesTable {
  id: Generated<number>;
  name_es: string;
  name_en: string;
  name_gl: string;
  proof_es: string;
  proof_en: string;
  proof_gl: string;
  /** Months an approval lasts; null: until a date staff take from the document. */
  validity_months: number | null;
  /** 'age': applies by itself to ages min_age–max_age on the activity's reference day (450). */
  review: 'staff' | 'declaration' | 'age';
  /** Ages the circumstance is for, inclusive (null max: no upper limit); null: any age. */
  min_age: number | null;
  max_age: number | null;
  /** Asked per person, or once for several of an account's people (migration 470). */
  scope: Generated<'person' | 'household'>;
  created_at: string;
  updated_at: string;
}

/** 'expired' is read, never stored: an approval whose valid_until has passed. */
export type CircumstanceRequestStatus = 'pending' | 'approved' | 'refused' | 'withdrawn';

export interface CircumstanceRequestsTable {
  id: Generated<number>;
  enrolment_id: number;
  circumstance_id: number;
  /** The account that asked (null: staff at the counter or an import, or the account gone). */
  user_id: number | null;
  source: 'resident' | 'counter' | 'import';
  status: CircumstanceRequestStatus;
  /** The last day an approval is in force ('YYYY-MM-DD', Europe/Madrid). */
  valid_until: string | null;
  /** A usual reason for a refusal (told in the resident's language), or null. */
  reason_code: string | null;
  /** Free text of a refusal, as staff wrote it. */
  reason: string | null;
  /** The resident's language when they asked (the decision is told in it). */
  locale: Generated<Locale>;
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
  updated_at: string;
  /** A household request's first row (itself too), which keeps the document (migration 470). */
  household_id: Generated<number | null>;
}

/** A request's proof, encrypted (lib/secret-box.ts), until some days after the decision. */
export interface CircumstanceDocumentsTable {
  request_id: number;
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  size: number;
  sealed: Buffer;
  delete_after: string | null;
}

export interface ReductionRulesTable {
  id: Generated<number>;
  circumstance_id: number;
  /** Null: council-wide; else this activity's own rule for the circumstance. */
  activity_id: number | null;
  /** Null: every fee group; else the activities of this group (migration 450). */
  fee_group: string | null;
  percent_bp: number | null;
  price_cents: number | null;
}

/** A paid fee's family discount no longer earned, pending for the family (migration 470). */
export interface FamilyDifferencesTable {
  id: Generated<number>;
  enrolment_id: number;
  activity_id: number;
  /** The payment that charged the fee with the discount. */
  payment_id: number;
  amount_cents: number;
  reason_code: 'member_refunded' | 'member_withdrawn';
  member_enrolment_id: number | null;
  member_name: string;
  created_at: string;
  settled_at: string | null;
  /** The payment that paid it online (migration 510); null while open, or settled otherwise. */
  paid_payment_id: Generated<number | null>;
}

export interface FamilyDiscountsTable {
  /** Null: every fee group; else this group's own steps (migration 450). */
  fee_group: string | null;
  from_member: number;
  percent_bp: number;
}

export interface EnrolmentActivitiesTable {
  enrolment_id: number;
  activity_id: number;
  is_paid: Generated<Flag>;
  paid_at: string | null;
  paid_payment_id: number | null;
  paid_amount_cents: number | null;
  /** How many parts of a fee in parts are paid, always the first ones (migration 410). */
  parts_paid: Generated<number>;
  /** How much of `paid_amount_cents` was the registration fee (migration 460). */
  registration_fee_paid_cents: Generated<number>;
  /** What the paid parts charged above the fee now, still to give back (migration 490). */
  owed_back_cents: Generated<number>;
  /** What has been given back of it (migration 490). */
  refunded_back_cents: Generated<number>;
  created_at: Generated<string>;
}

export interface UserPersonsTable {
  user_id: number;
  enrolment_id: number;
  created_at: Generated<string>;
}

export interface ConfigTable {
  id: number;
  maintenance_mode: Flag;
  payments_enabled: Flag;
  global_discount_bp: number;
  deadline_date: string | null;
  reminders_enabled: Generated<Flag>;
  /** JSON list of whole days before deadline_date, e.g. [7,1]. */
  reminder_days: Generated<string>;
  reminder_channel: Generated<ReminderChannel>;
  /** The council's ordinance stacks reductions and family discounts (migration 300). */
  fees_cumulative: Generated<Flag>;
  /** Places left when a waiting joint group does not fit (migration 330). */
  joint_fit: Generated<JointFit>;
  /** Residents may pay by Bizum (migration 400; the council's Redsys terminal must have it). */
  bizum_enabled: Generated<Flag>;
  /** Residents may pay by SEPA direct debit (migration 480; needs the council file's creditor data). */
  direct_debit_enabled: Generated<Flag>;
  /** Days before a debit the resident is told (migration 480). */
  direct_debit_notice_days: Generated<number>;
  /** Added to a returned debit as a line of its own (migration 480). */
  direct_debit_return_fee_cents: Generated<number>;
  updated_at: Generated<string>;
}

export type ReminderChannel = 'sms' | 'email' | 'both';
export type JointFit = 'next_fits' | 'wait_for_group';

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'superseded' | 'duplicate' | 'expired';

export interface PaymentsTable {
  id: Generated<number>;
  order_code: string;
  user_id: number | null;
  enrolment_id: number | null;
  person_name: string;
  person_dni: string;
  /** The person's name folded (lower case, no accents) for searching; kept by the repository. */
  person_key: string;
  /** The person's name as the list sorts it ("ñ" after "n"); kept by the repository. */
  person_sort_key: Generated<string>;
  amount_cents: number;
  /** What refunds have given back so far (cents). */
  refunded_cents: Generated<number>;
  use_discount: Flag;
  status: PaymentStatus;
  /** The language the resident paid in. */
  locale: Generated<'es' | 'en' | 'gl'>;
  /** `sepa`: collected by direct debit (migration 480). */
  gateway: 'redsys' | 'sandbox' | 'sepa';
  merchant_code: string;
  terminal: string;
  response_code: string | null;
  authorisation_code: string | null;
  /** Printed on the receipt; anyone holding it can check the receipt is genuine. */
  verification_code: string | null;
  /** When the confirmation e-mail with the receipt was handed to the mail adapter. */
  receipt_mailed_at: string | null;
  /** When the gateway was last asked about this pending payment (reconciliation). */
  checked_at: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** What the resident chose, corrected by the bank's Ds_ProcessedPayMethod (migration 400). */
  pay_method: Generated<PaidBy>;
  /** Ds_ProcessedPayMethod exactly as the bank gave it (68 Bizum); null until it says. */
  bank_pay_method: string | null;
}

export type PayMethod = 'card' | 'bizum';
/** How a payment was made: a method residents choose, or collected by direct debit (migration 480). */
export type PaidBy = PayMethod | 'direct_debit';

export interface PaymentItemsTable {
  payment_id: number;
  enrolment_id: number;
  activity_id: number;
  activity_name: string;
  amount_cents: number;
  /** The refund that gave this item back, or is giving it back. */
  refund_id: number | null;
  /** JSON of the fee's breakdown in cents as charged (services/fees); null in the simple mode. */
  breakdown: string | null;
  /** For a fee in parts, the parts this item paid, `part_from`–`part_to` of `part_of` (migration 410). */
  part_from: number | null;
  part_to: number | null;
  part_of: number | null;
  /** How much of `amount_cents` is the activity's registration fee (migration 460). */
  registration_fee_cents: Generated<number>;
  /** Of parts: the whole fee they are shares of (reduced, no registration fee), and what was left after them. */
  fee_cents: Generated<number | null>;
  remaining_cents: Generated<number | null>;
  /** Whose fee it paid, as named when paid; null on items before migration 470. */
  person_name: Generated<string | null>;
  /**
   * An item that pays a family difference instead of a fee (migration 510): the difference (the
   * fee's open differences up to it), and the member whose refund or withdrawal ended the discount.
   */
  family_difference_id: Generated<number | null>;
  family_difference_member: Generated<string | null>;
}

export type RefundStatus = 'requested' | 'succeeded' | 'failed';

export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_cents: number;
  reason: string;
  status: RefundStatus;
  /** The gateway's Ds_Response or error code (SIS…). */
  gateway_code: string | null;
  gateway_answer: string | null;
  actor_user_id: number | null;
  /** Masked (****5678Z). */
  actor_dni: string | null;
  created_at: string;
  completed_at: string | null;
}

/** What the built-in sandbox gateway answered, so it can answer status queries and refunds. */
export interface SandboxTransactionsTable {
  id: Generated<number>;
  order_code: string;
  /** '0' a payment, '3' a refund. */
  transaction_type: '0' | '3';
  amount_cents: number;
  response_code: string;
  authorisation_code: string | null;
  created_at: string;
  /** A payment's Ds_ProcessedPayMethod (68 Bizum, 1 card), as its status query says (migration 400). */
  pay_method_code: string | null;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  payment_id: number | null;
  order_code: string | null;
  received_at: string;
  signature_ok: Flag;
  response_code: string | null;
  amount_cents: number | null;
  outcome: string;
  parameters: string | null;
  ip: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<string>;
  actor_user_id: number | null;
  actor_dni: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  details: string | null;
  ip: string | null;
  /** Migration 240: the row repeated refusals of one kind count in (audit-repo.ts); else null. */
  repeat_key: string | null;
  /** How many events the row stands for (1 unless repeated). */
  repeats: Generated<number>;
  /** The last of those events; null on rows older than migration 240 (read as `at`). */
  last_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  /** JSON list of attached file names (the files themselves are not kept). */
  attachments: string | null;
  /** Who the message says it is from (the council), when not the adapter's default. */
  sender: string | null;
  created_at: Generated<string>;
}

/** A throttling bucket's count in its current window, which ends at reset_at (ms since the epoch). */
export interface RateBucketsTable {
  bucket: string;
  hits: number;
  reset_at: number;
}

/** One row per background job: who holds it, until when, when it last ran (ms since the epoch). */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  expires_at: number;
  last_run_at: number | null;
}

/** One reminder to one account on one day (Europe/Madrid); (user_id, reminder_date) is unique. */
export interface RemindersSentTable {
  id: Generated<number>;
  user_id: number | null;
  reminder_date: string;
  deadline_date: string;
  run_id: number | null;
  locale: Locale;
  pending_cents: number;
  /** How many managed people had something pending. */
  persons: number;
  sms: Generated<number>;
  emails: Generated<number>;
  /** claimed: taken by a run that is sending it (or died sending it: never sent twice). */
  status: 'claimed' | 'sent' | 'failed';
  created_at: string;
}

export interface ReminderRunsTable {
  id: Generated<number>;
  reminder_date: string;
  deadline_date: string;
  trigger: 'job' | 'staff';
  sent: Generated<number>;
  skipped: Generated<number>;
  sms: Generated<number>;
  emails: Generated<number>;
  started_at: string;
  finished_at: string | null;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A login waiting for its second step (ms since the epoch). */
export interface MfaChallengesTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  attempts: Generated<number>;
  used_at: number | null;
}

export interface TableRowsTable {
  table_name: string;
  n: string | number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Generated<string>;
}

/** SEPA direct debit (migration 480, services/direct-debit/). */
export type MandateStatus = 'active' | 'cancelled' | 'suspended' | 'lapsed';
export interface MandatesTable {
  id: Generated<number>;
  reference: string;
  user_id: number | null;
  holder_name: string;
  holder_dni: string;
  /** Sealed (lib/secret-box.ts); null once erased. */
  iban_sealed: string | null;
  iban_masked: string;
  creditor_id: string;
  creditor_name: string;
  signed_at: string;
  signed_ip: string | null;
  locale: 'es' | 'en' | 'gl';
  status: Generated<MandateStatus>;
  status_at: string | null;
  last_debit_on: string | null;
  iban_erased_at: string | null;
}

export type DirectDebitStatus = 'active' | 'cancelled' | 'ended';
export interface DirectDebitsTable {
  id: Generated<number>;
  mandate_id: number;
  user_id: number | null;
  enrolment_id: number;
  activity_id: number;
  status: Generated<DirectDebitStatus>;
  created_at: string;
  notified_at: string | null;
  ended_at: string | null;
  ended_reason: string | null;
}

export interface RemittancesTable {
  id: Generated<number>;
  message_id: string;
  collection_date: string;
  status: Generated<'sent' | 'collected'>;
  item_count: number;
  total_cents: number;
  created_at: string;
  created_by: number | null;
  collected_at: string | null;
}

export type RemittanceItemStatus = 'in_remittance' | 'collected' | 'returned';
export interface RemittanceItemsTable {
  id: Generated<number>;
  remittance_id: number;
  direct_debit_id: number;
  mandate_id: number;
  enrolment_id: number;
  activity_id: number;
  kind: 'fee' | 'return_fee';
  part_number: number | null;
  part_of: number | null;
  charged_return_id: number | null;
  amount_cents: number;
  end_to_end_id: string;
  sequence_type: 'FRST' | 'RCUR';
  status: Generated<RemittanceItemStatus>;
  payment_id: number | null;
  person_name: string;
  activity_name: string;
  breakdown: string | null;
  /** How much of `amount_cents` is the registration fee (migration 485; part 1 or whole fee). */
  registration_fee_cents: Generated<number>;
  /** A part's item: the whole fee it is a share of, and what was left to pay after it. */
  fee_cents: Generated<number | null>;
  remaining_cents: Generated<number | null>;
}

export interface DirectDebitReturnsTable {
  id: Generated<number>;
  item_id: number;
  remittance_id: number;
  direct_debit_id: number;
  reason_code: string;
  file_type: 'pain.002' | 'camt.054';
  file_sha256: string;
  represent: Generated<Flag>;
  fee_cents: Generated<number>;
  received_at: string;
  actor_user_id: number | null;
}
