import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { StaffLists } from '../../data/lists/index.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import type { RateLimiter } from '../rate-limiter.js';
import { createCircumstanceCatalogue } from './catalogue.js';
import { createDecisionMessages } from './decision-messages.js';
import type { OwedBack } from '../fees/owed-back.js';
import { createOwedBackMessage } from './owed-back-message.js';
import { createDocumentVault } from './documents.js';
import { createCircumstanceImport } from './import.js';
import { createCircumstanceRequests } from './requests.js';
import { createCircumstanceReview } from './review.js';
import { createHouseholdRequests } from './household.js';

/**
 * The circumstances area (issue 48), built once per app: the council's list, residents'
 * requests, staff's review, counter and import, and the documents' vault, whose `prune` the
 * housekeeping job runs. The prices they lead to are services/fees' business.
 */
export function createCircumstances(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  repo: CircumstancesRepo;
  persons: Pick<PersonsRepo, 'findLinked' | 'findById' | 'listForUser'>;
  users: Pick<UsersRepo, 'findById'>;
  settings: Pick<ConfigRepo, 'get'>;
  audit: AuditRepo;
  lists: Pick<StaffLists, 'circumstanceRequests'>;
  limiter: RateLimiter;
  /** Under a key of its own (deps.ts: circumstance-documents/v1). */
  box: SecretBox;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  documentRetentionDays: number;
  /** What fees in parts owe back after a late reduction (services/fees/owed-back.ts). */
  owedBack?: Pick<OwedBack, 'recompute'>;
}) {
  const { db, clock, repo, audit } = deps;
  const vault = createDocumentVault({
    repo,
    box: deps.box,
    clock,
    retentionDays: deps.documentRetentionDays,
  });
  const messages = createDecisionMessages({
    users: deps.users,
    settings: deps.settings,
    sms: deps.sms,
    mail: deps.mail,
    council: deps.council,
    publicUrl: deps.publicUrl,
    retentionDays: deps.documentRetentionDays,
    logger: deps.logger,
  });
  const household = createHouseholdRequests({
    db,
    repo,
    persons: deps.persons,
    vault,
    limiter: deps.limiter,
    audit,
    clock,
  });
  return {
    catalogue: createCircumstanceCatalogue({ db, repo, audit, clock }),
    household,
    requests: createCircumstanceRequests({
      db,
      repo,
      persons: deps.persons,
      vault,
      limiter: deps.limiter,
      audit,
      clock,
    }),
    review: createCircumstanceReview({
      db,
      repo,
      lists: deps.lists,
      persons: deps.persons,
      vault,
      messages,
      owedBack: deps.owedBack
        ? createOwedBackMessage({
            owedBack: deps.owedBack,
            users: deps.users,
            settings: deps.settings,
            sms: deps.sms,
            mail: deps.mail,
            council: deps.council,
            publicUrl: deps.publicUrl,
            logger: deps.logger,
          })
        : undefined,
      audit,
      clock,
      household,
    }),
    holders: createCircumstanceImport({ db, repo, audit, clock }),
    documents: vault,
  };
}

export type Circumstances = ReturnType<typeof createCircumstances>;
