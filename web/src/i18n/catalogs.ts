import type { Locale } from './locales';

/**
 * Catalogs are split per feature (messages/<locale>/<feature>.json) and merged here. Keys are
 * namespaced by feature ("dashboard.pay.total"). es is the source and the fallback; en and gl must
 * have every key (a test checks).
 */
const files = import.meta.glob<Record<string, string>>('./messages/*/*.json', {
  eager: true,
  import: 'default',
});

function merge(locale: Locale): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [path, messages] of Object.entries(files)) {
    if (!path.startsWith(`./messages/${locale}/`)) continue;
    for (const [key, text] of Object.entries(messages)) {
      if (key in merged) throw new Error(`Message id "${key}" is defined twice (${path})`);
      merged[key] = text;
    }
  }
  return merged;
}

export const catalogs: Record<Locale, Record<string, string>> = {
  es: merge('es'),
  en: merge('en'),
  gl: merge('gl'),
};

export const catalogFiles = Object.keys(files);
