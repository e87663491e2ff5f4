/** Euros (as the API carries them) to integer cents, rounding half away from zero at the cent. */
export function eurosToCents(euros: number): number {
  return Math.sign(euros) * Math.round(Math.abs(euros) * 100 + Number.EPSILON * 100);
}

/**
 * Integer cents to euros for the API edge. IEEE division is correctly rounded, so for whole cents
 * the result is exactly the number the two-decimal text (e.g. "12.35") parses to.
 */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** The most staff may enter as any amount (an activity's price, a band's, a fixed reduction): 100,000 €. */
export const MAX_STAFF_EUROS = 100_000;

/** An amount staff entered within its bounds: a finite number from 0 to MAX_STAFF_EUROS. */
export const isStaffAmount = (euros: number): boolean =>
  Number.isFinite(euros) && euros >= 0 && euros <= MAX_STAFF_EUROS;
