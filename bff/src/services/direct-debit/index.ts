import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import { createMandatesRepo } from '../../data/mandates-repo.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import { createRemittancesRepo } from '../../data/remittances-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import type { FeeQuotes } from '../fees/quotes.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { createCollection } from './collection.js';
import { createDirectDebits } from './debits.js';
import { createMandateLifecycle } from './mandate-lifecycle.js';
import { createMandates } from './mandates.js';
import { createDirectDebitNotifier } from './notify.js';
import type { Creditor } from './pain008.js';
import { createRemittances } from './remittances.js';
import { createReturns } from './returns.js';

/** SEPA direct debit (docs/direct-debit.md): mandates, domiciled fees, remittances. */
export function createDirectDebit(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  settings: ConfigRepo;
  audit: AuditRepo;
  payments: PaymentsRepo;
  users: UsersRepo;
  quotes: Pick<FeeQuotes, 'forPerson' | 'quotesOf'>;
  box: SecretBox;
  mail: MailSender;
  sms: SmsSender;
  council: { name: string; smsSender: string; sepa?: Creditor | undefined };
  jobs: Pick<JobRunner, 'register'>;
  /** The sandbox bank's answer to a pain.008, only where sandbox payments are on. */
  sandboxBank?: ((pain008: string, at: Date) => string) | undefined;
}) {
  const repo = createMandatesRepo(deps.db);
  const remittancesRepo = createRemittancesRepo(deps.db);
  const creditor = deps.council.sepa;
  const notify = createDirectDebitNotifier({ ...deps, council: deps.council });
  const mandates = createMandates({ ...deps, repo, creditor });
  const debits = createDirectDebits({
    ...deps,
    repo,
    remittances: remittancesRepo,
    notify,
    creditorId: creditor?.creditorId ?? null,
  });
  const collection = createCollection({
    ...deps,
    repo: remittancesRepo,
    mandatesRepo: repo,
    creditorId: creditor?.creditorId ?? null,
  });
  deps.jobs.register({
    name: 'direct-debit-collection',
    everyMs: 60 * 60_000,
    ttlMs: 10 * 60_000,
    run: () => collection.collectDue(),
  });
  // a mandate unused for 36 months lapses (daily is enough: whole days decide); its IBAN is
  // erased 14 months after its last debit by the housekeeping job (services/payments)
  const lifecycle = createMandateLifecycle({ ...deps, repo, notify });
  deps.jobs.register({
    name: 'direct-debit-lapse',
    everyMs: 6 * 60 * 60_000,
    ttlMs: 10 * 60_000,
    run: () => lifecycle.lapseUnused(),
  });
  const remittances = createRemittances({
    ...deps,
    repo: remittancesRepo,
    mandatesRepo: repo,
    mandates,
    debits,
    creditor,
    collect: collection.collect,
  });
  const returns = createReturns({
    ...deps,
    repo: remittancesRepo,
    mandatesRepo: repo,
    notify,
    collect: collection.collect,
  });
  return { mandates, debits, remittances, collection, returns, lifecycle };
}

export type DirectDebit = ReturnType<typeof createDirectDebit>;
