import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import { owedBack, parseParts } from './parts.js';
import type { FeeQuotes } from './quotes.js';

/** A fee that owes more back than it did: what it owes now. */
export interface OwedBackNow {
  activity_id: number;
  name: string;
  owed_back_cents: number;
}

/**
 * What a person's fees in parts owe back, worked out again from the database (never kept in
 * the process): for each fee with paid parts, what they charged less what was already given back
 * of it, above the fee as the rules make it now (`owedBack` in parts.ts). Called once a decision
 * on a circumstance is committed; answers the fees that now owe more than they did, so the
 * resident can be told. In the simple mode (no rules) nothing is ever owed back.
 */
export function createOwedBack(deps: {
  repo: Pick<OwedBackRepo, 'paidParts' | 'set' | 'peopleWithPaidParts'>;
  quotes: Pick<FeeQuotes, 'forPerson'>;
}) {
  const service = {
    async recompute(enrolmentId: number): Promise<OwedBackNow[]> {
      const rows = await deps.repo.paidParts(enrolmentId);
      if (rows.length === 0) return [];
      const fees = await deps.quotes.forPerson(enrolmentId);
      if (!fees) return [];
      const grown: OwedBackNow[] = [];
      for (const row of rows) {
        const quote = fees.quotes.get(row.activity_id);
        if (!quote || row.paid_amount_cents === null) continue;
        const owed = owedBack(parseParts(row.parts), quote.amount_cents, {
          partsPaid: row.parts_paid,
          paidCents: row.paid_amount_cents - row.refunded_back_cents,
          registrationPaidCents: row.registration_fee_paid_cents,
        });
        if (owed === row.owed_back_cents) continue;
        // a refund of it that went on meanwhile wins: the next decision works it out again
        if (!(await deps.repo.set(row, row.owed_back_cents, owed))) continue;
        if (owed > row.owed_back_cents)
          grown.push({ activity_id: row.activity_id, name: row.name, owed_back_cents: owed });
      }
      return grown;
    },

    /**
     * After the fee rules change (`PUT /admin/fee-rules`, in its transaction): every fee in parts
     * with paid parts worked out again, since a council-wide rule, a group's or a family step can
     * change any of them. The parts not yet paid need nothing: they are priced on read, what was
     * paid plus what is due making the fee as the rules make it now; only what the paid parts
     * charged above it is kept (owed back). Answers the fees that now owe more than they did.
     */
    async recomputeEveryone(): Promise<(OwedBackNow & { enrolment_id: number })[]> {
      const grown = [];
      for (const enrolmentId of await deps.repo.peopleWithPaidParts())
        for (const fee of await service.recompute(enrolmentId))
          grown.push({ ...fee, enrolment_id: enrolmentId });
      return grown;
    },
  };
  return service;
}

export type OwedBack = ReturnType<typeof createOwedBack>;
