import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'es' | 'en' | 'gl';
export const LANGS: readonly Lang[] = ['es', 'en', 'gl'];

const MESSAGES = join(import.meta.dirname, '../../../web/src/i18n/messages');

/** The web app's message catalog of one language (all its files merged). */
export function catalog(lang: Lang): Record<string, string> {
  const dir = join(MESSAGES, lang);
  const merged: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    Object.assign(merged, JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return merged;
}

/** A message without ICU arguments, for matching visible text. */
export function text(lang: Lang, id: string): string {
  const value = catalog(lang)[id];
  if (value === undefined) throw new Error(`no message ${id} in ${lang}`);
  return value;
}

/**
 * Spanish messages that must not show in another language: plain ones (no ICU arguments) that
 * differ from that language's translation, 4 characters or more.
 */
export function spanishOnly(lang: Exclude<Lang, 'es'>): string[] {
  const es = catalog('es');
  const other = catalog(lang);
  // a text the other catalog also says somewhere (the switcher's "Español", a native name) is
  // no leftover
  const otherTexts = new Set(Object.values(other));
  return Object.entries(es)
    .filter(
      ([id, value]) =>
        !/[{}]/.test(value) && value.length >= 4 && other[id] !== value && !otherTexts.has(value),
    )
    .map(([, value]) => value);
}

/** A message with simple `{name}` arguments filled in (no plural or select forms). */
export function format(lang: Lang, id: string, values: Record<string, string>): string {
  return text(lang, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** A pattern matching the start of a message, up to its first argument. */
export function prefix(lang: Lang, id: string): RegExp {
  const start = text(lang, id).split('{')[0]!;
  return new RegExp(`^${start.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`);
}
