import type { Translations } from './define.js';
import { formatCivilDay } from './format.js';
import type { Locale } from './locale.js';
import { admin } from './messages/admin.js';
import { claims } from './messages/claims.js';
import { circumstances } from './messages/circumstances.js';
import { common } from './messages/common.js';
import { directDebit } from './messages/direct-debit.js';
import { mandateDocument } from './messages/mandate-document.js';
import { draws } from './messages/draws.js';
import { fees } from './messages/fees.js';
import { family } from './messages/family.js';
import { feeParts } from './messages/fee-parts.js';
import { reductions } from './messages/reductions.js';
import { owedBack } from './messages/owed-back.js';
import { joint } from './messages/joint.js';
import { payments } from './messages/payments.js';
import { receipts } from './messages/receipts.js';
import { reminders } from './messages/reminders.js';
import { residents } from './messages/residents.js';
import { season } from './messages/season.js';
import { seasonNotices } from './messages/season-notices.js';

export { pickLocale, locales, defaultLocale, type Locale } from './locale.js';

const areas: Record<string, Record<string, Translations>> = {
  common,
  residents,
  admin,
  payments,
  receipts,
  reminders,
  season,
  seasonNotices,
  draws,
  circumstances,
  fees,
  feeParts,
  family,
  reductions,
  owedBack,
  claims,
  joint,
  directDebit,
  mandateDocument,
};

/** All server messages by key; each area keeps its own file under messages/. */
const catalog: Record<string, Translations> = {};
for (const [area, messages] of Object.entries(areas)) {
  for (const [key, value] of Object.entries(messages)) {
    if (key in catalog) throw new Error(`Message key "${key}" of ${area} is defined twice`);
    catalog[key] = value;
  }
}

export function hasMessage(key: string): boolean {
  return key in catalog;
}

/**
 * The message in the locale with {placeholders} filled ({name, date}: a civil date written in
 * that language); the key itself when unknown.
 */
export function t(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = catalog[key]?.[locale] ?? catalog[key]?.es ?? key;
  // `{due, date}`: a civil date ('YYYY-MM-DD') written as the caller's language writes a day
  return template.replace(/\{(\w+)(, date)?\}/g, (whole, name: string, date?: string) => {
    if (!(name in params)) return whole;
    return date ? formatCivilDay(String(params[name]), locale) : String(params[name]);
  });
}

export function allMessages(): Readonly<Record<string, Translations>> {
  return catalog;
}
