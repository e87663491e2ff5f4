import type { AuditRepo } from '../data/audit-repo.js';
import type { Clock } from '../lib/clock.js';

/**
 * The audit actions that are accounting records, kept AUDIT_ACCOUNTING_RETENTION_YEARS: payments
 * (orders, results, expiries, bank checks, refunds: `payment.…`), activities (their prices) and
 * the payment settings (discount, deadline, payments on or off: `config.…`). Receipts are mailed
 * from the payments, which are never pruned. Every other entry (logins, codes, staff's other
 * changes, the season) is kept AUDIT_RETENTION_DAYS.
 */
export const ACCOUNTING_ACTION_PREFIXES = ['payment.', 'activity.', 'config.'] as const;

/**
 * The housekeeping job's pruning of the audit log. Only audit entries go: the payment tables
 * themselves are never pruned, whatever their age.
 */
export function createAuditRetention(deps: {
  audit: AuditRepo;
  clock: Clock;
  retentionDays: number;
  accountingRetentionYears: number;
}) {
  return {
    /** Deletes the entries past their period; answers how many. */
    prune(): Promise<number> {
      const now = deps.clock.now();
      const before = new Date(now.getTime() - deps.retentionDays * 86_400_000);
      const accounting = new Date(now);
      accounting.setUTCFullYear(now.getUTCFullYear() - deps.accountingRetentionYears);
      // an accounting entry is never kept shorter than any other
      const accountingBefore = accounting < before ? accounting : before;
      return deps.audit.prune({
        before: before.toISOString(),
        accountingBefore: accountingBefore.toISOString(),
        accountingPrefixes: ACCOUNTING_ACTION_PREFIXES,
      });
    },
  };
}
