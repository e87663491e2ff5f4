import type { Locale } from './locale.js';

export type Translations = Record<Locale, string>;

/** Every message carries all three languages; the compiler refuses a missing one. */
export function defineMessages<K extends string>(
  messages: Record<K, Translations>,
): Record<K, Translations> {
  return messages;
}
