export const locales = ['es', 'en', 'gl'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'es';
const STORAGE_KEY = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The remembered choice, else Spanish (the spec's default, whatever the browser's language). */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLocale(saved) ? saved : defaultLocale;
}

export function rememberLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEY, locale);
}
