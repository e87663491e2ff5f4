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
import { paymentError } from './payment-errors.js';

/** A family difference as a payment item of its fee (it leaves the fee paid as it was). */
export interface DifferenceItem {
  enrolment_id: number;
  activity_id: number;
  activity_name: string;
  amount_cents: number;
  family_difference_id: number;
  family_difference_member: string;
}

/** A difference as the contract's FamilyDifference. */
export interface FamilyDifferenceView {
  id: number;
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

  /**
   * Inside the refund's transaction, once its items are pending again: an item that paid a family
   * difference makes it pending again; a fee given back takes its own differences with it (nothing
   * paid carries the discount any more) and may leave other members' discounts unearned.
   */
  async function afterRefund(all: readonly PaymentItemRow[], now: string): Promise<number> {
    let recorded = 0;
    for (const item of all)
      if (item.family_difference_id !== null)
        await repo.reopenPaidBy(item.payment_id, item.enrolment_id, item.activity_id);
      else await repo.voidRefunded(item, now);
    const items = all.filter((item) => item.family_difference_id === null);
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
          // paying it pays the fee's open differences up to it: the amount shown
          id: row.id,
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

  /**
   * The differences a checkout names, as items of their fees (inside its transaction): each is a
   * difference of a person the caller manages (else 404), still open (409
   * `family_difference_settled`) and in no other account's payment still at the bank (409
   * `family_difference_in_checkout`). Each item pays its fee's open differences up to the one
   * named, their sum: what the dashboard shows.
   */
  async function toPay(
    ids: readonly number[],
    userId: number,
    manages: (enrolmentId: number) => Promise<boolean>,
  ): Promise<DifferenceItem[]> {
    const wanted = [...new Set(ids)];
    const rows = await repo.toPay(wanted);
    for (const id of wanted) {
      const row = rows.find((one) => one.id === id);
      if (!row || !(await manages(row.enrolment_id))) throw paymentError('not_found', 'not_found');
    }
    const settled = rows.find((row) => row.settled_at !== null);
    if (settled)
      throw paymentError('conflict', 'family_difference_settled', { name: settled.activity_name });
    const elsewhere = await repo.inOtherCheckout(wanted, userId);
    if (elsewhere !== undefined)
      throw paymentError('conflict', 'family_difference_in_checkout', {
        name: rows.find((row) => row.id === elsewhere)!.activity_name,
      });
    // one item per fee: the latest difference named of it, with every open one before it
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) latest.set(`${row.enrolment_id}:${row.activity_id}`, row);
    const items: DifferenceItem[] = [];
    for (const row of latest.values()) {
      const open = await repo.openUpTo(row);
      items.push({
        enrolment_id: row.enrolment_id,
        activity_id: row.activity_id,
        activity_name: row.activity_name,
        amount_cents: open.reduce((sum, one) => sum + one.amount_cents, 0),
        family_difference_id: row.id,
        family_difference_member: row.member_name,
      });
    }
    return items;
  }

  return {
    afterRefund,
    afterPaid,
    openFor,
    toPay,
    memberWithdrawn: repo.memberWithdrawn,
    /** Whether the differences an item pays are still open (none paid by another payment). */
    stillOpen: (item: PaymentItemRow) =>
      repo.stillOpen({ ...item, family_difference_id: item.family_difference_id! }),
    /** The bank paid the item: its differences are settled by this payment. */
    payItem: async (item: PaymentItemRow, now: string) =>
      (await repo.settleByPayment(
        { ...item, family_difference_id: item.family_difference_id! },
        now,
      )) > 0,
  };
}

export type FamilyDifferences = ReturnType<typeof createFamilyDifferences>;
