import { formatEuros } from '../../../i18n/format.js';
import { t, type Locale } from '../../../i18n/index.js';
import { BIZUM_LIMITS_CENTS, BIZUM_TEST_MOBILE, TEST_CARD, type SandboxOrder } from './gateway.js';

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/api/payments/sandbox/styles.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const hiddenFields = (order: SandboxOrder) =>
  Object.entries(order.fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('\n');

function orderSummary(order: SandboxOrder, amount: string): string {
  const { locale } = order;
  return `<dl class="summary">
<dt>${esc(t(locale, 'sandbox_amount'))}</dt><dd class="amount">${esc(amount)}</dd>
<dt>${esc(t(locale, 'sandbox_description'))}</dt><dd>${esc(order.description)}</dd>
<dt>${esc(t(locale, 'sandbox_order'))}</dt><dd>${esc(order.order)}</dd>
</dl>`;
}

/**
 * Bizum, step 1 (as Redsys's test environment): the amount and Bizum's limits, and the mobile
 * number. `error` shows the page again with the number refused.
 */
export function sandboxBizumPage(order: SandboxOrder, error?: { mobile: string }): string {
  const { locale } = order;
  const amount = formatEuros(order.amountCents, locale);
  const outOfLimits =
    order.amountCents < BIZUM_LIMITS_CENTS.min || order.amountCents > BIZUM_LIMITS_CENTS.max;
  const limits = t(locale, 'sandbox_bizum_limits', {
    min: formatEuros(BIZUM_LIMITS_CENTS.min, locale),
    max: formatEuros(BIZUM_LIMITS_CENTS.max, locale),
  });
  const described = error ? 'bizum-test bizum-error' : 'bizum-test';
  return layout(
    locale,
    t(locale, 'sandbox_bizum_title'),
    `<h1>${esc(t(locale, 'sandbox_bizum_title'))}</h1>
<p class="notice">${esc(t(locale, 'sandbox_notice'))}</p>
${orderSummary(order, amount)}
<p class="hint">${esc(limits)}</p>
${outOfLimits ? `<p class="notice" role="status">${esc(t(locale, 'sandbox_bizum_out_of_limits'))}</p>` : ''}
<form method="post" action="/api/payments/sandbox/bizum">
${hiddenFields(order)}
<div class="field">
<label for="bizum_mobile">${esc(t(locale, 'sandbox_bizum_mobile'))}</label>
<p id="bizum-test" class="hint">${esc(t(locale, 'sandbox_bizum_test_mobile', { mobile: BIZUM_TEST_MOBILE }))}</p>
${error ? `<p id="bizum-error" class="error" role="alert">${esc(t(locale, 'sandbox_bizum_mobile_invalid'))}</p>` : ''}
<input id="bizum_mobile" name="bizum_mobile" type="tel" autocomplete="tel" maxlength="20" required value="${esc(error?.mobile ?? '')}" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}>
</div>
<div class="actions">
<button type="submit">${esc(t(locale, 'sandbox_bizum_continue'))}</button>
</div>
</form>`,
  );
}

/** Bizum, step 2: the resident confirms in "their bank" (approve or decline). */
export function sandboxBizumConfirmPage(order: SandboxOrder, mobile: string): string {
  const { locale } = order;
  const amount = formatEuros(order.amountCents, locale);
  return layout(
    locale,
    t(locale, 'sandbox_bizum_confirm_title'),
    `<h1>${esc(t(locale, 'sandbox_bizum_confirm_title'))}</h1>
<p class="notice">${esc(t(locale, 'sandbox_notice'))}</p>
${orderSummary(order, amount)}
<p>${esc(t(locale, 'sandbox_bizum_confirm_text', { amount, mobile }))}</p>
<form method="post" action="/api/payments/sandbox/confirm">
${hiddenFields(order)}
<input type="hidden" name="bizum_mobile" value="${esc(mobile)}">
<div class="field check">
<input id="lose_notification" name="lose_notification" type="checkbox" value="1" aria-describedby="lose-hint">
<label for="lose_notification">${esc(t(locale, 'sandbox_lose_notification'))}</label>
<p id="lose-hint" class="hint">${esc(t(locale, 'sandbox_lose_notification_hint'))}</p>
</div>
<div class="actions">
<button type="submit" name="decision" value="approve">${esc(t(locale, 'sandbox_bizum_approve'))}</button>
<button type="submit" name="decision" value="deny" class="secondary">${esc(t(locale, 'sandbox_bizum_decline'))}</button>
</div>
</form>`,
  );
}

/** The card page: no scripts and no inline styles (the CSP allows neither). */
export function sandboxPage(order: SandboxOrder): string {
  if (order.bizum) return sandboxBizumPage(order);
  const { locale } = order;
  const amount = formatEuros(order.amountCents, locale);
  const hidden = Object.entries(order.fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('\n');
  const hint = t(locale, 'sandbox_test_card', {
    card: TEST_CARD.number,
    expiry: TEST_CARD.expiry,
    cvv: TEST_CARD.cvv,
    deny_cvv: TEST_CARD.denyCvv,
  });
  return layout(
    locale,
    t(locale, 'sandbox_title'),
    `<h1>${esc(t(locale, 'sandbox_title'))}</h1>
<p class="notice">${esc(t(locale, 'sandbox_notice'))}</p>
<dl class="summary">
<dt>${esc(t(locale, 'sandbox_amount'))}</dt><dd class="amount">${esc(amount)}</dd>
<dt>${esc(t(locale, 'sandbox_description'))}</dt><dd>${esc(order.description)}</dd>
<dt>${esc(t(locale, 'sandbox_order'))}</dt><dd>${esc(order.order)}</dd>
</dl>
<form method="post" action="/api/payments/sandbox/confirm">
${hidden}
<fieldset>
<legend>${esc(t(locale, 'sandbox_card_details'))}</legend>
<p id="test-card" class="hint">${esc(hint)}</p>
<div class="field">
<label for="card_number">${esc(t(locale, 'sandbox_card_number'))}</label>
<input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="19" required aria-describedby="test-card">
</div>
<div class="field">
<label for="expiry">${esc(t(locale, 'sandbox_expiry'))}</label>
<input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" pattern="[0-9]{2}/[0-9]{2}" required aria-describedby="test-card">
</div>
<div class="field">
<label for="cvv">${esc(t(locale, 'sandbox_cvv'))}</label>
<input id="cvv" name="cvv" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" pattern="[0-9]{3,4}" required aria-describedby="test-card">
</div>
</fieldset>
<div class="field check">
<input id="lose_notification" name="lose_notification" type="checkbox" value="1" aria-describedby="lose-hint">
<label for="lose_notification">${esc(t(locale, 'sandbox_lose_notification'))}</label>
<p id="lose-hint" class="hint">${esc(t(locale, 'sandbox_lose_notification_hint'))}</p>
</div>
<div class="actions">
<button type="submit" name="decision" value="approve">${esc(t(locale, 'sandbox_pay', { amount }))}</button>
<button type="submit" name="decision" value="deny" formnovalidate class="secondary">${esc(t(locale, 'sandbox_deny'))}</button>
</div>
</form>`,
  );
}

export function sandboxErrorPage(locale: Locale): string {
  return layout(
    locale,
    t(locale, 'sandbox_error_title'),
    `<h1>${esc(t(locale, 'sandbox_error_title'))}</h1>
<p role="alert">${esc(t(locale, 'sandbox_error'))}</p>`,
  );
}

/** A page for a request the sandbox could not read (its body unreadable, too large, encoded). */
export function sandboxFailurePage(locale: Locale, message: string): string {
  return layout(
    locale,
    t(locale, 'sandbox_error_title'),
    `<h1>${esc(t(locale, 'sandbox_error_title'))}</h1>
<p role="alert">${esc(message)}</p>`,
  );
}

/** Plain, high-contrast styling (AA), served as a file because the CSP forbids inline styles. */
export const SANDBOX_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c4c8cf;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}
.notice{padding:.75rem;background:#fff4d6;border-left:4px solid #8a5a00}
.summary{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
.summary dt{font-weight:600}.summary dd{margin:0}.amount{font-size:1.25rem;font-weight:700}
fieldset{border:1px solid #c4c8cf;border-radius:6px;margin:1rem 0;padding:1rem}
legend{font-weight:600;padding:0 .25rem}.hint{color:#3d4451;margin-top:0}
.field{margin-bottom:1rem}label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
input:focus,button:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.check{display:grid;grid-template-columns:auto 1fr;gap:.25rem .5rem;align-items:center}
.error{color:#9b1c1c;font-weight:600;margin:0 0 .25rem}
.check input{width:1.25rem;height:1.25rem}.check label{margin:0}.check .hint{grid-column:2;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:4px;border:2px solid #0b5d1e;background:#0b5d1e;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#9b1c1c;border-color:#9b1c1c}
@media (max-width:600px){main{margin:0;border-radius:0;border-width:0}}
`;
