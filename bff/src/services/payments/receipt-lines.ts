import type { PaymentItemRow } from '../../data/payments-repo.js';
import { formatEuros } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import { breakdownLines } from '../fees/breakdown-lines.js';
import { readStoredBreakdown } from '../fees/stored-breakdown.js';
import { paidParts, partName } from './part-name.js';

/**
 * The lines printed under a receipt's item, so its words and amounts agree: how the fee came
 * about (fee rules), then, for parts, the whole fee they are shares of and this payment's share
 * of it; the registration fee (never reduced) on its own line; and, for parts, what is left to
 * pay. The amounts add up to the item's: share + registration fee.
 */
export function receiptItemLines(item: PaymentItemRow, locale: Locale): string[] {
  const euros = (cents: number) => formatEuros(cents, locale);
  // a family difference: the discount its fee was charged with, which a member no longer earns
  if (item.family_difference_id !== null)
    return [
      t(locale, 'receipt_line_family_difference', {
        member: item.family_difference_member ?? '',
        amount: euros(item.amount_cents),
      }),
    ];
  const stored = readStoredBreakdown(item.breakdown);
  // the registration fee has its own line below, whichever mode charged it
  const lines = stored ? breakdownLines({ ...stored, registration_fee_cents: 0 }, locale) : [];
  const parts = paidParts(item);
  const registration = item.registration_fee_cents;
  const share = item.amount_cents - registration;
  if (parts && item.fee_cents !== null) {
    lines.push(t(locale, 'receipt_line_fee', { amount: euros(item.fee_cents) }));
    lines.push(
      t(locale, 'receipt_line_part', { parts: partName(parts, locale), amount: euros(share) }),
    );
  } else if (registration > 0) {
    lines.push(t(locale, 'receipt_line_fee', { amount: euros(share) }));
  }
  if (registration > 0)
    lines.push(t(locale, 'fee_line_registration', { amount: euros(registration) }));
  if (parts && item.remaining_cents !== null)
    lines.push(t(locale, 'receipt_line_remaining', { amount: euros(item.remaining_cents) }));
  return lines;
}
