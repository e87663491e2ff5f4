import { formatEuros, formatMadridTime } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import { partName, type PaidParts } from './part-name.js';

/** What the public check of a printed code answers (receipts.ts `verify`). */
export interface ReceiptCheck {
  order: string;
  paid_at: string;
  amount: number;
  refunded_amount: number;
  activities: { name: string; amount: number; parts?: PaidParts; family_difference?: boolean }[];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const cents = (euros: number) => Math.round(euros * 100);

/**
 * The receipt check as a page a person reads (the link printed on every receipt opens it in a
 * browser), in the reader's language: whether the code is a genuine receipt and what it says of
 * the payment, never a name or a DNI. Plain HTML: no script, no inline style (the portal's
 * content security policy), readable without the app. `check` null: no receipt has the code.
 */
export function receiptCheckPage(
  check: ReceiptCheck | null,
  code: string,
  council: { name: string },
  locale: Locale,
): string {
  const tr = (key: string, params?: Record<string, string | number>) =>
    escapeHtml(t(locale, key, params));
  const title = tr(check ? 'receipt_check_valid' : 'receipt_check_unknown');
  const body = check
    ? `<dl>
<dt>${tr('receipt_order')}</dt><dd>${escapeHtml(check.order)}</dd>
<dt>${tr('receipt_paid_at')}</dt><dd>${escapeHtml(formatMadridTime(check.paid_at, locale))}</dd>
<dt>${tr('receipt_total')}</dt><dd>${escapeHtml(formatEuros(cents(check.amount), locale))}</dd>
${
  check.refunded_amount > 0
    ? `<dt>${tr('receipt_refunded')}</dt><dd>${escapeHtml(formatEuros(cents(check.refunded_amount), locale))}</dd>`
    : ''
}
</dl>
<h2>${tr('receipt_activity')}</h2>
<ul>
${check.activities
  .map(
    (item) =>
      `<li>${escapeHtml(itemName(item, locale))}: ${escapeHtml(formatEuros(cents(item.amount), locale))}</li>`,
  )
  .join('\n')}
</ul>`
    : `<p>${tr('receipt_check_unknown_help')}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${escapeHtml(council.name)}</title>
</head>
<body>
<main>
<p>${escapeHtml(council.name)}</p>
<h1>${title}</h1>
<p>${tr('receipt_verification')} <strong>${escapeHtml(code)}</strong></p>
${body}
</main>
</body>
</html>
`;
}

/** An item as the receipt names it: the parts it paid, or the family difference it paid. */
function itemName(item: ReceiptCheck['activities'][number], locale: Locale): string {
  if (item.family_difference)
    return t(locale, 'receipt_family_difference_item', { activity: item.name });
  return item.parts ? `${item.name} (${partName(item.parts, locale)})` : item.name;
}
