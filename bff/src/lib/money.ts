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
