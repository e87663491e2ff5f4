import type { ConfigRow } from '../../data/config-repo.js';
import type { DirectDebitView } from '../../data/mandates-repo.js';
import type { FeeMode, FeeQuotes } from '../fees/quotes.js';
import { amountToCharge } from '../pricing.js';

/**
 * The whole fee of a domiciled activity as paying it would charge now: the council's rules, or
 * the simple mode's amount without the declared reduction (a debit carries no declaration).
 */
export async function feeNow(
  quotes: Pick<FeeQuotes, 'forPerson'>,
  settings: ConfigRow,
  debit: Pick<DirectDebitView, 'enrolment_id' | 'activity_id' | 'price_cents'>,
  /** 'simple' when the caller knows no fee rule exists (it asked once for thousands of debits). */
  mode?: FeeMode,
): Promise<{ cents: number; breakdown: string | null }> {
  const fees = mode === 'simple' ? null : await quotes.forPerson(debit.enrolment_id);
  const quote = fees?.quotes.get(debit.activity_id);
  if (quote) return { cents: quote.amount_cents, breakdown: JSON.stringify(quote.breakdown) };
  return {
    cents: amountToCharge(debit.price_cents, settings.global_discount_bp, false),
    breakdown: null,
  };
}
