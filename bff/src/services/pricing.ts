/**
 * The one place amounts are computed, in integer cents. The residents' activities call shows these
 * figures and the payment charges exactly their sum.
 */

/** Amount without the reduction: 75 % of the price, rounded to the cent (half up). */
export function amountWithoutReduction(priceCents: number): number {
  return Math.round((priceCents * 75) / 100);
}

/** Amount with the reduction: price × (1 − discount), rounded to the cent; null when there is no discount. */
export function amountWithReduction(priceCents: number, discountBp: number): number | null {
  if (discountBp <= 0) return null;
  return Math.round((priceCents * (10000 - discountBp)) / 10000);
}

export function amountToCharge(
  priceCents: number,
  discountBp: number,
  useDiscount: boolean,
): number {
  const reduced = useDiscount ? amountWithReduction(priceCents, discountBp) : null;
  return reduced ?? amountWithoutReduction(priceCents);
}
