export const locales = ['es', 'en', 'gl'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'es';

const isLocale = (tag: string): tag is Locale => (locales as readonly string[]).includes(tag);

/**
 * Picks es, en or gl from an Accept-Language header by quality (the earlier entry on a tie);
 * Spanish when nothing matches. Every call runs it, so it walks the header without building
 * lists of entries.
 */
export function pickLocale(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  let best: Locale = defaultLocale;
  let bestQuality = 0;
  for (let start = 0; start < header.length;) {
    const comma = header.indexOf(',', start);
    const end = comma === -1 ? header.length : comma;
    const entry = header.slice(start, end);
    start = end + 1;
    const semicolon = entry.indexOf(';');
    const tag = (semicolon === -1 ? entry : entry.slice(0, semicolon)).trim().toLowerCase();
    const dash = tag.indexOf('-');
    const language = dash === -1 ? tag : tag.slice(0, dash);
    if (!isLocale(language)) continue;
    const quality = semicolon === -1 ? 1 : qualityOf(entry.slice(semicolon + 1));
    if (quality > bestQuality) {
      best = language;
      bestQuality = quality;
    }
  }
  return best;
}

/** `q=0.8` among an entry's parameters; 1 without one, 0 (never chosen) when it is no number. */
function qualityOf(params: string): number {
  for (const param of params.split(';')) {
    const trimmed = param.trim();
    if (!trimmed.startsWith('q=')) continue;
    const quality = Number(trimmed.slice(2));
    return Number.isFinite(quality) ? quality : 0;
  }
  return 1;
}
