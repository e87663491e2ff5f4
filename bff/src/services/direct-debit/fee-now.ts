import type { ConfigRow } from '../../data/config-repo.js';
import type { DirectDebitView } from '../../data/mandates-repo.js';
import type { FeeMode, FeeQuotes, Quote } from '../fees/quotes.js';
import { amountToCharge } from '../pricing.js';

/**
 * The whole fee of a domiciled activity as paying it would charge now: the council's rules, or
 * the simple mode's amount without the declared reduction (a debit carries no declaration).
 */
export async function feeNow(
  quotes: Pick<FeeQuotes, 'forPerson'>,
  settings: ConfigRow,
  debit: Pick<DirectDebitView, 'enrolment_id' | 'activity_id' | 'price_cents'>,
  /**
   * 'simple' when the caller knows no fee rule exists; or the quotes of every person concerned,
   * read at once (FeeQuotes.quotesOf): a caller pricing thousands of debits reads them once.
   */
  known?: FeeMode | Map<number, Map<number, Quote>>,
): Promise<{ cents: number; breakdown: string | null }> {
  const quote =
    known instanceof Map
      ? known.get(debit.enrolment_id)?.get(debit.activity_id)
      : known === 'simple'
        ? undefined
        : (await quotes.forPerson(debit.enrolment_id))?.quotes.get(debit.activity_id);
  if (quote) return { cents: quote.amount_cents, breakdown: JSON.stringify(quote.breakdown) };
  return {
    cents: amountToCharge(debit.price_cents, settings.global_discount_bp, false),
    breakdown: null,
  };
}
