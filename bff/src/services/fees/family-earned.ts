import type { FamilyFeeRow } from '../../data/fees-repo.js';

/** A fee being paid, with the family discount it is charged with (null: none). */
export interface DiscountedCharge {
  enrolment_id: number;
  activity_id: number;
  fee_group: string | null;
  /** The fee's place among its family's fees of the group (`family_discount.member`). */
  member: number | null;
}

/** A discounted fee whose discount is not earned yet: who could earn it, and how many must. */
export interface UnearnedDiscount {
  enrolment_id: number;
  activity_id: number;
  /** Other members with a fee of the group neither paid nor in this payment, entered first first. */
  candidates: number[];
  /** How many of them must pay too. */
  missing: number;
}

const someoneElse = (fee: FamilyFeeRow, charge: DiscountedCharge) =>
  fee.enrolment_id !== charge.enrolment_id && fee.fee_group === charge.fee_group;

/**
 * The Nth member's family discount is earned by N−1 other members of the family with a fee of the
 * same group paid (whole or a part), or paid in this same payment (`paying`: "enrolment:activity"
 * keys). Each discounted charge whose discount is not earned, with the members who could earn it.
 */
export function unearnedDiscounts(
  family: readonly FamilyFeeRow[],
  paying: ReadonlySet<string>,
  charges: readonly DiscountedCharge[],
): UnearnedDiscount[] {
  const out: UnearnedDiscount[] = [];
  for (const charge of charges) {
    if (charge.member === null || charge.member < 2 || charge.fee_group === null) continue;
    const earned = new Set<number>();
    const others = new Set<number>();
    for (const fee of family) {
      if (!someoneElse(fee, charge)) continue;
      others.add(fee.enrolment_id);
      const paid = fee.is_paid === 1 || fee.parts_paid > 0;
      if (paid || paying.has(`${fee.enrolment_id}:${fee.activity_id}`))
        earned.add(fee.enrolment_id);
    }
    const missing = charge.member - 1 - earned.size;
    if (missing <= 0) continue;
    out.push({
      enrolment_id: charge.enrolment_id,
      activity_id: charge.activity_id,
      candidates: [...others].filter((id) => !earned.has(id)).sort((a, b) => a - b),
      missing,
    });
  }
  return out;
}

/**
 * Paid fees of a family whose family discount is no longer earned once `gone` (a member whose
 * paid fees were refunded, or who left) stops counting: each paid fee of the group charged as the
 * Nth member, with fewer than N−1 other members still paid. `charged` gives each paid fee's
 * member place and discount as stored on its payment item.
 */
export function discountsLost(
  family: readonly FamilyFeeRow[],
  charged: readonly (DiscountedCharge & { off_cents: number; payment_id: number })[],
): (DiscountedCharge & { off_cents: number; payment_id: number })[] {
  return charged.filter((charge) => {
    if (charge.member === null || charge.member < 2 || charge.fee_group === null) return false;
    const paidOthers = new Set(
      family
        .filter((fee) => someoneElse(fee, charge) && (fee.is_paid === 1 || fee.parts_paid > 0))
        .map((fee) => fee.enrolment_id),
    );
    return paidOthers.size < charge.member - 1;
  });
}
