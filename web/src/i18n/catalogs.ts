import en from './messages/en.json';
import es from './messages/es.json';
import gl from './messages/gl.json';
import type { Locale } from './locales';

/** es is the source and the fallback; en and gl must have every key (a test checks). */
export const catalogs: Record<Locale, Record<string, string>> = { es, en, gl };
