import type { Locale } from '../../i18n/index.js';
import { cleanText } from '../../lib/clean-name.js';

/** An activity's texts in one language (each null when staff wrote none). */
export interface LanguageTexts {
  description: string | null;
  schedule: string | null;
  venue: string | null;
}

export type ActivityTexts = Record<Locale, LanguageTexts>;

/** What a body may carry: any language, any text, left out. */
export type ActivityTextsInput = Partial<Record<Locale, Partial<LanguageTexts>>>;

const LANGUAGES: readonly Locale[] = ['es', 'en', 'gl'];
const FIELDS = ['description', 'schedule', 'venue'] as const;

/** Every language with its three texts, from the stored JSON ('{}' or unreadable: none). */
export function parseActivityTexts(json: string | null | undefined): ActivityTexts {
  let value: unknown;
  try {
    value = JSON.parse(json || '{}');
  } catch {
    value = {};
  }
  const stored = (value ?? {}) as ActivityTextsInput;
  const of = (lang: Locale): LanguageTexts => ({
    description: cleanText(stored[lang]?.description),
    schedule: cleanText(stored[lang]?.schedule),
    venue: cleanText(stored[lang]?.venue),
  });
  return { es: of('es'), en: of('en'), gl: of('gl') };
}

/** The JSON stored for a body's texts: cleaned, languages and texts without any left out. */
export function activityTextsToJson(input: ActivityTextsInput): string {
  const out: ActivityTextsInput = {};
  for (const lang of LANGUAGES) {
    const texts = Object.fromEntries(
      FIELDS.flatMap((f) => {
        const text = cleanText(input[lang]?.[f]);
        return text === null ? [] : [[f, text]];
      }),
    );
    if (Object.keys(texts).length > 0) out[lang] = texts;
  }
  return JSON.stringify(out);
}

/**
 * What a page in `locale` shows: that language's text, else the one staff wrote in the activity's
 * own fields (whatever language it is in).
 */
export function localisedTexts(
  row: {
    description: string | null;
    schedule: string | null;
    venue: string | null;
    texts?: string;
  },
  locale: Locale,
): LanguageTexts {
  const own = parseActivityTexts(row.texts)[locale];
  return {
    description: own.description ?? row.description,
    schedule: own.schedule ?? row.schedule,
    venue: own.venue ?? row.venue,
  };
}
