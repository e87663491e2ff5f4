import type {
  FamilyDifferenceRow,
  FamilyDifferencesRepo,
} from '../../data/family-differences-repo.js';
import type { FeesRepo } from '../../data/fees-repo.js';
import type { PaymentItemRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { Locale } from '../../i18n/index.js';
import { t } from '../../i18n/index.js';
import { centsToEuros } from '../../lib/money.js';
import { discountsLost } from '../fees/family-earned.js';
import { readStoredBreakdown } from '../fees/stored-breakdown.js';

/** A difference as the contract's FamilyDifference. */
export interface FamilyDifferenceView {
  amount: number;
  reason_code: 'member_refunded' | 'member_withdrawn';
  member_name: string;
  reason: string;
  created_at: string;
}

/**
 * A family discount is earned by the members paid with it (family-earned.ts). When a refund makes
 * a member's fees pending again, the other members' paid fees whose discount no longer has enough
 * paid members keep what they paid, and the discount they were given becomes pending for the
 * family, with its reason (the member refunded; once they leave, the member withdrawn).
 */
export function createFamilyDifferences(deps: {
  fees: Pick<FeesRepo, 'familyFees'>;
  repo: FamilyDifferencesRepo;
  payments: Pick<PaymentsRepo, 'personNames'>;
}) {
  const { fees, repo, payments } = deps;

  /** Inside the refund's transaction, once its items are pending again. */
  async function afterRefund(items: readonly PaymentItemRow[], now: string): Promise<number> {
    let recorded = 0;
    for (const member of new Set(items.map((item) => item.enrolment_id))) {
      const family = await fees.familyFees(member);
      const refundedGroups = new Set(
        family
          .filter((fee) => fee.enrolment_id === member && fee.fee_group !== null)
          .filter((fee) =>
            items.some((i) => i.enrolment_id === member && i.activity_id === fee.activity_id),
          )
          .map((fee) => fee.fee_group),
      );
      if (refundedGroups.size === 0) continue;
      const others = [...new Set(family.map((fee) => fee.enrolment_id))].filter(
        (id) => id !== member,
      );
      const charged = (await repo.paidCharges(others)).flatMap((paid) => {
        const group = family.find(
          (fee) => fee.enrolment_id === paid.enrolment_id && fee.activity_id === paid.activity_id,
        )?.fee_group;
        const discount = readStoredBreakdown(paid.breakdown)?.family_discount;
        if (!group || !refundedGroups.has(group) || !discount) return [];
        return [
          { ...paid, fee_group: group, member: discount.member, off_cents: discount.off_cents },
        ];
      });
      const lost = discountsLost(family, charged).filter((charge) => charge.off_cents > 0);
      if (lost.length === 0) continue;
      const name = (await payments.personNames([member])).get(member) ?? '';
      for (const charge of lost)
        if (
          await repo.insert({
            enrolment_id: charge.enrolment_id,
            activity_id: charge.activity_id,
            payment_id: charge.payment_id,
            amount_cents: charge.off_cents,
            reason_code: 'member_refunded',
            member_enrolment_id: member,
            member_name: name,
            created_at: now,
          })
        )
          recorded += 1;
    }
    return recorded;
  }

  /** A person's open differences, by activity, as the contract's FamilyDifference. */
  async function openFor(
    enrolmentId: number,
    locale: Locale,
  ): Promise<Map<number, FamilyDifferenceView>> {
    const cents = new Map<number, number>();
    const latest = new Map<number, FamilyDifferenceRow>();
    for (const row of await repo.openFor(enrolmentId)) {
      cents.set(row.activity_id, (cents.get(row.activity_id) ?? 0) + row.amount_cents);
      latest.set(row.activity_id, row);
    }
    return new Map(
      [...latest].map(([activityId, row]) => [
        activityId,
        {
          amount: centsToEuros(cents.get(activityId)!),
          reason_code: row.reason_code,
          member_name: row.member_name,
          reason: t(locale, `family_difference_${row.reason_code}`, { member: row.member_name }),
          created_at: row.created_at,
        },
      ]),
    );
  }

  /**
   * Inside the payment's transaction, once its items are paid: a member whose refund left a
   * difference pending earns the discount again by paying (their open differences are settled).
   */
  async function afterPaid(items: readonly PaymentItemRow[], now: string): Promise<void> {
    // one statement a person paid for, whatever the number of their activities
    const byPerson = new Map<number, number[]>();
    for (const item of items)
      byPerson.set(item.enrolment_id, [
        ...(byPerson.get(item.enrolment_id) ?? []),
        item.activity_id,
      ]);
    for (const [person, activities] of byPerson) await repo.settleEarnedBy(person, activities, now);
  }

  return { afterRefund, afterPaid, openFor, memberWithdrawn: repo.memberWithdrawn };
}

export type FamilyDifferences = ReturnType<typeof createFamilyDifferences>;
