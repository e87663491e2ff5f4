import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import type { Locale } from '../i18n/locales';

/**
 * The first use of Intl for a language loads its data: on a phone that costs tens of milliseconds
 * in one piece, which the first render would otherwise pay inside a single long task. Called
 * while the texts download, when the main thread has nothing else to do. Formatting an amount and
 * a date also loads what react-intl's provider checks on creation (the languages NumberFormat and
 * DateTimeFormat support).
 */
export function warmUp(locale: Locale): void {
  formatEuros(0, locale);
  formatDate('2026-01-01', locale);
}
