import { sandboxBankAnswer } from './adapters/direct-debit-sandbox/bank.js';
import type { MailSender } from './adapters/mail/mail-sender.js';
import { createOutboxMail } from './adapters/mail/outbox-mail.js';
import { createSmtpMail } from './adapters/mail/smtp-mail.js';
import { createOutboxSms } from './adapters/sms/outbox-sms.js';
import type { SmsSender } from './adapters/sms/sms-sender.js';
import { createTwilioSms } from './adapters/sms/twilio-sms.js';
import type { Config } from './config.js';
import { createAccountDataRepo } from './data/account-data-repo.js';
import { createActivitiesRepo } from './data/activities-repo.js';
import { createAuditRepo } from './data/audit-repo.js';
import { createConfigRepo } from './data/config-repo.js';
import type { Database } from './data/database.js';
import { createEnrolmentsRepo } from './data/enrolments-repo.js';
import { createStaffLists } from './data/lists/index.js';
import { createJobLeasesRepo } from './data/job-leases-repo.js';
import { createOutboxRepo } from './data/outbox-repo.js';
import { createPaymentsRepo } from './data/payments-repo.js';
import { createPersonsRepo } from './data/persons-repo.js';
import { createApplicationsRepo } from './data/applications-repo.js';
import { createDrawsRepo } from './data/draws-repo.js';
import { createDrandClient } from './adapters/drand/drand-client.js';
import { createPersonMergeRepo } from './data/person-merge-repo.js';
import { createSeason } from './services/season/index.js';
import { createRemindersRepo } from './data/reminders-repo.js';
import { createUsersRepo } from './data/users-repo.js';
import { createRevokedTokensRepo } from './data/revoked-tokens-repo.js';
import { createIdempotencyKeysRepo } from './data/idempotency-keys-repo.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { Counter, Gauge } from 'prom-client';
import { createHmac } from 'node:crypto';
import type { Logger } from './logger.js';
import { createMfaRepo } from './data/mfa-repo.js';
import { createRateBucketsRepo } from './data/rate-buckets-repo.js';
import { createDeviceTokens } from './services/device-tokens.js';
import { createSecretBox } from './lib/secret-box.js';
import { createMfa } from './services/admin/mfa.js';
import { createJobRunner } from './services/jobs/job-runner.js';
import { createRateLimiter } from './services/rate-limiter.js';
import { createPaymentServices } from './services/payments/index.js';
import { createReminders } from './services/reminders/reminders.js';
import { createRedsysClient } from './adapters/payment-gateway/redsys-client.js';
import { createRefundsRepo } from './data/refunds-repo.js';
import { createOwedBackRepo } from './data/owed-back-repo.js';
import { createOwedBack } from './services/fees/owed-back.js';
import { createSandboxTransactionsRepo } from './data/sandbox-transactions-repo.js';
import { createUnsubscribeTokens } from './services/reminders/unsubscribe-token.js';
import { createSettingsService } from './services/settings-service.js';
import { createOneTimeCodesRepo } from './data/one-time-codes-repo.js';
import { createOneTimeCodes } from './services/one-time-codes.js';
import { createAccountsService } from './services/residents/accounts.js';
import { createCodeDelivery } from './services/residents/code-delivery.js';
import { createHolderTakeover } from './services/residents/holder-takeover.js';
import { createContactChange } from './services/residents/contact-change.js';
import { createDataRights } from './services/residents/data-rights.js';
import { createMyAccount } from './services/residents/my-account.js';
import { createPersonsService } from './services/residents/persons.js';
import { createAdminUsersService } from './services/admin/users-service.js';
import { createAdminEnrolmentsService } from './services/admin/enrolments-service.js';
import { createAdminActivitiesService } from './services/admin/activities-service.js';
import { createAdminSettingsService } from './services/admin/settings-update.js';
import { createAuditLogService } from './services/admin/audit-log.js';
import { createEnrolmentImport } from './services/admin/upload/importer.js';
import { createReadiness } from './services/readiness.js';
import { createWarmUp } from './http/warm-up.js';
import { createDatabaseWatch } from './services/database-watch.js';
import { createSummaryRepo } from './data/summary-repo.js';
import { createSummaryService } from './services/admin/summary-service.js';
import { createTokenService, resolveJwtSecret } from './services/token-service.js';
import { createSessions } from './services/sessions.js';
import { createPasswords, type Passwords } from './services/passwords.js';
import { createReauthentication } from './services/reauthenticate.js';
import { createDevOutbox } from './services/dev-outbox.js';
import { createCircumstances } from './services/circumstances/index.js';
import { createDirectDebit } from './services/direct-debit/index.js';
import { createFeesRepo } from './data/fees-repo.js';
import { createFamilyDifferencesRepo } from './data/family-differences-repo.js';
import { createFamilyDifferences } from './services/payments/family-differences.js';
import { createCircumstancesRepo } from './data/circumstances-repo.js';
import { createFeeQuotes } from './services/fees/quotes.js';
import { createPendingFees } from './services/fees/pending-fees.js';
import { createFeeRulesService } from './services/fees/fee-rules.js';

/** Everything the routes need, built once; tests build it with their own clock or adapters. */
export function createDeps(options: {
  config: Config;
  db: Database;
  logger: Logger;
  clock?: Clock;
  sms?: SmsSender;
  mail?: MailSender;
  /**
   * The council's id when one deployment serves several (councils/deployment.ts): its tokens
   * carry it, its figures are labelled with it.
   */
  councilId?: string;
  /**
   * The password threads, when one process serves several councils: one pool for all (the
   * cores are the process's, as the event loop is), started and closed by the deployment.
   */
  passwords?: Passwords;
}) {
  const { config, db, logger } = options;
  const councilId = options.councilId ?? null;
  const clock = options.clock ?? systemClock;
  const metrics = createMetrics(config.build, councilId);
  let retriesReported = 0;
  new Counter({
    name: 'portal_db_transaction_retries_total',
    help: 'Transactions run again after a conflict with a concurrent one (PostgreSQL).',
    registers: [metrics.registry],
    collect() {
      const retries = db.retries();
      this.inc(retries - retriesReported);
      retriesReported = retries;
    },
  });
  new Gauge({
    name: 'portal_db_waiting_calls',
    help: 'Calls waiting for a database connection now (the load shedding refuses new calls past SHED_DATABASE_WAITING).',
    registers: [metrics.registry],
    collect() {
      this.set(db.waiting());
    },
  });
  const repos = {
    users: createUsersRepo(db),
    config: createConfigRepo(db),
    audit: createAuditRepo(db, clock),
    outbox: createOutboxRepo(db),
    activities: createActivitiesRepo(db),
    enrolments: createEnrolmentsRepo(db),
    payments: createPaymentsRepo(db),
    persons: createPersonsRepo(db),
    jobLeases: createJobLeasesRepo(db),
    reminders: createRemindersRepo(db),
    accountData: createAccountDataRepo(db),
    refunds: createRefundsRepo(db),
    owedBack: createOwedBackRepo(db),
    sandboxLedger: createSandboxTransactionsRepo(db),
    applications: createApplicationsRepo(db),
    draws: createDrawsRepo(db),
    personMerges: createPersonMergeRepo(db),
    revokedTokens: createRevokedTokensRepo(db),
    fees: createFeesRepo(db),
    familyDifferences: createFamilyDifferencesRepo(db),
    circumstances: createCircumstancesRepo(db),
    idempotencyKeys: createIdempotencyKeysRepo(db),
  };
  const lists = createStaffLists(db);
  // fees by the council's rules: what the residents' activities call shows and the checkout charges
  const feeQuotes = createFeeQuotes({
    fees: repos.fees,
    circumstances: repos.circumstances,
    clock,
  });
  // what fees in parts owe back after a late approval or a change of the fee rules
  const owedBack = createOwedBack({ repo: repos.owedBack, quotes: feeQuotes });
  // family discounts no longer earned once a paying member is refunded or leaves
  const familyDifferences = createFamilyDifferences({
    fees: repos.fees,
    repo: repos.familyDifferences,
    payments: repos.payments,
  });
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  /** A key of its own for each use, derived from the server secret. */
  const derivedKey = (purpose: string) => createHmac('sha256', secret).update(purpose).digest();
  const tokens = createTokenService(secret, config.tokenTtlSeconds, () => clock.now(), councilId);
  const sessions = createSessions({
    tokens,
    users: repos.users,
    revoked: repos.revokedTokens,
  });
  const jobs = createJobRunner({
    leases: repos.jobLeases,
    clock,
    logger,
    lastSuccess: metrics.jobLastSuccess,
  });
  const sms = countedSms(options.sms ?? createSmsSender(config, repos.outbox, logger), metrics);
  const mail = options.mail ?? createMailSender(config, repos.outbox, logger);
  const limiter = createRateLimiter(createRateBucketsRepo(db), clock);
  const passwords =
    options.passwords ?? createPasswords({ maxWaiting: config.shedding.passwordsWaiting });
  const reauthenticate = createReauthentication({ limiter, audit: repos.audit, passwords });
  const devices = createDeviceTokens(derivedKey('login-devices/v1'), clock);
  const mfa = createMfa({
    db,
    mode: config.mfaForAdmins,
    issuer: config.council.name,
    users: repos.users,
    mfa: createMfaRepo(db),
    audit: repos.audit,
    tokens,
    limiter,
    box: createSecretBox(derivedKey('mfa-secrets/v1')),
    recoveryKey: derivedKey('mfa-recovery-codes/v1'),
    clock,
    devices,
    reauthenticate,
    logger,
  });
  const unsubscribe = createUnsubscribeTokens(derivedKey('reminders-unsubscribe/v1'));
  // residents: one-time codes under a key of their own (code hashes are useless without it)
  const codes = createOneTimeCodes({
    repo: createOneTimeCodesRepo(db),
    limiter,
    clock,
    key: derivedKey('one-time-codes/v1'),
  });
  const deliver = createCodeDelivery({ sms, mail, logger, smsSender: config.council.smsSender });
  const residentsShared = {
    db,
    audit: repos.audit,
    codes,
    limiter,
    deliver,
    persons: repos.persons,
    takeover: createHolderTakeover({
      persons: repos.persons,
      enrolments: repos.enrolments,
      audit: repos.audit,
      deliver,
      logger,
    }),
  };
  const contactChange = createContactChange({
    ...residentsShared,
    users: repos.users,
    reauthenticate,
    clock,
    logger,
  });
  const residents = {
    accounts: createAccountsService({
      ...residentsShared,
      clock,
      users: repos.users,
      tokens,
      devices,
      passwords,
      reauthenticate,
      secondStep: (user) => mfa.challenge(user),
      mustSetUpSecondFactor: (user) => mfa.mustSetUp(user),
      confirmEmail: (user, call) => contactChange.confirmAfterRegistration(user, call),
    }),
    persons: createPersonsService({
      ...residentsShared,
      config: repos.config,
      clock,
      users: repos.users,
      enrolments: repos.enrolments,
      quotes: feeQuotes,
      familyDifferences,
      owedBack: repos.owedBack,
    }),
    contactChange,
    myAccount: createMyAccount({ users: repos.users, clock }),
    dataRights: createDataRights({
      db,
      clock,
      users: repos.users,
      accountData: repos.accountData,
      reminders: repos.reminders,
      audit: repos.audit,
      limiter,
      reauthenticate,
    }),
  };
  const season = createSeason({
    db,
    clock,
    logger,
    repos,
    lists,
    // the draws' seeds are sealed at rest until each draw publishes its own
    box: createSecretBox(derivedKey('draw-seeds/v1')),
    drand: createDrandClient(config.drandUrl, { logger }),
    sms,
    mail,
    council: config.council,
    publicUrl: config.publicUrl,
    jobs,
    quotes: feeQuotes,
  });
  // staff
  const admin = {
    users: createAdminUsersService({
      db,
      users: repos.users,
      persons: repos.persons,
      lists,
      passwords,
      audit: repos.audit,
      clock,
    }),
    enrolments: createAdminEnrolmentsService({
      db,
      enrolments: repos.enrolments,
      applications: repos.applications,
      activities: repos.activities,
      lists,
      audit: repos.audit,
      quotes: feeQuotes,
      clock,
      familyDifferences,
    }),
    activities: createAdminActivitiesService({
      db,
      activities: repos.activities,
      lists,
      audit: repos.audit,
      season: season.hooks,
      draws: repos.draws,
      clock,
    }),
    audit: createAuditLogService({ lists }),
    upload: createEnrolmentImport({ db, audit: repos.audit, clock }),
    settings: createAdminSettingsService({
      db,
      config: repos.config,
      audit: repos.audit,
      hasCreditorData: config.council.sepa !== undefined,
    }),
  };
  // circumstances that reduce a fee: residents' proofs sealed under a key of their own
  const circumstances = createCircumstances({
    db,
    clock,
    logger,
    repo: repos.circumstances,
    persons: repos.persons,
    users: repos.users,
    settings: repos.config,
    audit: repos.audit,
    lists,
    limiter,
    box: createSecretBox(derivedKey('circumstance-documents/v1')),
    sms,
    mail,
    council: config.council,
    publicUrl: config.publicUrl,
    documentRetentionDays: config.documentRetentionDays,
    owedBack,
  });
  // SEPA direct debit: the residents' IBANs sealed under a key of their own
  const directDebit = createDirectDebit({
    db,
    clock,
    logger,
    settings: repos.config,
    audit: repos.audit,
    payments: repos.payments,
    users: repos.users,
    quotes: feeQuotes,
    box: createSecretBox(derivedKey('mandate-ibans/v1')),
    mail,
    sms,
    council: config.council,
    jobs,
    // the test bank answers where the sandbox card gateway does (outside production, or
    // ALLOW_SANDBOX_PAYMENTS on a closed staging site): config.redsys.sandbox
    sandboxBank: config.redsys.sandbox
      ? (pain008: string, at: Date) => sandboxBankAnswer(pain008, { at })
      : undefined,
  });
  /**
   * `stopping`: set when the process begins to shut down; `warming`: while a fresh process runs
   * its hot paths (http/warm-up.ts). Either way /ready answers 503 so traffic goes elsewhere.
   */
  const lifecycle = { stopping: false, warming: false };
  /** Notices the database going away (server.ts starts its timer); readiness asks it. */
  const databaseWatch = createDatabaseWatch({ db, logger });
  const deps = {
    config,
    db,
    logger,
    clock,
    repos,
    tokens,
    sessions,
    passwords,
    derivedKey,
    limiter,
    devices,
    settings: createSettingsService(repos.config, clock, feeQuotes.mode),
    fees: {
      quotes: feeQuotes,
      rules: createFeeRulesService({ db, fees: repos.fees, audit: repos.audit, owedBack }),
    },
    jobs,
    lifecycle,
    databaseWatch,
    readiness: createReadiness({ db, logger, lifecycle, databaseWatch }),
    residents,
    admin,
    season,
    circumstances,
    directDebit,
    metrics,
    sms,
    mail,
    payments: createPaymentServices({
      config,
      db,
      clock,
      logger,
      mail,
      jobs,
      limiter,
      repos,
      lists,
      gateway: createRedsysClient(config.redsys),
      quotes: feeQuotes,
      documents: circumstances.documents,
      mandateIbans: directDebit.lifecycle,
      familyDifferences,
    }),
    unsubscribe,
    devOutbox: createDevOutbox({ outbox: repos.outbox }),
    mfa,
    summary: createSummaryService({
      summary: createSummaryRepo(db),
      clock,
      pending: createPendingFees({ fees: repos.fees, circumstances: repos.circumstances, clock }),
      differences: repos.familyDifferences,
    }),
    reminders: createReminders({
      config,
      clock,
      settings: repos.config,
      reminders: repos.reminders,
      sms,
      mail,
      unsubscribe,
      users: repos.users,
      audit: repos.audit,
      jobs,
      logger,
      quotes: feeQuotes,
    }),
  };
  return { ...deps, warmUp: createWarmUp(deps) };
}

export type Deps = ReturnType<typeof createDeps>;

/** Every text message handed to the adapter is counted (they cost money). */
function countedSms(sender: SmsSender, metrics: Metrics): SmsSender {
  return {
    async send(to, body, purpose = 'code', from) {
      await sender.send(to, body, purpose, from);
      metrics.sms.inc({ purpose });
    },
  };
}

function createSmsSender(
  config: Config,
  outbox: ReturnType<typeof createOutboxRepo>,
  logger: Logger,
): SmsSender {
  switch (config.sms.adapter) {
    case 'outbox':
      return createOutboxSms(outbox, logger);
    case 'twilio':
      // config.ts guarantees the credentials when the adapter is twilio
      if (!config.sms.twilio) throw new Error('SMS_ADAPTER=twilio without Twilio credentials');
      return createTwilioSms(config.sms.twilio, logger);
    default:
      throw new Error(`SMS adapter "${String(config.sms.adapter)}" is not available in this build`);
  }
}

function createMailSender(
  config: Config,
  outbox: ReturnType<typeof createOutboxRepo>,
  logger: Logger,
): MailSender {
  switch (config.mail.adapter) {
    case 'outbox':
      return createOutboxMail(outbox, logger);
    case 'smtp':
      if (!config.mail.smtp) throw new Error('MAIL_ADAPTER=smtp without SMTP settings');
      return createSmtpMail({ ...config.mail.smtp, from: config.mail.from }, logger);
    default:
      throw new Error(
        `Mail adapter "${String(config.mail.adapter)}" is not available in this build`,
      );
  }
}
