/** Euros (as the API carries them) to integer cents, rounding half away from zero at the cent. */
export function eurosToCents(euros: number): number {
  return Math.sign(euros) * Math.round(Math.abs(euros) * 100 + Number.EPSILON * 100);
}

/** Integer cents to euros with two decimals for the API edge. */
export function centsToEuros(cents: number): number {
  return Number((cents / 100).toFixed(2));
}
