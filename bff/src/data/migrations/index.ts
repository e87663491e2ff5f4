import type { Database } from '../database.js';
import { sql as initial } from './001-initial.js';
import { sql as initialPostgres } from './001-initial.postgres.js';
import { sql as paymentsPaidAt } from './030-payments-paid-at.js';
import { sql as paymentsPaidAtPostgres } from './030-payments-paid-at.postgres.js';
import {
  backfillVerificationCodes,
  postgres as moneyAfterPaymentPostgres,
  sqlite as moneyAfterPayment,
} from './050-money-after-payment.js';
import { postgres as adminMfaPostgres, sqlite as adminMfa } from './080-admin-mfa.js';
import { postgres as listPagingPostgres, sqlite as listPaging } from './090-list-paging.js';
import {
  postgres as redundantIndexPostgres,
  sqlite as redundantIndex,
} from './100-redundant-index.js';
import {
  postgres as shorterSearchKeyPostgres,
  sqlite as shorterSearchKey,
} from './110-shorter-search-key.js';
import {
  postgres as paymentsSearchPostgres,
  sqlite as paymentsSearch,
} from './120-payments-search.js';
import {
  postgres as nameSortKeysPostgres,
  sqlite as nameSortKeys,
  writeNameSortKeys,
} from './130-name-sort-keys.js';
import {
  postgres as nameIndexesHoldSearchKeyPostgres,
  sqlite as nameIndexesHoldSearchKey,
} from './150-name-indexes-hold-search-key.js';
import {
  postgres as postgresNameIndexesIncludeSearchKeyPostgres,
  sqlite as postgresNameIndexesIncludeSearchKey,
} from './160-postgres-name-indexes-include-search-key.js';
import {
  postgres as paymentAndActivitySortKeysPostgres,
  sqlite as paymentAndActivitySortKeys,
  writePaymentAndActivitySortKeys,
} from './170-payment-and-activity-sort-keys.js';
import { postgres as rateBucketsPostgres, sqlite as rateBuckets } from './180-rate-buckets.js';
import {
  postgres as remindersOnAtPostgres,
  sqlite as remindersOnAt,
} from './190-reminders-on-at.js';
import { composeNames, postgres as namesNfcPostgres, sqlite as namesNfc } from './200-names-nfc.js';
import {
  postgres as contactChangeCodesPostgres,
  sqlite as contactChangeCodes,
} from './210-contact-change-codes.js';
import { dniOptional, postgres as seasonPostgres, sqlite as season } from './220-season.js';
import { postgres as auditRepeatsPostgres, sqlite as auditRepeats } from './240-audit-repeats.js';
import {
  postgres as confirmedEmailAndLogoutPostgres,
  sqlite as confirmedEmailAndLogout,
} from './250-confirmed-email-and-logout.js';
import { postgres as feesPostgres, sqlite as fees } from './300-fees.js';
import { postgres as claimsPostgres, sqlite as claims } from './340-claims.js';
import {
  postgres as circumstanceHistoryPostgres,
  sqlite as circumstanceHistory,
} from './310-circumstance-history.js';
import {
  postgres as drawPublicValuePostgres,
  sqlite as drawPublicValue,
} from './320-draw-public-value.js';
import { postgres as jointPostgres, sqlite as joint } from './330-joint-applications.js';
import {
  postgres as seasonNoticesPostgres,
  sqlite as seasonNotices,
} from './350-season-notices.js';
import {
  postgres as activityTextsPostgres,
  sqlite as activityTexts,
} from './360-activity-texts.js';
import {
  postgres as noticeWithdrawnPostgres,
  sqlite as noticeWithdrawn,
} from './380-notice-withdrawn.js';
import {
  postgres as idempotencyKeysPostgres,
  sqlite as idempotencyKeys,
} from './390-idempotency-keys.js';
import { postgres as bizumPostgres, sqlite as bizum } from './400-bizum.js';
import { postgres as feePartsPostgres, sqlite as feeParts } from './410-fee-parts.js';
import { postgres as familyPostgres, sqlite as family } from './470-family.js';
import {
  postgres as oneIdentityKeyPostgres,
  sqlite as oneIdentityKey,
  writeSkeletonKeys,
} from './420-one-identity-key.js';
import {
  postgres as reductionsByAgePostgres,
  sqlite as reductionsByAge,
} from './450-reductions-by-age-and-group.js';
import {
  postgres as registrationFeePostgres,
  sqlite as registrationFee,
} from './460-registration-fee.js';
import {
  postgres as directDebitRegistrationFeePostgres,
  sqlite as directDebitRegistrationFee,
} from './485-direct-debit-registration-fee.js';
import { postgres as owedBackPostgres, sqlite as owedBack } from './490-owed-back.js';
import {
  postgres as familyDifferencePaymentsPostgres,
  sqlite as familyDifferencePayments,
} from './510-family-difference-payments.js';
import {
  postgres as ageNeverHouseholdPostgres,
  sqlite as ageNeverHousehold,
} from './560-age-never-household.js';
import {
  postgres as remittanceItemsPersonPostgres,
  sqlite as remittanceItemsPerson,
} from './570-remittance-items-person.js';
import {
  postgres as onePersonPostgres,
  sqlite as onePerson,
  writeIdentityKeys,
} from './230-one-person.js';
import {
  postgres as nTildeOrderPostgres,
  rewriteNameSortKeys,
  sqlite as nTildeOrder,
} from './140-n-tilde-order.js';
import {
  backfillSearchKeys,
  rewriteEnrolmentSearchKeys,
  postgres as listSearchPostgres,
  sqlite as listSearch,
} from './070-list-search.js';
import {
  postgres as remindersAndDataRightsPostgres,
  sqlite as remindersAndDataRights,
} from './060-reminders-and-data-rights.js';
import {
  backfillPersonKeys,
  postgres as processesPostgres,
  sqlite as processes,
} from './040-processes.js';
import {
  postgres as directDebitPostgres,
  sqlite as directDebit,
  widenPaymentChecks,
} from './480-direct-debit.js';

/**
 * One migration, the same in intent on both engines: its SQLite and PostgreSQL scripts side by
 * side (DDL is where the dialects truly differ), and an optional step in code for data.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
  after?: (db: Database) => Promise<void>;
  /** SQLite: rebuilds a table, so foreign keys are off while it runs (checked after). */
  rebuildsTables?: boolean;
}

/** Ordered, append-only. Never edit a released migration: add the next one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial', sqlite: initial, postgres: initialPostgres },
  {
    version: 30,
    name: 'payments-paid-at',
    sqlite: paymentsPaidAt,
    postgres: paymentsPaidAtPostgres,
  },
  {
    version: 40,
    name: 'processes',
    sqlite: processes,
    postgres: processesPostgres,
    after: backfillPersonKeys,
  },
  {
    version: 50,
    name: 'money-after-payment',
    sqlite: moneyAfterPayment,
    postgres: moneyAfterPaymentPostgres,
    after: backfillVerificationCodes,
    rebuildsTables: true,
  },
  {
    version: 60,
    name: 'reminders-and-data-rights',
    sqlite: remindersAndDataRights,
    postgres: remindersAndDataRightsPostgres,
  },
  {
    version: 70,
    name: 'list-search',
    sqlite: listSearch,
    postgres: listSearchPostgres,
    after: backfillSearchKeys,
  },
  { version: 80, name: 'admin-mfa', sqlite: adminMfa, postgres: adminMfaPostgres },
  { version: 90, name: 'list-paging', sqlite: listPaging, postgres: listPagingPostgres },
  {
    version: 100,
    name: 'redundant-index',
    sqlite: redundantIndex,
    postgres: redundantIndexPostgres,
  },
  {
    version: 110,
    name: 'shorter-search-key',
    sqlite: shorterSearchKey,
    postgres: shorterSearchKeyPostgres,
    after: rewriteEnrolmentSearchKeys,
  },
  {
    version: 120,
    name: 'payments-search',
    sqlite: paymentsSearch,
    postgres: paymentsSearchPostgres,
  },
  {
    version: 130,
    name: 'name-sort-keys',
    sqlite: nameSortKeys,
    postgres: nameSortKeysPostgres,
    after: writeNameSortKeys,
  },
  {
    version: 140,
    name: 'n-tilde-order',
    sqlite: nTildeOrder,
    postgres: nTildeOrderPostgres,
    after: rewriteNameSortKeys,
  },
  {
    version: 150,
    name: 'name-indexes-hold-search-key',
    sqlite: nameIndexesHoldSearchKey,
    postgres: nameIndexesHoldSearchKeyPostgres,
  },
  {
    version: 160,
    name: 'postgres-name-indexes-include-search-key',
    sqlite: postgresNameIndexesIncludeSearchKey,
    postgres: postgresNameIndexesIncludeSearchKeyPostgres,
  },
  {
    version: 170,
    name: 'payment-and-activity-sort-keys',
    sqlite: paymentAndActivitySortKeys,
    postgres: paymentAndActivitySortKeysPostgres,
    after: writePaymentAndActivitySortKeys,
  },
  { version: 180, name: 'rate-buckets', sqlite: rateBuckets, postgres: rateBucketsPostgres },
  { version: 190, name: 'reminders-on-at', sqlite: remindersOnAt, postgres: remindersOnAtPostgres },
  {
    version: 200,
    name: 'names-nfc',
    sqlite: namesNfc,
    postgres: namesNfcPostgres,
    after: composeNames,
  },
  {
    version: 210,
    name: 'contact-change-codes',
    sqlite: contactChangeCodes,
    postgres: contactChangeCodesPostgres,
    rebuildsTables: true,
  },
  {
    version: 220,
    name: 'season',
    sqlite: season,
    postgres: seasonPostgres,
    after: dniOptional,
  },
  {
    version: 230,
    name: 'one-person',
    sqlite: onePerson,
    postgres: onePersonPostgres,
    after: writeIdentityKeys,
  },
  { version: 240, name: 'audit-repeats', sqlite: auditRepeats, postgres: auditRepeatsPostgres },
  {
    version: 250,
    name: 'confirmed-email-and-logout',
    sqlite: confirmedEmailAndLogout,
    postgres: confirmedEmailAndLogoutPostgres,
  },
  { version: 300, name: 'fees', sqlite: fees, postgres: feesPostgres },
  {
    version: 310,
    name: 'circumstance-history',
    sqlite: circumstanceHistory,
    postgres: circumstanceHistoryPostgres,
  },
  {
    version: 320,
    name: 'draw-public-value',
    sqlite: drawPublicValue,
    postgres: drawPublicValuePostgres,
  },
  { version: 330, name: 'joint-applications', sqlite: joint, postgres: jointPostgres },
  { version: 340, name: 'claims', sqlite: claims, postgres: claimsPostgres },
  { version: 350, name: 'season-notices', sqlite: seasonNotices, postgres: seasonNoticesPostgres },
  { version: 360, name: 'activity-texts', sqlite: activityTexts, postgres: activityTextsPostgres },
  {
    version: 380,
    name: 'notice-withdrawn',
    sqlite: noticeWithdrawn,
    postgres: noticeWithdrawnPostgres,
  },
  {
    version: 390,
    name: 'idempotency-keys',
    sqlite: idempotencyKeys,
    postgres: idempotencyKeysPostgres,
  },
  { version: 400, name: 'bizum', sqlite: bizum, postgres: bizumPostgres },
  { version: 410, name: 'fee-parts', sqlite: feeParts, postgres: feePartsPostgres },
  {
    version: 420,
    name: 'one-identity-key',
    sqlite: oneIdentityKey,
    postgres: oneIdentityKeyPostgres,
    after: writeSkeletonKeys,
  },
  {
    version: 450,
    name: 'reductions-by-age-and-group',
    sqlite: reductionsByAge,
    postgres: reductionsByAgePostgres,
    rebuildsTables: true,
  },
  {
    version: 460,
    name: 'registration-fee',
    sqlite: registrationFee,
    postgres: registrationFeePostgres,
  },
  {
    version: 470,
    name: 'family',
    sqlite: family,
    postgres: familyPostgres,
    rebuildsTables: true,
  },
  {
    version: 480,
    name: 'direct-debit',
    sqlite: directDebit,
    postgres: directDebitPostgres,
    after: widenPaymentChecks,
    rebuildsTables: true,
  },
  {
    version: 485,
    name: 'direct-debit-registration-fee',
    sqlite: directDebitRegistrationFee,
    postgres: directDebitRegistrationFeePostgres,
  },
  { version: 490, name: 'owed-back', sqlite: owedBack, postgres: owedBackPostgres },
  {
    version: 510,
    name: 'family-difference-payments',
    sqlite: familyDifferencePayments,
    postgres: familyDifferencePaymentsPostgres,
  },
  {
    version: 560,
    name: 'age-never-household',
    sqlite: ageNeverHousehold,
    postgres: ageNeverHouseholdPostgres,
  },
  {
    version: 570,
    name: 'remittance-items-person',
    sqlite: remittanceItemsPerson,
    postgres: remittanceItemsPersonPostgres,
  },
];
