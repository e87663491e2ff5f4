import { INTL_LOCALE, TIME_ZONE } from '@portal/design-system/lib/locales.ts';
import type { Locale } from '../i18n/locales';

/**
 * The first use of Intl for a language loads its data: on a phone that costs tens of milliseconds
 * in one piece, which the first render would otherwise pay inside a single long task. Called
 * while the texts download, when the main thread has nothing else to do. Formatting an amount and
 * a date also loads what react-intl's provider checks on creation (the languages NumberFormat and
 * DateTimeFormat support). Intl directly, not the design system's format.ts: the screens that
 * format amounts bring that module with their code, and /login does not need it.
 */
export function warmUp(locale: Locale): void {
  const tag = INTL_LOCALE[locale];
  new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(0);
  new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE }).format(0);
}
