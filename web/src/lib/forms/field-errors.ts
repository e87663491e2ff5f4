/** A message id of the catalogs (i18n/messages/<locale>/*.json). */
export type MessageId = string;

/**
 * Every form's errors: per field, the message id of its first broken rule; a field without an
 * error is absent. Rules (each feature's `rules.ts` or `validation.ts`) return it; the error
 * summary and the fields show it.
 */
export type FieldErrors<F extends string> = Partial<Record<F, MessageId>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
