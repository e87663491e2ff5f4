import type { GatewayClient } from '../../adapters/payment-gateway/gateway-client.js';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { Config } from '../../config.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { StaffLists } from '../../data/lists/index.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import { createResidentPayments } from './resident-payments.js';
import { createStaffPayments } from './staff-payments.js';
import type { SandboxLedger } from '../../adapters/payment-gateway/sandbox/bank.js';
import type { UsersRepo } from '../../data/users-repo.js';
import type { RevokedTokensRepo } from '../../data/revoked-tokens-repo.js';
import type { IdempotencyKeysRepo } from '../../data/idempotency-keys-repo.js';
import { IDEMPOTENCY_KEY_MS } from '../idempotency.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { createCheckoutService } from './checkout.js';
import { createRemittancesRepo } from '../../data/remittances-repo.js';
import type { RateLimiter } from '../rate-limiter.js';
import { createNotificationService, REJECTED_KEPT_DAYS } from './notifications.js';
import { createPaymentResults } from './payment-results.js';
import { createReceipts } from './receipts.js';
import { createReconciliation } from './reconciliation.js';
import { createRefunds } from './refunds.js';
import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import { createSandboxBank } from '../../adapters/payment-gateway/sandbox/bank.js';
import { createAuditRetention } from '../audit-retention.js';
import type { FeeQuotes } from '../fees/quotes.js';
import type { DocumentVault } from '../circumstances/documents.js';
import type { MandateLifecycle } from '../direct-debit/mandate-lifecycle.js';
import type { FamilyDifferences } from './family-differences.js';

/** The payments area's services, built once per app; the reconciliation job registers here. */
export function createPaymentServices(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  mail: MailSender;
  jobs: JobRunner;
  limiter: RateLimiter;
  repos: {
    payments: PaymentsRepo;
    audit: AuditRepo;
    users: UsersRepo;
    config: ConfigRepo;
    refunds: RefundsRepo;
    owedBack: OwedBackRepo;
    sandboxLedger: SandboxLedger;
    applications: ApplicationsRepo;
    revokedTokens: Pick<RevokedTokensRepo, 'prune'>;
    idempotencyKeys: Pick<IdempotencyKeysRepo, 'prune'>;
  };
  /** Redsys's REST and SOAP calls (refunds, transaction queries), or the sandbox bank's. */
  gateway: GatewayClient;
  lists: Pick<StaffLists, 'payments'>;
  /** Fees by the council's rules (services/fees), which the checkout charges in the rules mode. */
  quotes: Pick<FeeQuotes, 'forPeople'>;
  /** Residents' proofs of circumstances, deleted some days after the decision. */
  documents: Pick<DocumentVault, 'prune'>;
  /** SEPA mandates' IBANs, erased 14 months after their last debit once no longer usable. */
  mandateIbans: Pick<MandateLifecycle, 'eraseIbans'>;
  /** Family discounts no longer earned once a refund makes a paying member's fees pending. */
  familyDifferences: Pick<
    FamilyDifferences,
    'afterRefund' | 'afterPaid' | 'stillOpen' | 'payItem' | 'toPay'
  >;
}) {
  const { config, db, clock, logger, repos } = deps;
  const results = createPaymentResults({
    payments: repos.payments,
    audit: repos.audit,
    applications: repos.applications,
    afterPaid: deps.familyDifferences.afterPaid,
    differences: deps.familyDifferences,
  });
  const { gateway } = deps;
  const receipts = createReceipts({
    config,
    clock,
    payments: repos.payments,
    users: repos.users,
    mail: deps.mail,
    logger,
  });
  /** After a payment became paid: its confirmation e-mail, never holding up the caller. */
  const afterPaid = (paymentId: number) =>
    receipts.mailConfirmation(paymentId).catch((err: unknown) =>
      logger.error('payment confirmation e-mail failed', {
        payment: paymentId,
        error: String(err),
      }),
    );
  const reconciliation = createReconciliation({
    db,
    clock,
    payments: repos.payments,
    results,
    gateway,
    audit: repos.audit,
    logger,
    afterMinutes: config.reconcile.afterMinutes,
    everyMinutes: config.reconcile.everyMinutes,
    onPaid: async (id) => void afterPaid(id),
  });
  deps.jobs.register({
    name: 'reconcile',
    everyMs: config.reconcile.everyMinutes * 60_000,
    ttlMs: 10 * 60_000,
    run: async () => ({
      ...(await reconciliation.runDue()),
      receipts_mailed: await receipts.mailPending(),
    }),
  });
  const auditRetention = createAuditRetention({ audit: repos.audit, clock, ...config.audit });
  // public requests that failed their signature, throttling counts whose window has ended,
  // logged-out tokens that have expired anyway, audit entries past their retention period,
  // residents' proofs of circumstances past theirs (DOCUMENT_RETENTION_DAYS after the decision),
  // the IBANs of mandates no longer usable 14 months after their last debit,
  // and idempotency keys older than a day
  deps.jobs.register({
    name: 'housekeeping',
    everyMs: 60 * 60_000,
    ttlMs: 10 * 60_000,
    run: async () => {
      const before = new Date(clock.now().getTime() - REJECTED_KEPT_DAYS * 86_400_000);
      return {
        rejected_notifications_pruned: await repos.payments.pruneRejectedNotifications(
          before.toISOString(),
        ),
        rate_buckets_pruned: await deps.limiter.prune(),
        audit_entries_pruned: await auditRetention.prune(),
        revoked_tokens_pruned: await repos.revokedTokens.prune(clock.now().toISOString()),
        circumstance_documents_deleted: await deps.documents.prune(),
        mandate_ibans_erased: await deps.mandateIbans.eraseIbans(),
        idempotency_keys_pruned: await repos.idempotencyKeys.prune(
          new Date(clock.now().getTime() - IDEMPOTENCY_KEY_MS).toISOString(),
        ),
      };
    },
  });
  const refundsRepo = repos.refunds;
  return {
    results,
    gateway,
    receipts,
    reconciliation,
    afterPaid,
    refunds: createRefunds({
      db,
      clock,
      payments: repos.payments,
      refunds: refundsRepo,
      gateway,
      audit: repos.audit,
      owedBack: repos.owedBack,
      afterUnpaid: deps.familyDifferences.afterRefund,
    }),
    notifications: createNotificationService({
      db,
      clock,
      secret: config.redsys.secret,
      payments: repos.payments,
      results,
    }),
    checkout: createCheckoutService({
      db,
      config,
      clock,
      payments: repos.payments,
      settings: repos.config,
      audit: repos.audit,
      quotes: deps.quotes,
      remittances: createRemittancesRepo(db),
      differences: deps.familyDifferences,
    }),
    sandboxBank: createSandboxBank({
      transaction: (fn) => db.transaction(fn),
      clock,
      redsys: config.redsys,
      transactions: repos.sandboxLedger,
    }),
    refundsRepo,
    resident: createResidentPayments({ payments: repos.payments, refunds: refundsRepo }),
    staff: createStaffPayments({
      payments: repos.payments,
      refunds: refundsRepo,
      owedBack: repos.owedBack,
      lists: deps.lists,
    }),
  };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;
