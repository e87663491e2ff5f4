import { t, type Locale } from '../i18n/index.js';
import type { ValidationIssue } from '../services/errors.js';

/** Warnings of a saved answer in the caller's language, in the shape of validation items. */
export function localisedWarnings(locale: Locale, warnings: ValidationIssue[]) {
  return warnings.map((warning) => ({
    loc: warning.loc,
    msg: t(locale, warning.msg, warning.params),
    type: warning.type,
  }));
}
