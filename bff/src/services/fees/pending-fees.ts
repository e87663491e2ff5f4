import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { FamilyFeeRow, FeesRepo } from '../../data/fees-repo.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import type { Approval } from './compute.js';
import { parseParts, registrationDue, splitEnrolledFee } from './parts.js';
import { createPricing } from './quotes.js';

/** What the unpaid fees of one activity leave pending: items (a whole fee, or a part) and cents. */
export interface ActivityPending {
  items: number;
  cents: number;
}

/** A person's family: everyone an account managing them manages (themselves alone without one). */
function familiesOf(
  rows: readonly FamilyFeeRow[],
  managers: readonly { user_id: number; enrolment_id: number }[],
) {
  const accountsOf = new Map<number, number[]>();
  const peopleOf = new Map<number, Set<number>>();
  for (const { user_id, enrolment_id } of managers) {
    accountsOf.set(enrolment_id, [...(accountsOf.get(enrolment_id) ?? []), user_id]);
    peopleOf.set(user_id, (peopleOf.get(user_id) ?? new Set()).add(enrolment_id));
  }
  const rowsOf = new Map<number, FamilyFeeRow[]>();
  for (const row of rows)
    rowsOf.set(row.enrolment_id, [...(rowsOf.get(row.enrolment_id) ?? []), row]);
  // one list per set of accounts, so the family's places in a fee group are ranked once
  const byAccounts = new Map<string, FamilyFeeRow[]>();
  return (person: number): FamilyFeeRow[] => {
    const accounts = [...(accountsOf.get(person) ?? [])].sort((a, b) => a - b);
    if (accounts.length === 0) return rowsOf.get(person) ?? [];
    const key = accounts.join(',');
    let family = byAccounts.get(key);
    if (!family) {
      const people = new Set(accounts.flatMap((id) => [...(peopleOf.get(id) ?? [])]));
      family = [...people].flatMap((id) => rowsOf.get(id) ?? []);
      byAccounts.set(key, family);
    }
    return family;
  };
}

/**
 * The money pending under the council's rules, computed, not estimated: every unpaid fee priced
 * as the checkout would charge it now (compute.ts through quotes.ts's pricing: the person's age
 * band, approvals in force today and place among the family's fees), a fee in parts as its parts
 * still due (parts.ts), with the registration fee still due. Null in the simple mode. Reads every
 * enrolment (two statements) and the approvals in force (by chunks): a staff overview's cost.
 */
export function createPendingFees(deps: {
  fees: Pick<FeesRepo, 'rules' | 'allFees'>;
  circumstances: Pick<CircumstancesRepo, 'approvalsInForce'>;
  clock: Clock;
}) {
  return {
    async byActivity(): Promise<Map<number, ActivityPending> | null> {
      const rules = await deps.fees.rules();
      if (!rules.any) return null;
      const today = madridDate(deps.clock.now());
      const { rows, managers } = await deps.fees.allFees();
      const unpaid = rows.filter((row) => row.is_paid !== 1);
      const approvals = new Map<number, Approval[]>();
      if (rules.reductions.length > 0 && unpaid.length > 0)
        for (const held of await deps.circumstances.approvalsInForce(
          unpaid.map((row) => row.enrolment_id),
          today,
        ))
          approvals.set(held.enrolment_id, [
            ...(approvals.get(held.enrolment_id) ?? []),
            { circumstance_id: held.circumstance_id, name: '' },
          ]);
      const pricing = createPricing(rules, today);
      const familyOf = familiesOf(rows, managers);
      const out = new Map<number, ActivityPending>();
      for (const row of unpaid) {
        const family = familyOf(row.enrolment_id);
        const fee = pricing.fee(
          row.enrolment_id,
          row,
          family,
          approvals.get(row.enrolment_id) ?? [],
        ).amount_cents;
        const due =
          parseParts(row.parts).length === 0
            ? [fee + registrationDue(row)]
            : splitEnrolledFee(row, fee)
                .filter((line) => !line.paid)
                .map((line) => line.amount_cents);
        const total = out.get(row.activity_id) ?? { items: 0, cents: 0 };
        total.items += due.length;
        total.cents += due.reduce((sum, cents) => sum + cents, 0);
        out.set(row.activity_id, total);
      }
      return out;
    },
  };
}

export type PendingFees = ReturnType<typeof createPendingFees>;
