import type { Deps } from '../../deps.js';
import { createOneTimeCodesRepo } from '../../data/one-time-codes-repo.js';
import { createOneTimeCodes } from '../one-time-codes.js';
import { createAccountsService } from './accounts.js';
import { createCodeDelivery } from './code-delivery.js';
import { createContactChange } from './contact-change.js';
import { createDataRights } from './data-rights.js';
import { createPersonsService } from './persons.js';

/** Builds the residents' services from the app's dependencies. */
export function createResidentsServices(deps: Deps) {
  const limiter = deps.limiter;
  // a key of its own, derived from the server secret: code hashes are useless without it
  const codeKey = deps.derivedKey('one-time-codes/v1');
  const codes = createOneTimeCodes({
    repo: createOneTimeCodesRepo(deps.db),
    limiter,
    clock: deps.clock,
    key: codeKey,
  });
  const persons = deps.repos.persons;
  const deliver = createCodeDelivery(deps);
  const shared = {
    db: deps.db,
    audit: deps.repos.audit,
    codes,
    limiter,
    deliver,
    logger: deps.logger,
    persons,
  };
  return {
    accounts: createAccountsService({
      ...shared,
      users: deps.repos.users,
      tokens: deps.tokens,
      mail: deps.mail,
      devices: deps.devices,
      secondStep: (user) => deps.mfa.challenge(user),
      mustSetUpSecondFactor: (user) => deps.mfa.mustSetUp(user),
    }),
    persons: createPersonsService({ ...shared, config: deps.repos.config }),
    contactChange: createContactChange({ ...shared, users: deps.repos.users, mail: deps.mail }),
    dataRights: createDataRights({
      db: deps.db,
      clock: deps.clock,
      users: deps.repos.users,
      accountData: deps.repos.accountData,
      reminders: deps.repos.reminders,
      audit: deps.repos.audit,
      limiter,
    }),
  };
}

export type ResidentsServices = ReturnType<typeof createResidentsServices>;
